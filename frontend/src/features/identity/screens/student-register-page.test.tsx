import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { specText } from '../../../test/spec-text';

async function fillForm(password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Nom complet'), 'Alice Martin');
  await user.type(screen.getByLabelText('Email'), 'alice@example.fr');
  await user.type(screen.getByLabelText("Nom d'utilisateur"), 'alice');
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.type(screen.getByLabelText("Centres d'intérêt"), 'bureautique, langues');
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
}

describe('student registration (/user-register)', () => {
  it('shows the 12-character hint', async () => {
    renderApp('/user-register');
    expect(await screen.findByText('12 caractères minimum')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('LMS | Inscription étudiant'));
  });

  it('refuses a password shorter than 12 characters without calling the server', async () => {
    const { calls } = stubFetch(() => json({}, 201));
    renderApp('/user-register');

    await fillForm('court123');

    expect(
      await screen.findByText('Le mot de passe doit contenir au moins 12 caractères.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the multipart form and confirms the account', async () => {
    const { calls } = stubFetch(() =>
      json({ id: 5, fullname: 'Alice Martin', email: 'alice@example.fr', username: 'alice' }, 201),
    );
    renderApp('/user-register');

    await fillForm('un-mot-de-passe-long');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(specText('Compte cree avec succes'));
    expect(alert).toHaveTextContent(specText('Inscription reussie !'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.path).toBe('/student/');
    const body = calls[0]!.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      fullname: 'Alice Martin',
      email: 'alice@example.fr',
      username: 'alice',
      password: 'un-mot-de-passe-long',
      interseted_categories: 'bureautique, langues',
    });
  });

  it('shows the server field errors under their fields', async () => {
    stubFetch(() =>
      json(
        {
          statusCode: 400,
          message: 'Certains champs sont invalides.',
          errors: {
            email: ['Un compte existe déjà avec cet email.'],
            username: ["Ce nom d'utilisateur est déjà pris."],
          },
        },
        400,
      ),
    );
    renderApp('/user-register');

    await fillForm('un-mot-de-passe-long');

    expect(await screen.findByText('Un compte existe déjà avec cet email.')).toBeInTheDocument();
    expect(screen.getByText("Ce nom d'utilisateur est déjà pris.")).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Une erreur est survenue');
    expect(alert).toHaveTextContent(specText('Impossible de creer le compte. Verifiez les champs.'));
  });
});
