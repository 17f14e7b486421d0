import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { specText } from '../../../test/spec-text';

const student = {
  id: 7,
  fullname: 'Alice Martin',
  email: 'alice@example.fr',
  username: 'alice',
  interseted_categories: 'bureautique',
  profile_img: null,
  is_active: true,
  formation_title: null,
};

describe('student profile (/profile-setting)', () => {
  it('loads the profile, sends the edited fields as multipart and renames the session', async () => {
    startSession('student', { id: 7, username: 'alice', access: 'acc', refresh: 'ref' });
    const { calls } = stubFetch((request) =>
      request.method === 'PUT'
        ? json({ ...student, username: 'alice.m', fullname: 'Alice Moreau' })
        : json(student),
    );
    renderApp('/profile-setting');
    const user = userEvent.setup();

    const fullname = await screen.findByLabelText('Nom complet');
    expect(fullname).toHaveValue('Alice Martin');
    expect(screen.getByLabelText("Centres d'intérêt")).toHaveValue('bureautique');
    await user.clear(fullname);
    await user.type(fullname, 'Alice Moreau');
    await user.clear(screen.getByLabelText("Nom d'utilisateur"));
    await user.type(screen.getByLabelText("Nom d'utilisateur"), 'alice.m');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(specText('Profil mis a jour'))).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/student/7/');
    expect(Object.fromEntries((put.body as FormData).entries())).toEqual({
      fullname: 'Alice Moreau',
      email: 'alice@example.fr',
      username: 'alice.m',
      interseted_categories: 'bureautique',
    });
    expect(localStorage.getItem('username')).toBe('alice.m');
    // The header greets by the profile's name, as the dashboard does (issue 30), not by the username.
    expect(screen.getByTestId('navbar-greeting')).toHaveTextContent(/^Bonjour, Alice (Martin|Moreau)$/);
  });
});

describe('trainer registration (/teacher-register)', () => {
  it('sends the trainer fields and goes to /teacher-login', async () => {
    const { calls } = stubFetch(() => json({ id: 4, full_name: 'Marc Petit' }, 201));
    const { location } = renderApp('/teacher-register');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Nom complet'), 'Marc Petit');
    await user.type(screen.getByLabelText('Email'), 'marc@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'un-mot-de-passe-long');
    await user.type(screen.getByLabelText('Qualification'), 'Master MEEF');
    await user.type(screen.getByLabelText('Téléphone'), '0612345678');
    await user.type(screen.getByLabelText('Compétences'), 'Excel, Word');
    await user.type(screen.getByLabelText('Site web'), 'https://marc-petit.fr');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));

    await waitFor(() => expect(location.pathname).toBe('/teacher-login'), {
      timeout: 3000,
    });
    expect(calls[0]!.path).toBe('/formateur-register/');
    expect(Object.fromEntries((calls[0]!.body as FormData).entries())).toEqual({
      full_name: 'Marc Petit',
      email: 'marc@example.fr',
      password: 'un-mot-de-passe-long',
      qualification: 'Master MEEF',
      mobile_no: '0612345678',
      skills: 'Excel, Word',
      web_url: 'https://marc-petit.fr',
    });
  });

  it('refuses a short password client-side', async () => {
    const { calls } = stubFetch(() => json({}, 201));
    renderApp('/teacher-register');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Mot de passe'), 'court');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));

    expect(
      await screen.findByText('Le mot de passe doit contenir au moins 12 caractères.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
