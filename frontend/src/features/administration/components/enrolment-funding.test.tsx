import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const LEA = {
  id: 20, prenom: 'Léa', nom: 'Dubois', fullname: 'Léa Dubois', email: 'lea@exemple.fr', telephone: '', nom_utilisateur_lms: 'lea.dubois', numero_dossier: 'D-20', type_dossier: 'CPF',
  type_formation: '', formations: [], formation: '', date_entree: '2026-01-05', date_sortie: null, is_active: true, created_at: '2026-01-05T09:00:00Z',
  user_read: { id: 120, username: 'lea.dubois', email: 'lea@exemple.fr', role: 'student' },
};
const unset = { funder: null, dossier_number: null, employer_name: null, employer_siret: null, entry_date: null, exit_date: null };
const FALLBACK = {
  student_id: 20, course_id: 7, enrolled: true, changed: false, funding: unset,
  effective: {
    funder: null, funding_label: { value: 'CPF', source: 'dossier_etudiant' }, dossier_number: { value: 'D-20', source: 'dossier_etudiant' },
    employer_name: null, employer_siret: null, entry_date: { value: '2026-01-05', source: 'dossier_etudiant' }, exit_date: { value: null, source: null },
    missing: ['date_sortie'],
  },
};
const OPCO = {
  ...FALLBACK, changed: true,
  funding: { ...unset, funder: 'opco', dossier_number: 'EP-2026-004512', employer_name: 'Boulangerie Maison Fabre', employer_siret: '44306184100047' },
  effective: {
    ...FALLBACK.effective, funder: 'opco', funding_label: { value: 'OPCO', source: 'inscription' }, dossier_number: { value: 'EP-2026-004512', source: 'inscription' },
    employer_name: 'Boulangerie Maison Fabre', employer_siret: '44306184100047',
  },
};

function server(put: (request: FakeRequest) => Response) {
  let funding: object = FALLBACK;
  return stubFetch((request) => {
    if (request.path === '/admin/students/20/') return json(LEA);
    if (request.path === '/fetch-enrolled-courses/20') return json([{ id: 1, created_at: '2026-01-06T10:00:00Z', course: { id: 7, title: 'Agilité' } }]);
    if (request.path === '/fetch-my-teachers/20') return json([]);
    if (request.path === '/admin/students/20/courses/7/funding/' && request.method === 'GET') return json(funding);
    if (request.path === '/admin/students/20/courses/7/funding/' && request.method === 'PUT') {
      const answer = put(request);
      if (answer.ok) funding = OPCO;
      return answer;
    }
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
}

describe('the « Financement » block of a followed course', () => {
  beforeEach(() => startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' }));

  it('shows the effective values with where they come from, and what is not set', async () => {
    server(() => json(OPCO));
    renderApp('/admin-student-detail/20');
    const block = await screen.findByTestId('funding-7');
    await waitFor(() => expect(block).toHaveTextContent('CPFdepuis le dossier de l’étudiant'));
    expect(within(block).getByText('N° de dossier').nextElementSibling).toHaveTextContent('D-20depuis le dossier de l’étudiant');
    expect(within(block).getByText('Date d’entrée').nextElementSibling).toHaveTextContent('05/01/2026');
    expect(within(block).getByText('Date de sortie').nextElementSibling).toHaveTextContent('Non renseigné');
  });

  it('sets the funding through the dialog: funder, dossier, employer shown for an OPCO, then the block follows', async () => {
    const bodies: unknown[] = [];
    server((request) => {
      bodies.push(request.body);
      return json(OPCO);
    });
    renderApp('/admin-student-detail/20');
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier le financement : Agilité' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('SIRET de l’employeur')).toBeNull();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Financement' }));
    await userEvent.click(await screen.findByTitle('OPCO'));
    await userEvent.type(within(dialog).getByLabelText('N° de dossier'), 'EP-2026-004512');
    await userEvent.type(await within(dialog).findByLabelText('Nom de l’employeur'), 'Boulangerie Maison Fabre');
    await userEvent.type(within(dialog).getByLabelText('SIRET de l’employeur'), '443 061 841 00047');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ funder: 'opco', dossier_number: 'EP-2026-004512', employer_name: 'Boulangerie Maison Fabre', employer_siret: '443 061 841 00047', entry_date: null, exit_date: null });
    const block = screen.getByTestId('funding-7');
    await waitFor(() => expect(block).toHaveTextContent('OPCOsaisi pour ce cours'));
    expect(block).toHaveTextContent('Boulangerie Maison Fabre (SIRET 44306184100047)');
  });

  it('shows the server’s French refusal on the field it names, and keeps the dialog open', async () => {
    const message = 'Le SIRET de l’employeur n’est pas valide.';
    server(() => json({ statusCode: 400, message, errors: { employer_siret: [message] } }, 400));
    renderApp('/admin-student-detail/20');
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier le financement : Agilité' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Financement' }));
    await userEvent.click(await screen.findByTitle('Employeur'));
    await userEvent.type(await within(dialog).findByLabelText('SIRET de l’employeur'), '44306184100048');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Financement : Agilité');
  });
});
