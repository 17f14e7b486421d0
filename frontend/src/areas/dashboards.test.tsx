import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../lib/session';
import { json, stubFetch } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';

describe('the dashboards greet the person by full name', () => {
  it('student: "Bonjour, Léa Dubois", from the profile', async () => {
    startSession('student', { id: 3, username: 'lea.dubois', access: 'acc', refresh: 'ref' });
    const { calls } = stubFetch((request) => (request.path === '/student-courses/3/' ? json([]) : json({ id: 3, fullname: 'Léa Dubois', username: 'lea.dubois' })), { profileCalls: true });
    renderApp('/user-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour, Léa Dubois' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/student/3/');
    // The header says the same (issue 30), from the same cached profile: one request.
    expect(await screen.findByTestId('navbar-greeting')).toHaveTextContent('Bonjour, Léa Dubois');
    expect(calls.filter((c) => c.path === '/student/3/')).toHaveLength(1);
  });

  it('trainer: "Bonjour, Claire Martin"', async () => {
    startSession('teacher', { id: 4, username: 'claire.martin', access: 'acc', refresh: 'ref' });
    stubFetch(() => json({ id: 4, full_name: 'Claire Martin' }));
    renderApp('/teacher-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour, Claire Martin' })).toBeInTheDocument();
  });

  it('falls back on the username when the profile cannot be read', async () => {
    startSession('student', { id: 3, username: 'lea.dubois', access: 'acc', refresh: 'ref' });
    stubFetch(() => json({ message: 'Erreur' }, 500));
    renderApp('/user-dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour, lea.dubois' })).toBeInTheDocument();
  });
});
