import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const notFound = () => json({ statusCode: 404, message: 'Introuvable.' }, 404);
const active = { id: 1, name: 'Studio Rise', key: 'a1b2c3', scopes: ['statements/write', 'state'], created_at: '2026-11-20T10:00:00Z', revoked_at: null };
const revoked = { id: 2, name: 'Ancien module', key: 'd4e5f6', scopes: ['all'], created_at: '2026-11-01T10:00:00Z', revoked_at: '2026-11-10T10:00:00Z' };

describe('/admin-xapi', () => {
  it('lists the accesses, creates one and shows its secret once, revokes one after a confirmation', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    stubFetch((request) => {
      calls.push(request);
      if (request.method === 'GET' && request.path === '/xapi-credentials') return json([active, revoked]);
      if (request.method === 'POST' && request.path === '/xapi-credentials') return json({ id: 3, name: 'Module RGPD', key: 'k3y', secret: 'le-secret-unique', scopes: ['statements/write'] }, 201);
      if (request.method === 'DELETE' && request.path === '/xapi-credentials/1') return new Response(null, { status: 204 });
      return notFound();
    });
    renderApp('/admin-xapi');
    expect(await screen.findByRole('heading', { name: 'Accès xAPI', level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText('Studio Rise')).closest('tr')!;
    expect(row).toHaveTextContent('Actif');
    expect((await screen.findByText('Ancien module')).closest('tr')!).toHaveTextContent('Révoqué le 10/11/2026');
    expect(screen.getByText(/\/api\/xapi$/)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Nom du fournisseur'), 'Module RGPD');
    await userEvent.click(screen.getByRole('checkbox', { name: 'États (reprise des modules)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Profils d’activité et d’agent' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lire ses propres déclarations' }));
    await userEvent.click(screen.getByRole('button', { name: /Créer l’accès/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('xapi-secret')).toHaveTextContent('le-secret-unique');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Module RGPD', scopes: ['statements/write'] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'J’ai noté le secret' }));

    await userEvent.click(within(row).getByRole('button', { name: 'Révoquer : Studio Rise' }));
    expect((await screen.findAllByText(/Révoquer l’accès « Studio Rise » \? Le fournisseur ne pourra plus rien envoyer ni lire\./)).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Oui, révoquer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/xapi-credentials/1')).toBe(true));
  }, 30_000);

  it('asks for a name and at least one scope before sending anything', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    stubFetch((request) => {
      calls.push(request);
      return request.path === '/xapi-credentials' ? json([]) : notFound();
    });
    renderApp('/admin-xapi');
    expect(await screen.findByText('Aucun accès pour le moment.')).toBeInTheDocument();
    for (const name of ['Écrire des déclarations', 'Lire ses propres déclarations', 'États (reprise des modules)', 'Profils d’activité et d’agent']) {
      await userEvent.click(screen.getByRole('checkbox', { name }));
    }
    await userEvent.click(screen.getByRole('button', { name: /Créer l’accès/ }));
    expect(await screen.findByText('Le nom est obligatoire.')).toBeInTheDocument();
    expect(await screen.findByText('Choisissez au moins une autorisation.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 30_000);
});
