import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { specText } from '../../../test/spec-text';

describe('student password change (/change-password)', () => {
  it('posts the new password, confirms, then logs out after 2 s', async () => {
    startSession('student', { id: 7, username: 'alice', access: 'acc', refresh: 'ref' });
    const { calls } = stubFetch((request) =>
      request.path === '/logout/' ? new Response(null, { status: 204 }) : json({ bool: true }),
    );
    const { location } = renderApp('/change-password');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(specText('Mot de passe mis a jour !'));
    expect(calls[0]!.path).toBe('/student/change-password/7/');
    expect(Object.fromEntries((calls[0]!.body as FormData).entries())).toEqual({
      password: 'nouveau-mot-de-passe',
    });
    await waitFor(() => expect(location.pathname).toBe('/user-login'), {
      timeout: 3000,
    });
    expect(localStorage.getItem('studentLoginStatus')).toBeNull();
  }, 15_000);

  it('shows the failure with the server message', async () => {
    startSession('student', { id: 7, username: 'alice', access: 'acc', refresh: 'ref' });
    stubFetch(() => json({ statusCode: 403, message: 'Action non autorisée.' }, 403));
    renderApp('/change-password');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur');
    expect(alert).toHaveTextContent(specText('Impossible de mettre a jour le mot de passe'));
    expect(alert).toHaveTextContent('Action non autorisée.');
  });
});

describe('trainer password change (/teacher-change-password)', () => {
  it('refuses an empty password', async () => {
    startSession('teacher', { id: 3, username: 'marc', access: 'acc', refresh: 'ref' });
    const { calls } = stubFetch(() => json({ bool: true }));
    renderApp('/teacher-change-password');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Mettre à jour' }));

    expect(await screen.findByText('Le mot de passe ne peut pas être vide.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows « Impossible de mettre à jour le mot de passe » (« password » in French) on failure', async () => {
    startSession('teacher', { id: 3, username: 'marc', access: 'acc', refresh: 'ref' });
    const { calls } = stubFetch(() => json({ statusCode: 500, message: 'Erreur interne.' }, 500));
    renderApp('/teacher-change-password');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impossible de mettre à jour le mot de passe',
    );
    expect(calls[0]!.path).toBe('/teacher/change-password/3/');
  });
});
