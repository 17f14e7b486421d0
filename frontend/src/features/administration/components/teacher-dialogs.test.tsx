import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { CLAIRE, trainersServer, type FakeTrainer } from '../../../test/admin-teachers-fixtures';
import { json } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const dialogNamed = async (name: string) => screen.findByRole('dialog', { name });

async function openRowDialog(action: string, name: string, trainer = CLAIRE) {
  await userEvent.click(await screen.findByRole('button', { name: `${action} : ${trainer.full_name}` }));
  return dialogNamed(name);
}

async function pickOption(dialog: HTMLElement, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox'));
  await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toContain(option));
  await userEvent.click([...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === option)!);
}

describe("/admin-teachers' dialogs", () => {
  beforeEach(() => startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' }));

  it("'Nouveau Formateur' sends the trainer and their account, shows a duplicate under its field, then 'Le formateur a été créé avec succès.'", async () => {
    let attempts = 0;
    const { calls } = trainersServer((request) => {
      if (request.method !== 'POST' || request.path !== '/formateur/') return undefined;
      attempts += 1;
      if (attempts === 1) return json({ statusCode: 409, message: 'Cette adresse e-mail est déjà utilisée.', errors: { email: ['Cette adresse e-mail est déjà utilisée.'] } }, 409);
      return json({ id: 40 }, 201);
    });
    renderApp('/admin-teachers');
    await userEvent.click(await screen.findByRole('button', { name: /Nouveau Formateur/ }));
    const dialog = await dialogNamed('Nouveau Formateur');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Prénom : champ obligatoire.')).toBeInTheDocument();
    expect(within(dialog).getByText("Nom d'utilisateur : champ obligatoire.")).toBeInTheDocument();
    expect(within(dialog).getByText('Mot de passe : champ obligatoire.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Téléphone : champ obligatoire.')).toBeNull();

    await userEvent.type(within(dialog).getByLabelText('Prénom'), 'Sophie');
    await userEvent.type(within(dialog).getByLabelText('Nom'), 'Durand');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'sophie@exemple.fr');
    await userEvent.type(within(dialog).getByLabelText('Lien Calendly'), 'pas un lien');
    await userEvent.type(within(dialog).getByLabelText("Nom d'utilisateur"), 'sophie.durand');
    await userEvent.type(within(dialog).getByLabelText('Mot de passe'), 'un-mot-de-passe-solide');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Le lien Calendly doit être une adresse web (https://…).')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Lien Calendly'));
    await userEvent.type(within(dialog).getByLabelText('Lien Calendly'), 'https://calendly.com/sophie');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Impossible de créer le formateur.Cette adresse e-mail est déjà utilisée.');
    // The field's error list comes in with antd's motion, after the alert: wait for it.
    await waitFor(() => expect(within(dialog).getAllByText('Cette adresse e-mail est déjà utilisée.')).toHaveLength(2));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Le formateur a été créé avec succès.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/formateur/').at(-1)!.body).toEqual({
      prenom: 'Sophie', nom: 'Durand', email: 'sophie@exemple.fr', telephone: '', calendly: 'https://calendly.com/sophie',
      user: { username: 'sophie.durand', email: 'sophie@exemple.fr', password: 'un-mot-de-passe-solide' },
    });
    // The list is read again with the new trainer.
    await waitFor(() => expect(calls.filter((c) => c.path === '/formateur/' && c.method === 'GET' && !c.query.get('approval'))).toHaveLength(2));
  }, 30_000);

  it("'Modifier' keeps the username read only and sends the record, or refuses without the account's details", async () => {
    const broken = { ...CLAIRE, id: 4, full_name: 'Sans Compte', user_read: { id: 0, username: '', email: '' } } as unknown as FakeTrainer;
    const { calls } = trainersServer((request) => {
      if (request.method === 'PATCH' && request.path === `/formateur/${CLAIRE.id}/`) return json({ ...CLAIRE, prenom: 'Claire-Anne' });
      return undefined;
    }, () => [CLAIRE, broken]);
    renderApp('/admin-teachers');
    const dialog = await openRowDialog('Modifier', 'Modifier le formateur');
    const username = within(dialog).getByLabelText("Nom d'utilisateur");
    expect(username).toBeDisabled();
    expect(username).toHaveValue('claire.martin');
    expect(within(dialog).getByText('Ce champ ne peut pas être modifié')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Lien Calendly')).toHaveValue('https://calendly.com/claire');
    await userEvent.clear(within(dialog).getByLabelText('Prénom'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Prénom : champ obligatoire.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Prénom'), 'Claire-Anne');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Formateur mis à jour avec succès.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ prenom: 'Claire-Anne', nom: 'Martin', email: 'claire.martin@exemple.fr', telephone: '06 00 00 00 00', calendly: 'https://calendly.com/claire' });

    const other = await openRowDialog('Modifier', 'Modifier le formateur', broken);
    await userEvent.click(within(other).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(other).findByRole('alert')).toHaveTextContent('Informations utilisateur incomplètes. Veuillez vérifier.');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  }, 30_000);

  it("'Mot de passe' changes the trainer's account password, e-mailed by default", async () => {
    const { calls } = trainersServer((request) => (request.path === `/users/${CLAIRE.user_read.id}/change_password/` ? json({ success: 'Mot de passe mis à jour.', email_error: null, user_not_found: false, message: 'Mot de passe mis à jour.' }) : undefined));
    renderApp('/admin-teachers');
    const dialog = await openRowDialog('Mot de passe', 'Changer le mot de passe');
    const email = within(dialog).getByRole('checkbox', { name: 'Envoyer le nouveau mot de passe au formateur par e-mail' });
    expect(email).toBeChecked();
    await userEvent.click(email);
    await userEvent.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'un-mot-de-passe-solide');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Changer' }));
    expect(await screen.findByText('Mot de passe mis à jour.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ password: 'un-mot-de-passe-solide', send_email: false });
  }, 20_000);

  it("'Assigner un cours' lists the courses without a trainer when it opens, needs a choice, and shows the server's refusal", async () => {
    let taken = false;
    const { calls } = trainersServer((request) => {
      if (request.path === `/formateur/${CLAIRE.id}/courses/unassigned/`) {
        return json({ count: taken ? 1 : 2, results: [...(taken ? [] : [{ id: 8, title: 'Cybersécurité' }]), { id: 9, title: 'Excel avancé' }] });
      }
      if (request.path === `/formateur/${CLAIRE.id}/assign-course/`) {
        const { course_id } = request.body as { course_id: number };
        if (course_id === 8) {
          taken = true;
          return json({ statusCode: 409, message: 'Ce cours a déjà un formateur : choisissez un cours non assigné.' }, 409);
        }
        return json({ success: true }, 201);
      }
      return undefined;
    });
    renderApp('/admin-teachers');
    const dialog = await openRowDialog('Assigner un cours', 'Assigner un cours à Claire Martin');
    expect(await within(dialog).findByText('Veuillez sélectionner un cours')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Assigner' })).toBeDisabled();
    await pickOption(dialog, 'Cybersécurité');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assigner' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Erreur lors de l'assignation du coursCe cours a déjà un formateur : choisissez un cours non assigné.");
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/courses/unassigned/'))).toHaveLength(2));
    // The course taken is no longer offered, and nothing is chosen.
    expect(within(dialog).getByRole('button', { name: /Assigner$/ })).toBeDisabled();

    await pickOption(dialog, 'Excel avancé');
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['Excel avancé']);
    // (In jsdom antd's button keeps its faded loading icon in its name.)
    await userEvent.click(within(dialog).getByRole('button', { name: /Assigner$/ }));
    expect(await screen.findByText('Cours assigné avec succès !')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/assign-course/')).map((c) => c.body)).toEqual([{ course_id: 8 }, { course_id: 9 }]);
  }, 30_000);

  it("'Assigner un cours' says when no course is free, or when the list cannot be read", async () => {
    let fail = false;
    trainersServer((request) => {
      if (request.path !== `/formateur/${CLAIRE.id}/courses/unassigned/`) return undefined;
      return fail ? json({ statusCode: 500, message: 'Erreur' }, 500) : json({ count: 0, results: [] });
    });
    renderApp('/admin-teachers');
    let dialog = await openRowDialog('Assigner un cours', 'Assigner un cours à Claire Martin');
    expect(await within(dialog).findByText('Aucun cours disponible')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    fail = true;
    dialog = await openRowDialog('Assigner un cours', 'Assigner un cours à Claire Martin');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Impossible de charger les cours disponibles');
  }, 20_000);
});
