import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

describe('logout routes', () => {
  it.each([
    ['student', '/user-logout', '/user-login'],
    ['teacher', '/teacher-logout', '/teacher-login'],
    ['admin', '/admin-logout', '/admin-login'],
  ] as const)(
    'a %s on %s revokes the refresh token, clears the session and goes to %s',
    async (role, path, login) => {
      startSession(role, { id: 4, username: 'camille', access: 'acc', refresh: 'ref' });
      const { calls } = stubFetch(() => new Response(null, { status: 204 }));
      const { location } = renderApp(path);

      await waitFor(() => expect(location.pathname).toBe(login));
      await waitFor(() => expect(calls).toHaveLength(1));
      // The refresh family is the HttpOnly cookie's (ADR 0029): the same-origin logout call and its header.
      expect(calls[0]!.path).toBe('/token/logout/');
      expect(calls[0]!.body).toEqual({});
      expect(calls[0]!.headers.get('x-lms-session')).toBe('1');
      expect(calls[0]!.headers.get('authorization')).toBe('Bearer acc');
      expect({ ...localStorage }).toEqual({});
      expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    },
  );

  it('still logs out when the server call fails', async () => {
    startSession('student', { id: 4, username: 'camille', access: 'acc', refresh: 'ref' });
    stubFetch(() => json({ statusCode: 500, message: 'Erreur interne.' }, 500));
    const { location } = renderApp('/user-logout');

    await waitFor(() => expect(location.pathname).toBe('/user-login'));
    expect(localStorage.getItem('studentLoginStatus')).toBeNull();
  });
});
