import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const empty = {
  nom: 'Centre de formation LMS', siret: null, nda: null, adresse: { rue: null, code_postal: null, ville: null }, signataire: { nom: null, qualite: null },
  lieu: null, logo: null, signature: null, missing: ['siret', 'nda', 'adresse', 'signataire', 'qualite_signataire', 'lieu', 'logo', 'signature'],
  base_heures: 'temps_actif_mesure',
};
const path = (request: FakeRequest) => request.path.replace(/\/$/, '');

describe('/admin-centre', () => {
  it('lists what documents miss, sends the form with a delegate’s quality, shows a refusal under its field', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    let current: Record<string, unknown> = empty;
    stubFetch((request) => {
      calls.push(request);
      if (path(request) !== '/admin/centre') return json({ statusCode: 404, message: 'Introuvable.' }, 404);
      if (request.method === 'GET') return json(current);
      const body = request.body as Record<string, string>;
      if (body.nda === '123') return json({ statusCode: 400, message: 'Le numéro de déclaration d’activité doit comporter exactement 11 chiffres.', errors: { nda: ['Le numéro de déclaration d’activité doit comporter exactement 11 chiffres.'] } }, 400);
      current = { ...empty, nda: body.nda, lieu: body.lieu, base_heures: body.base_heures!, signataire: { nom: null, qualite: body.signataire_qualite }, missing: ['siret', 'adresse', 'signataire', 'logo', 'signature'] };
      return json(current);
    });
    renderApp('/admin-centre');
    expect(await screen.findByRole('heading', { name: 'Paramètres du centre', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    const missing = screen.getByTestId('centre-missing');
    expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Le SIRET', 'Le numéro de déclaration d’activité', 'L’adresse complète (rue, code postal, ville)', 'Le nom du signataire',
      'La qualité du signataire', 'Le lieu du « Fait à … »', 'Le logo', 'L’image de la signature ou du cachet',
    ]);
    expect(screen.getByLabelText('Nom du centre (raison sociale)')).toHaveValue('Centre de formation LMS');

    await userEvent.type(screen.getByLabelText('Numéro de déclaration d’activité (NDA)'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le numéro de déclaration d’activité doit comporter exactement 11 chiffres.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Numéro de déclaration d’activité (NDA)'));
    await userEvent.type(screen.getByLabelText('Numéro de déclaration d’activité (NDA)'), '84691234569');
    await userEvent.type(screen.getByLabelText('Lieu du « Fait à … »'), 'Lyon');
    await userEvent.click(screen.getByRole('radio', { name: 'Délégataire (qualité à préciser)' }));
    await userEvent.type(await screen.findByLabelText('Qualité du délégataire'), 'Directrice pédagogique, par délégation');
    expect(screen.getByRole('radio', { name: /Temps actif mesuré/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Durées déclarées des étapes validées/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(within(screen.getByTestId('centre-missing')).getAllByRole('listitem')).toHaveLength(5));
    const sent = calls.filter((c) => c.method === 'PUT').at(-1)!.body;
    expect(sent).toEqual({
      nom: 'Centre de formation LMS', siret: '', nda: '84691234569', rue: '', code_postal: '', ville: '', signataire_nom: '', lieu: 'Lyon',
      signataire_qualite: 'Directrice pédagogique, par délégation', base_heures: 'durees_declarees',
    });
  }, 60_000);
});
