import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../lib/session';
import { json, stubFetch } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';

const tokens = { access: 'a', refresh: 'r' };

function navLinks() {
  const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('navigation bar', () => {
  it("shows a visitor the student login only: the staff's entrance is the footer's discreet link", () => {
    renderApp('/nulle-part');

    expect(navLinks()).toEqual([['Connexion étudiant', '/user-login']]);
    expect(screen.queryByRole('link', { name: 'Connexion formateur' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Connexion admin' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Espace formateurs et administration' })).toHaveAttribute('href', '/teacher-login');
    expect(screen.queryByTestId('navbar-greeting')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /LMS/ })).toHaveAttribute('href', '/');
  });

  it('shows a logged-in student their links, no staff login, and greets them by their name like the dashboard', async () => {
    stubFetch((request) => (request.path === '/student/7/' ? json({ id: 7, fullname: 'Alice Martin', email: 'alice@exemple.fr' }) : json({}, 404)));
    startSession('student', { id: 7, username: 'alice', ...tokens });
    renderApp('/nulle-part');

    expect(navLinks()).toEqual([
      ['Espace étudiant', '/user-dashboard'],
      ['Mes cours', '/my-courses'],
      ['Déconnexion', '/user-logout'],
    ]);
    expect(screen.getByTestId('navbar-greeting')).toHaveTextContent(/^Bonjour, (alice|Alice Martin)$/);
    await waitFor(() => expect(screen.getByTestId('navbar-greeting')).toHaveTextContent('Bonjour, Alice Martin'));
  });

  it('shows a logged-in trainer the trainer dashboard and logout links', () => {
    startSession('teacher', { id: 3, username: 'marc', ...tokens });
    renderApp('/nulle-part');

    expect(navLinks()).toEqual([
      ['Connexion étudiant', '/user-login'],
      ['Espace formateur', '/teacher-dashboard'],
      ['Déconnexion', '/teacher-logout'],
    ]);
    expect(screen.getByTestId('navbar-greeting')).toHaveTextContent('Bonjour, marc');
  });

  it('shows a logged-in admin the admin dashboard and logout links', () => {
    startSession('admin', { id: 1, username: 'direction', ...tokens });
    renderApp('/nulle-part');

    expect(navLinks()).toEqual([
      ['Connexion étudiant', '/user-login'],
      ['Administration', '/admin-dashboard'],
      ['Déconnexion', '/admin-logout'],
    ]);
    expect(screen.getByTestId('navbar-greeting')).toHaveTextContent('Bonjour, direction');
  });

  it('shows a signed-in auditor their mission and logout links', () => {
    startSession('auditor', { id: 2, username: 'claire.auditrice', ...tokens });
    renderApp('/nulle-part');

    expect(navLinks()).toEqual([
      ['Connexion étudiant', '/user-login'],
      ['Espace auditeur', '/auditeur'],
      ['Déconnexion', '/auditeur/deconnexion'],
    ]);
  });

  it('picks up a login made in another tab through the storage event', async () => {
    renderApp('/nulle-part');
    expect(screen.queryByTestId('navbar-greeting')).not.toBeInTheDocument();

    startSession('teacher', { id: 3, username: 'marc', ...tokens });
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'teacherLoginStatus' }));
    });

    expect(screen.getByTestId('navbar-greeting')).toHaveTextContent('Bonjour, marc');
  });

  it('re-reads the login state every 500 ms', async () => {
    startSession('student', { id: 7, username: 'alice', ...tokens });
    renderApp('/nulle-part');
    expect(screen.getByTestId('navbar-greeting')).toBeInTheDocument();

    localStorage.clear();

    await waitFor(() => expect(screen.queryByTestId('navbar-greeting')).not.toBeInTheDocument(), {
      timeout: 1500,
    });
    expect(navLinks()[0]).toEqual(['Connexion étudiant', '/user-login']);
  });
});
