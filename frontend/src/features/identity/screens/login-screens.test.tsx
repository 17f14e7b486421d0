import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { specText } from '../../../test/spec-text';

async function fillAndSubmit(emailLabel: string, email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(emailLabel), email);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('student login (/user-login)', () => {
  it('stores the session keys and goes to /user-dashboard on success', async () => {
    const { calls } = stubFetch((request) =>
      request.path === '/student-login-jwt/'
        ? json({ bool: true, student_id: 7, access: 'acc', refresh: 'ref', username: 'alice', error: null })
        : json({ statusCode: 404, message: 'Introuvable.' }, 404),
    );
    const { location } = renderApp('/user-login');

    await fillAndSubmit('Email', 'alice@example.fr', 'motdepasse-solide');

    await waitFor(() => expect(location.pathname).toBe('/user-dashboard'));
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body).toEqual({ email: 'alice@example.fr', password: 'motdepasse-solide' });
    expect({ ...localStorage }).toEqual({
      studentLoginStatus: 'true',
      studentId: '7',
      username: 'alice',
      role: 'student',
    });
    expect(await screen.findByRole('heading', { name: 'Bonjour, alice' })).toBeInTheDocument();
    expect(document.title).toBe('LMS | Tableau de bord étudiant');
  });

  it("shows the server's error when the credentials are wrong", async () => {
    stubFetch(() => json({ bool: false, error: 'Identifiants incorrects.' }));
    const { location } = renderApp('/user-login');
    await waitFor(() => expect(document.title).toBe('LMS | Connexion étudiant'));

    await fillAndSubmit('Email', 'alice@example.fr', 'mauvais-mot-de-passe');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(specText('Echec de la connexion'));
    expect(alert).toHaveTextContent('Identifiants incorrects.');
    expect(location.pathname).toBe('/user-login');
    expect(localStorage.getItem('studentLoginStatus')).toBeNull();
  });

  it('falls back to "Identifiants incorrects." when bool is false without error', async () => {
    stubFetch(() => json({ bool: false }));
    renderApp('/user-login');

    await fillAndSubmit('Email', 'alice@example.fr', 'mauvais-mot-de-passe');

    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiants incorrects.');
  });

  it('shows the throttling message of a 429', async () => {
    stubFetch(() =>
      json({ statusCode: 429, message: 'Trop de tentatives. Réessayez dans une minute.' }, 429),
    );
    renderApp('/user-login');

    await fillAndSubmit('Email', 'alice@example.fr', 'mauvais-mot-de-passe');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de tentatives. Réessayez dans une minute.',
    );
  });

  it('shows "Erreur serveur" when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/user-login');

    await fillAndSubmit('Email', 'alice@example.fr', 'motdepasse-solide');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur serveur');
    expect(alert).toHaveTextContent(specText('Impossible de se connecter. Reessayez plus tard.'));
  });

  it('refuses an invalid e-mail before calling the server', async () => {
    const { calls } = stubFetch(() => json({}));
    renderApp('/user-login');

    await fillAndSubmit('Email', 'pas-un-email', 'motdepasse-solide');

    expect(await screen.findByText('Adresse email invalide.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('checks both fields before calling the server, then again as they change', async () => {
    const { calls } = stubFetch(() => json({}));
    renderApp('/user-login');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Mot de passe');

    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(screen.getByText('Veuillez saisir votre adresse email.')).toBeInTheDocument();
    expect(screen.getByText('Veuillez saisir votre mot de passe.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Veuillez saisir votre adresse email.');
    expect(email).toHaveFocus();
    await user.type(email, 'alice@example');
    expect(email).toHaveAccessibleDescription('Adresse email invalide.');
    await user.type(email, '.fr');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.type(password, 'x');
    expect(screen.queryByText('Veuillez saisir votre mot de passe.')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the password on demand', async () => {
    stubFetch(() => json({}));
    renderApp('/user-login');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Mot de passe');
    const eye = screen.getByRole('button', { name: 'Afficher le mot de passe' });

    expect(password).toHaveAttribute('type', 'password');
    await user.click(eye);
    expect(password).toHaveAttribute('type', 'text');
    expect(eye).toHaveAttribute('aria-pressed', 'true');
    await user.click(eye);
    expect(password).toHaveAttribute('type', 'password');
  });

  it('also logs in from the home page card', async () => {
    stubFetch(() =>
      json({ bool: true, student_id: 9, access: 'acc', refresh: 'ref', username: 'bob', error: null }),
    );
    const { location } = renderApp('/');

    await fillAndSubmit('Email', 'bob@example.fr', 'motdepasse-solide');

    await waitFor(() => expect(location.pathname).toBe('/user-dashboard'));
    expect(localStorage.getItem('studentId')).toBe('9');
  });
});

describe('trainer login (/teacher-login)', () => {
  it('stores teacherId and formateur_id and goes to /teacher-dashboard', async () => {
    startSession('student', { id: 7, username: 'alice', access: 'a', refresh: 'r' });
    // A logged-in student may still open the trainer login: its keys are replaced.
    const { calls } = stubFetch(() =>
      json({ bool: true, formateur_id: 3, access: 'tacc', refresh: 'tref', username: 'marc', error: null }),
    );
    const { location } = renderApp('/teacher-login');
    await waitFor(() => expect(document.title).toBe('LMS | Connexion formateur'));

    await fillAndSubmit('Email', 'marc@example.fr', 'motdepasse-solide');

    await waitFor(() => expect(location.pathname).toBe('/teacher-dashboard'));
    expect(calls[0]!.path).toBe('/formateur/token/');
    expect({ ...localStorage }).toEqual({
      teacherLoginStatus: 'true',
      teacherId: '3',
      formateur_id: '3',
      username: 'marc',
      role: 'teacher',
    });
    expect(await screen.findByRole('heading', { name: 'Bonjour, marc' })).toBeInTheDocument();
  });

  it('shows "Identifiants invalides" with the server error', async () => {
    stubFetch(() => json({ bool: false, error: 'Identifiants incorrects.' }));
    renderApp('/teacher-login');

    await fillAndSubmit('Email', 'marc@example.fr', 'mauvais-mot-de-passe');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Identifiants invalides');
    expect(alert).toHaveTextContent('Identifiants incorrects.');
    expect(localStorage.getItem('teacherLoginStatus')).toBeNull();
  });

  it('shows "Vérifiez vos informations" when the server gives no error', async () => {
    stubFetch(() => json({ bool: false, error: null }));
    renderApp('/teacher-login');

    await fillAndSubmit('Email', 'marc@example.fr', 'mauvais-mot-de-passe');

    expect(await screen.findByRole('alert')).toHaveTextContent('Vérifiez vos informations');
  });
});

describe('admin login (/admin-login)', () => {
  const adminLabel = "Nom d'utilisateur (email)";

  it('stores the admin keys, shows "Connexion réussie" and goes to /admin-dashboard', async () => {
    const { calls } = stubFetch(() =>
      json({ access: 'aacc', refresh: 'aref', admin_id: 1, username: 'admin' }),
    );
    const { location } = renderApp('/admin-login');
    await waitFor(() => expect(document.title).toBe('LMS | Connexion administrateur'));

    await fillAndSubmit(adminLabel, 'admin@lms-formation.fr', 'motdepasse-solide');

    await waitFor(() => expect(location.pathname).toBe('/admin-dashboard'));
    expect(calls[0]!.path).toBe('/admin/token/');
    expect(calls[0]!.body).toEqual({ email: 'admin@lms-formation.fr', password: 'motdepasse-solide' });
    expect({ ...localStorage }).toEqual({
      adminLoginStatus: 'true',
      adminId: '1',
      username: 'admin',
      role: 'admin',
    });
    expect(await screen.findByText('Connexion réussie')).toBeInTheDocument();
    const side = await screen.findByRole('navigation', { name: 'Administration' });
    expect(within(side).getByRole('link', { name: 'Quiz' })).toHaveAttribute('href', '/admin-quizzes');
  });

  it('shows "Identifiants incorrects." on a 401', async () => {
    stubFetch(() => json({ statusCode: 401, message: 'Identifiants incorrects.' }, 401));
    renderApp('/admin-login');

    await fillAndSubmit(adminLabel, 'admin@lms-formation.fr', 'mauvais-mot-de-passe');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur de connexion');
    expect(alert).toHaveTextContent('Identifiants incorrects.');
    expect(localStorage.getItem('adminLoginStatus')).toBeNull();
  });

  it('counts an answer without both tokens as a failure', async () => {
    stubFetch(() => json({ access: 'only-access', admin_id: 1 }));
    renderApp('/admin-login');

    await fillAndSubmit(adminLabel, 'admin@lms-formation.fr', 'motdepasse-solide');

    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiants incorrects.');
    expect(localStorage.getItem('adminLoginStatus')).toBeNull();
  });

  it('shows the generic message when the call fails', async () => {
    stubFetch(() => json({ statusCode: 500, message: 'Erreur interne.' }, 500));
    renderApp('/admin-login');

    await fillAndSubmit(adminLabel, 'admin@lms-formation.fr', 'motdepasse-solide');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impossible de se connecter. Vérifie tes identifiants ou réessaie plus tard.',
    );
  });
});
