import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';
import { getAccessToken, startSession } from '../lib/session';
import { specText } from '../test/spec-text';

const tokens = { access: 'a', refresh: 'r' };

describe('route guards', () => {
  it.each([
    ['/user-dashboard', '/user-login'],
    ['/change-password', '/user-login'],
    ['/profile-setting', '/user-login'],
    ['/teacher-dashboard', '/teacher-login'],
    ['/teacher-change-password', '/teacher-login'],
    ['/teacher-profile-setting', '/teacher-login'],
    ['/admin-dashboard', '/admin-login'],
  ])('sends a logged-out visitor of %s to %s', async (path, login) => {
    const { location } = renderApp(path);
    await waitFor(() => expect(location.pathname).toBe(login));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('sends /login (where the spec says a 401 leads) to the stored role’s login page, else the students’', async () => {
    const visitor = renderApp('/login');
    await waitFor(() => expect(visitor.location.pathname).toBe('/user-login'));
    visitor.unmount();
    window.localStorage.setItem('role', 'admin');
    const admin = renderApp('/login');
    await waitFor(() => expect(admin.location.pathname).toBe('/admin-login'));
  });

  it('does not let a student into the trainer area', async () => {
    startSession('student', { id: 7, username: 'alice', ...tokens });
    const { location } = renderApp('/teacher-dashboard');
    await waitFor(() => expect(location.pathname).toBe('/teacher-login'));
  });

  it.each([
    ['student', '/user-login', '/user-dashboard'],
    ['teacher', '/teacher-login', '/teacher-dashboard'],
    ['teacher', '/teacher-register', '/teacher-dashboard'],
    ['admin', '/admin-login', '/admin-dashboard'],
  ] as const)('sends a logged-in %s from %s to %s', async (role, path, dashboard) => {
    startSession(role, { id: 1, username: 'camille', ...tokens });
    const { location } = renderApp(path);
    await waitFor(() => expect(location.pathname).toBe(dashboard));
    expect(await screen.findByRole('heading', { name: 'Bonjour, camille' })).toBeInTheDocument();
  });

  it('shows the student side menu on the student dashboard', async () => {
    startSession('student', { id: 7, username: 'alice', ...tokens });
    renderApp('/user-dashboard');
    const menu = await screen.findByRole('navigation', { name: specText('Espace Etudiant') });
    const links = Array.from(menu.querySelectorAll('a')).map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Tableau de bord', '/user-dashboard'],
      ['Mes cours', '/my-courses'],
      ['Mes formateurs', '/my-teachers'],
      ['Cours favoris', '/favorite-courses'],
      ['Cours recommandés', '/recommended-courses'],
      ['Mes devoirs', '/my-assignments/'],
      ['Profil', '/profile-setting'],
      ['Mot de passe', '/change-password'],
      ['Assistance', '/assistance'],
      // Beyond the spec's menu: the learner's complaints and their answers (docs/adr/0048).
      ['Mes réclamations', '/mes-reclamations'],
      // The learner's satisfaction questionnaires (docs/adr/0054).
      ['Questionnaires à remplir', '/mes-questionnaires'],
      ['Déconnexion', '/user-logout'],
    ]);
  });

  it('after a reload, gets an access token from the refresh cookie before the page of the role renders', async () => {
    // What a reload leaves (docs/adr/0029): the spec's login flags, no token in memory.
    for (const [key, value] of [['teacherLoginStatus', 'true'], ['teacherId', '1'], ['role', 'teacher'], ['username', 'camille']]) {
      window.localStorage.setItem(key, value);
    }
    let answerRefresh: (response: Response) => void = () => undefined;
    const { calls } = stubFetch((request) =>
      request.path === '/token/refresh/'
        ? new Promise<Response>((resolve) => {
            answerRefresh = resolve;
          })
        : json({ statusCode: 404, message: 'Ressource introuvable.' }, 404),
    );
    renderApp('/teacher-dashboard');
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['/token/refresh/']));
    expect(calls[0]!.headers.get('X-LMS-Session')).toBe('1');
    expect(screen.queryByRole('heading', { name: 'Bonjour, camille' })).not.toBeInTheDocument();
    // While it waits, a status says so (drawn in CSS, not antd's Spin: docs/adr/0010).
    const waiting = screen.getByRole('status', { name: 'Reprise de la session…' });
    expect(waiting).toHaveTextContent('Reprise de la session…');
    expect(document.querySelector('.ant-spin')).toBeNull();
    answerRefresh(json({ access: 'neuf' }));
    expect(await screen.findByRole('heading', { name: 'Bonjour, camille' })).toBeInTheDocument();
    expect(getAccessToken()).toBe('neuf');
    expect(screen.queryByRole('status', { name: 'Reprise de la session…' })).not.toBeInTheDocument();
    const after = calls.filter((call) => call.path !== '/token/refresh/');
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((call) => call.headers.get('Authorization') === 'Bearer neuf')).toBe(true);
  });
});
