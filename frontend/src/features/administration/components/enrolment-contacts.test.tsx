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
const NONE = { employer_contact_name: null, employer_email: null, employer_phone: null, funder_name: null, funder_email: null };
const EMPTY = { student_id: 20, course_id: 7, enrolled: true, employer_name: 'Boulangerie Martin SARL', contacts: NONE, changed: false };
const SET = {
  ...EMPTY, changed: true,
  contacts: { employer_contact_name: 'Claire Martin', employer_email: 'rh@boulangerie-martin.fr', employer_phone: null, funder_name: 'OPCO EP', funder_email: 'conseil.idf@opcoep.fr' },
};

function server(put: (request: FakeRequest) => Response) {
  let contacts: object = EMPTY;
  return stubFetch((request) => {
    if (request.path === '/admin/students/20/') return json(LEA);
    if (request.path === '/fetch-enrolled-courses/20') return json([{ id: 1, created_at: '2026-01-06T10:00:00Z', course: { id: 7, title: 'Agilité' } }]);
    if (request.path === '/fetch-my-teachers/20') return json([]);
    if (request.path === '/admin/students/20/courses/7/contacts/' && request.method === 'GET') return json(contacts);
    if (request.path === '/admin/students/20/courses/7/contacts/' && request.method === 'PUT') {
      const answer = put(request);
      if (answer.ok) contacts = SET;
      return answer;
    }
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
}

describe('the « Contacts pour les questionnaires » block of a followed course', () => {
  beforeEach(() => startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' }));

  it('sets the employer’s and the funder’s contacts through the dialog, then the block shows them', async () => {
    const bodies: unknown[] = [];
    server((request) => {
      bodies.push(request.body);
      return json(SET);
    });
    renderApp('/admin-student-detail/20');
    const block = await screen.findByTestId('contacts-7');
    await waitFor(() => expect(within(block).getByText('Employeur').nextElementSibling).toHaveTextContent('Non renseigné'));
    await userEvent.click(within(block).getByRole('button', { name: 'Modifier les contacts : Agilité' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('group', { name: 'Contact chez l’employeur (Boulangerie Martin SARL)' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Nom du contact'), 'Claire Martin');
    await userEvent.type(within(dialog).getByLabelText('E-mail de l’employeur'), ' rh@boulangerie-martin.fr ');
    await userEvent.type(within(dialog).getByLabelText('Nom du financeur'), 'OPCO EP');
    await userEvent.type(within(dialog).getByLabelText('E-mail du financeur'), 'conseil.idf@opcoep.fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ employer_contact_name: 'Claire Martin', employer_email: 'rh@boulangerie-martin.fr', employer_phone: null, funder_name: 'OPCO EP', funder_email: 'conseil.idf@opcoep.fr' });
    await waitFor(() => expect(screen.getByTestId('contacts-7')).toHaveTextContent('Boulangerie Martin SARL · Claire Martin · rh@boulangerie-martin.fr'));
    expect(screen.getByTestId('contacts-7')).toHaveTextContent('OPCO EP · conseil.idf@opcoep.fr');
  });

  it('refuses a bad e-mail and a bad phone in French before sending, and shows the server’s refusal on its field', async () => {
    const bodies: unknown[] = [];
    server((request) => {
      bodies.push(request.body);
      return json({ statusCode: 400, message: 'Le nom du financeur ne peut pas dépasser 200 caractères.', errors: { funder_name: ['Le nom du financeur ne peut pas dépasser 200 caractères.'] } }, 400);
    });
    renderApp('/admin-student-detail/20');
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier les contacts : Agilité' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('E-mail de l’employeur'), 'rh@boulangerie');
    await userEvent.type(within(dialog).getByLabelText('Téléphone (facultatif)'), 'le standard');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('L’adresse e-mail de l’employeur n’est pas valide (exemple : rh@entreprise.fr, 254 caractères au plus).')).toBeInTheDocument();
    expect(within(dialog).getByText('Le téléphone de l’employeur n’est pas valide (chiffres, espaces, points, tirets, 30 caractères au plus).')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('E-mail de l’employeur'));
    await userEvent.clear(within(dialog).getByLabelText('Téléphone (facultatif)'));
    await userEvent.type(within(dialog).getByLabelText('Nom du financeur'), 'OPCO EP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(await within(dialog).findByText('Le nom du financeur ne peut pas dépasser 200 caractères.')).toBeInTheDocument();
  });
});
