import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { CLAIRE, SEVEN, trainer, trainersServer } from '../../../test/admin-teachers-fixtures';
import { json } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const rowsOf = () => within(screen.getByTestId('teachers-table')).getAllByRole('row').slice(1);

describe('/admin-teachers', () => {
  beforeEach(() => startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' }));

  it("shows 'Gestion des Formateurs', the total, 5 per page from the server with the range, and searches from page 1", async () => {
    const { calls } = trainersServer();
    renderApp('/admin-teachers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestion des Formateurs' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('teachers-total')).toHaveTextContent('7 formateurs'));
    expect(rowsOf()).toHaveLength(5);
    const claire = rowsOf()[0]!;
    expect(claire).toHaveTextContent('1Claire Martin@claire.martin');
    expect(claire).toHaveTextContent('claire.martin@exemple.fr');
    expect(claire).toHaveTextContent('06 00 00 00 00');
    expect(claire).toHaveTextContent('Actif');
    expect(screen.getByText('Affichage des formateurs 1 à 5 sur 7')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Affichage des formateurs 6 à 7 sur 7')).toBeInTheDocument();
    expect(rowsOf()).toHaveLength(2);
    expect(rowsOf()[0]).toHaveTextContent('6Formateur5 Test');

    await userEvent.type(screen.getByRole('textbox', { name: 'Rechercher un formateur' }), 'claire');
    expect(screen.getByPlaceholderText('Rechercher par nom ou email...')).toBeInTheDocument();
    expect(await screen.findByText('Affichage des formateurs 1 à 1 sur 1')).toBeInTheDocument();
    expect(rowsOf().map((row) => row.textContent?.includes('Claire Martin'))).toEqual([true]);
    const lists = calls.filter((c) => c.path === '/formateur/' && !c.query.get('approval')).map((c) => `${c.query.get('search')}|${c.query.get('page')}`);
    // Typed letter by letter, searched once the typing paused, from page 1.
    expect(lists).toEqual(['|1', '|2', 'claire|1']);
  });

  it('offers to create the first trainer when there is none, and says when a search finds nobody', async () => {
    trainersServer(undefined, () => []);
    renderApp('/admin-teachers');
    const empty = await screen.findByTestId('teachers-empty');
    expect(empty).toHaveTextContent('Aucun formateur pour le moment');
    const search = screen.getByRole('textbox', { name: 'Rechercher un formateur' });
    await userEvent.type(search, 'zoé');
    expect(await screen.findByText('Aucun formateur ne correspond à cette recherche.')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.click(within(await screen.findByTestId('teachers-empty')).getByRole('button', { name: /Créer le premier formateur/ }));
    expect(await screen.findByRole('dialog', { name: 'Nouveau Formateur' })).toBeInTheDocument();
  });

  it("says 'Impossible de charger les formateurs' when the list cannot be read", async () => {
    trainersServer((request) => (request.path === '/formateur/' ? json({ statusCode: 500, message: 'Erreur' }, 500) : undefined));
    renderApp('/admin-teachers');
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger les formateurs');
  });

  it("suspends after 'Oui, suspendre', reloads the list, and says 'Échec de la mise à jour du statut.' on a failure", async () => {
    let active = true;
    let fail = false;
    const { calls } = trainersServer(
      (request) => {
        if (request.path !== `/api/toggle-formateur-active/${CLAIRE.id}/`) return undefined;
        // A refusal the server answers as 200 with success: false (an HTTP error is the students' list's test).
        if (fail) return json({ success: false, is_active: active });
        active = !active;
        return json({ success: true, is_active: active });
      },
      () => [{ ...CLAIRE, is_active: active }],
    );
    renderApp('/admin-teachers');
    await userEvent.click(await screen.findByRole('button', { name: 'Suspendre : Claire Martin' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Suspendre le compte de Claire Martin ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui, suspendre' }));
    expect(await screen.findByText('Le compte de Claire Martin est suspendu.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Réactiver : Claire Martin' })).toBeInTheDocument();
    expect(rowsOf()[0]).toHaveTextContent('Inactif');
    expect(calls.filter((c) => c.path === '/formateur/' && !c.query.get('approval'))).toHaveLength(2);

    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Réactiver : Claire Martin' }));
    const confirm = (await screen.findByText('Réactiver le compte de Claire Martin ? Il pourra de nouveau se connecter.')).closest('[role="dialog"]') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Oui, réactiver' }));
    expect(await screen.findByText('Échec de la mise à jour du statut.')).toBeInTheDocument();
  }, 20_000);

  it('says before deleting whether the account is closed with its history or removed, then deletes it', async () => {
    let trainers = SEVEN.slice(0, 2);
    const { calls } = trainersServer(
      (request) => {
        if (request.path === `/formateur/${CLAIRE.id}/removal`) {
          return json({ mode: 'close', reasons: [{ code: 'catalogue', label: 'cours', count: 1 }], message: 'Cette personne a un historique (cours) : son compte sera fermé.' });
        }
        if (request.path === '/formateur/10/removal') return json({ mode: 'delete', reasons: [], message: 'Cette personne n’a aucun historique : son compte et ses données seront supprimés définitivement.' });
        if (request.path === '/formateur/10/' && request.method === 'DELETE') {
          trainers = trainers.filter((t) => t.id !== 10);
          return json({ success: true, mode: 'delete', message: 'Le formateur a été supprimé.' });
        }
        if (request.path === `/formateur/${CLAIRE.id}/` && request.method === 'DELETE') return json({ statusCode: 409, message: 'Ce compte est déjà fermé.' }, 409);
        return undefined;
      },
      () => trainers,
    );
    renderApp('/admin-teachers');
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer : Formateur1 Test' }));
    let plan = await screen.findByTestId('teacher-removal-plan');
    expect(plan).toHaveTextContent('son compte et ses données seront supprimés définitivement.Cette action est irréversible !');
    await userEvent.click(within(plan.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Oui, supprimer !' }));
    expect(await screen.findByText('Le formateur a été supprimé.')).toBeInTheDocument();
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/formateur/10/')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer : Claire Martin' }));
    plan = (await screen.findAllByTestId('teacher-removal-plan')).at(-1)!;
    expect(plan).toHaveTextContent('son compte sera fermé.');
    expect(plan).not.toHaveTextContent('irréversible');
    await userEvent.click(within(plan.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Oui, supprimer !' }));
    expect(await screen.findByText('Impossible de supprimer le formateur : Ce compte est déjà fermé.')).toBeInTheDocument();
  }, 20_000);
});

describe('/admin-teachers requests (ADR 0030)', () => {
  beforeEach(() => startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' }));

  it('lists the trainers waiting for a decision, accepts one, and refuses another with a reason', async () => {
    const nadia = trainer(40, 'Nadia', 'Bensaid', { approval: 'pending', qualification: 'Master FLE' });
    const omar = trainer(41, 'Omar', 'Diallo', { approval: 'pending' });
    const decided: string[] = [];
    trainersServer(
      (request) => {
        const accept = request.path.match(/^\/formateur\/(\d+)\/accept\/$/);
        if (request.method === 'POST' && accept) {
          decided.push(`accept ${accept[1]}`);
          return json({ success: true, approval: 'accepted', message: 'Le formateur a été accepté.', email_sent: true, email_error: null });
        }
        const refuse = request.path.match(/^\/formateur\/(\d+)\/refuse\/$/);
        if (request.method === 'POST' && refuse) {
          decided.push(`refuse ${refuse[1]} ${JSON.stringify(request.body)}`);
          return json({ success: true, approval: 'refused', message: 'La demande du formateur a été refusée.', email_sent: true, email_error: null });
        }
        return undefined;
      },
      () => [CLAIRE, nadia, omar],
    );
    renderApp('/admin-teachers');
    const requests = await screen.findByTestId('trainer-requests');
    expect(requests).toHaveTextContent('Demandes de formateurs en attente (2)');
    expect(requests).toHaveTextContent('Master FLE');
    await waitFor(() => expect(rowsOf()[1]).toHaveTextContent('En attente'));
    await userEvent.click(within(requests).getByRole('button', { name: 'Accepter Nadia Bensaid' }));
    expect(await screen.findByText('Nadia Bensaid a été accepté : il en est informé par e-mail.')).toBeInTheDocument();
    await userEvent.click(within(requests).getByRole('button', { name: 'Refuser Omar Diallo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser la demande de Omar Diallo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    expect(await within(dialog).findByText('Indiquez la raison du refus (au moins 5 caractères).')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Raison du refus' }), 'Pas de formation en langues cette année.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    await waitFor(() => expect(decided).toEqual(['accept 40', 'refuse 41 {"reason":"Pas de formation en langues cette année."}']));
  });
});
