import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const LEA = {
  id: 20, prenom: 'Léa', nom: 'Dubois', fullname: 'Léa Dubois', email: 'lea@exemple.fr', telephone: '', nom_utilisateur_lms: 'lea.dubois', numero_dossier: 'D-20', type_dossier: 'CPF',
  type_formation: '', formations: ['Bureautique', 'Excel avancé'], formation: 'Bureautique', date_entree: '2026-01-05', date_sortie: null, is_active: true, created_at: '2026-01-05T09:00:00Z',
  user_read: { id: 120, username: 'lea.dubois', email: 'lea@exemple.fr', role: 'student' },
};

function server(handler?: (request: FakeRequest) => Response | undefined) {
  let courses = [{ id: 1, created_at: '2026-01-06T10:00:00Z', course: { id: 7, title: 'Agilité' } }];
  return stubFetch((request) => {
    const own = handler?.(request);
    if (own) return own;
    if (request.path === '/admin/students/20/') return json(LEA);
    if (request.path === '/fetch-enrolled-courses/20') return json(courses);
    if (request.path === '/fetch-my-teachers/20') return json([]);
    if (request.path === '/admin/students/20/courses/7/contacts/') {
      const none = { employer_contact_name: null, employer_email: null, employer_phone: null, funder_name: null, funder_email: null };
      return json({ student_id: 20, course_id: 7, enrolled: true, employer_name: null, contacts: none, changed: false });
    }
    if (request.path === '/remove-enrolled-course/20/7/' && request.method === 'DELETE') {
      courses = [];
      return json({ success: true });
    }
    if (request.path === '/course/') return json({ count: 1, results: [{ id: 8, title: 'Cybersécurité' }] });
    if (request.path === '/student-enroll-course/') return json({ bool: true }, 201);
    if (request.path === '/users/120/change_password/') return json({ success: 'Mot de passe mis à jour et email envoyé.' });
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
}

describe('/admin-student-detail/{student_id}', () => {
  beforeEach(() => startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' }));

  it("shows the record with '-' for what is absent, the badge, the courses and 'Aucune assignation trouvée'", async () => {
    server();
    renderApp('/admin-student-detail/20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Dubois' })).toBeInTheDocument();
    expect(document.title).toContain('Détails étudiant | Admin');
    expect(screen.getByText('Actif')).toBeInTheDocument();
    const info = screen.getByText('Informations').closest('.panel') as HTMLElement;
    expect(within(info).getByText('Téléphone').nextElementSibling).toHaveTextContent('-');
    expect(within(info).getByText('Formations').nextElementSibling).toHaveTextContent('Bureautique, Excel avancé');
    await waitFor(() => expect(screen.getByTestId('student-courses')).toHaveTextContent('Cours assignés (1)Agilité'));
    expect(await within(screen.getByTestId('student-trainers')).findByText('Aucune assignation trouvée')).toBeInTheDocument();
  });

  it("removes a course after 'Oui, retirer', keeping the history", async () => {
    const { calls } = server();
    renderApp('/admin-student-detail/20');
    await userEvent.click(await screen.findByRole('button', { name: 'Retirer : Agilité' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('La progression et les preuves de l’étudiant dans ce cours sont conservées.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui, retirer' }));
    expect(await screen.findByText('Aucun cours assigné.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/remove-enrolled-course/20/7/')).toBe(true);
  });

  it("says 03 §8's 'Le cours a été retiré avec succès.' once the course is removed", async () => {
    server();
    renderApp('/admin-student-detail/20');
    await userEvent.click(await screen.findByRole('button', { name: 'Retirer : Agilité' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Oui, retirer' }));
    expect(await screen.findByText('Le cours a été retiré avec succès.')).toBeInTheDocument();
  });

  it("says 'Échec de la suppression du cours.' when the removal is refused", async () => {
    server((request) => (request.method === 'DELETE' ? json({ statusCode: 500, message: 'Erreur interne.' }, 500) : undefined));
    renderApp('/admin-student-detail/20');
    await userEvent.click(await screen.findByRole('button', { name: 'Retirer : Agilité' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Oui, retirer' }));
    expect(await screen.findByText(/^Échec de la suppression du cours\./)).toBeInTheDocument();
  });

  it("assigns a course after 'Assigner le cours \"{title}\" à {first name} ?'", async () => {
    const { calls } = server();
    renderApp('/admin-student-detail/20');
    await userEvent.click(await screen.findByRole('button', { name: /Assigner cours/ }));
    const dialog = (await screen.findByText('Assigner un cours')).closest('[role="dialog"]') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('combobox'));
    await vi.waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toContain('Cybersécurité'));
    await userEvent.click([...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === 'Cybersécurité')!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assigner' }));
    const [confirm] = await screen.findAllByText('Assigner le cours "Cybersécurité" à Léa ?');
    await userEvent.click(within(confirm!.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Oui, assigner' }));
    expect(await screen.findByText('Cours assigné avec succès !')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/student-enroll-course/')!.body).toEqual({ student: 20, course: 8 });
  }, 20_000);

  it('changes the password, e-mailing it by default, on the account (user_read.id)', async () => {
    const { calls } = server();
    renderApp('/admin-student-detail/20');
    await userEvent.click(await screen.findByRole('button', { name: /Mot de passe/ }));
    const dialog = (await screen.findByText('Changer le mot de passe')).closest('[role="dialog"]') as HTMLElement;
    expect(within(dialog).getByRole('checkbox', { name: "Envoyer le nouveau mot de passe à l'étudiant par e-mail" })).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'un-mot-de-passe-solide');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Changer' }));
    expect(await screen.findByText('Mot de passe mis à jour et email envoyé.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/users/120/change_password/')!.body).toEqual({ password: 'un-mot-de-passe-solide', send_email: true });
  }, 20_000);

  it('deletes after saying what will happen: with a history the account is closed, then back to /admin-users', async () => {
    const { calls } = server((request) => {
      if (request.path === '/admin/students/20/removal') {
        return json({ mode: 'close', reasons: [{ code: 'learning', label: 'progression', count: 3 }], message: 'Cette personne a un historique (progression) : son compte sera fermé.' });
      }
      if (request.path === '/admin/students/20/' && request.method === 'DELETE') return json({ success: true, mode: 'close', message: 'Compte fermé.' });
      return undefined;
    });
    const { location } = renderApp('/admin-student-detail/20');
    await userEvent.click(await screen.findByRole('button', { name: /Supprimer/ }));
    const dialog = (await screen.findByTestId('student-removal-plan')).closest('[role="dialog"]') as HTMLElement;
    expect(dialog).toHaveTextContent("Supprimer l'étudiant");
    expect(dialog).toHaveTextContent('Cette personne a un historique (progression) : son compte sera fermé.');
    expect(dialog).not.toHaveTextContent('Cette action est irréversible !');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oui, supprimer !' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/admin-users'), { timeout: 5000 });
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/admin/students/20/']);
    expect(await screen.findByText(/L'étudiant a été supprimé avec succès/)).toBeInTheDocument();
  }, 20_000);

  it("warns that removing a person without history is irreversible, and 'Annuler' deletes nothing", async () => {
    const { calls } = server((request) =>
      request.path === '/admin/students/20/removal' ? json({ mode: 'delete', reasons: [], message: 'Cette personne n’a aucun historique.' }) : undefined,
    );
    const { location } = renderApp('/admin-student-detail/20');
    await userEvent.click(await screen.findByRole('button', { name: /Supprimer/ }));
    const dialog = (await screen.findByTestId('student-removal-plan')).closest('[role="dialog"]') as HTMLElement;
    expect(dialog).toHaveTextContent('Cette action est irréversible !');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await vi.waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'), { timeout: 5000 });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(location.pathname).toBe('/admin-student-detail/20');
  }, 20_000);

  it('shows a closed account read-only, with the date it was closed and no actions', async () => {
    server((request) => (request.path === '/admin/students/20/' ? json({ ...LEA, is_active: false, closed_at: '2026-03-02T10:00:00Z' }) : undefined));
    renderApp('/admin-student-detail/20');
    expect(await screen.findByText('Compte clôturé le 02/03/2026')).toBeInTheDocument();
    expect(screen.getByTestId('student-closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Modifier/ })).toBeNull();
  });

  it("says 'Étudiant non trouvé.' with a way back to the list", async () => {
    server((request) => (request.path === '/admin/students/20/' ? json({ statusCode: 404, message: 'Étudiant non trouvé.' }, 404) : undefined));
    renderApp('/admin-student-detail/20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Étudiant non trouvé.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la liste' })).toHaveAttribute('href', '/admin-users');
  });
});
