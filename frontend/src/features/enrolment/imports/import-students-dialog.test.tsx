import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderWithStore } from '../../../test/render-with-store';
import { ImportStudentsDialog } from './import-students-dialog';

const csvFile = (name: string) => new File(['Prénom;Nom;Email\n'], name, { type: 'text/csv' });
const path = (request: FakeRequest) => request.path.replace(/\/$/, '');
const ID = '6f9c1a52-3b7e-4c1d-9a10-2f3e4d5c6b7a';

const faulty = {
  total: 2,
  importable: false,
  file_problems: [],
  rows_with_problems: 1,
  rows: [
    { line: 2, prenom: 'Inès', nom: 'Benali', email: 'ines@exemple.fr', formations: [], session: null, date_entree: '2027-01-11', date_sortie: '2027-01-05', problems: ["La date de sortie précède la date d'entrée."] },
    { line: 3, prenom: 'Awa', nom: 'Diallo', email: null, formations: [], session: null, date_entree: null, date_sortie: null, problems: [] },
  ],
};
const clean = { ...faulty, importable: true, rows_with_problems: 0, rows: faulty.rows.map((r) => ({ ...r, problems: [] })) };

describe('« Importer des étudiants » (docs/adr/0052)', () => {
  it('shows every row’s problems and offers no import', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const sent: FakeRequest[] = [];
    stubFetch((request) => {
      sent.push(request);
      return path(request) === '/admin/student-imports/preview' ? json(faulty) : json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    const user = userEvent.setup();
    renderWithStore(<ImportStudentsDialog open onClose={() => {}} />);

    const dialog = await screen.findByRole('dialog', { name: 'Importer des étudiants' });
    expect(within(dialog).getByRole('button', { name: 'Vérifier le fichier' })).toBeDisabled();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, csvFile('etudiants.csv'));
    expect(within(dialog).getByText('Fichier choisi : etudiants.csv')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));

    expect(await within(dialog).findByText('2 lignes lues, 1 avec des problèmes.')).toBeInTheDocument();
    expect(within(dialog).getByText("La date de sortie précède la date d'entrée.")).toBeInTheDocument();
    expect(within(dialog).getByText('Rien n’a été importé. Corrigez le fichier puis déposez-le de nouveau.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Importer/ })).toBeNull();
    expect(String(sent.find((r) => path(r) === '/admin/student-imports/preview')!.body)).toContain('name="import_file"');

  });

  it('imports a clean file with its progress, then hands the links over once', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    let polls = 0;
    const sent: FakeRequest[] = [];
    stubFetch((request) => {
      sent.push(request);
      const p = path(request);
      if (p === '/admin/student-imports/preview') return json(clean);
      if (p === '/admin/student-imports' && request.method === 'POST') return json({ id: ID, job_id: ID, total: 2 }, 201);
      if (p === `/admin/student-imports/${ID}`) {
        polls += 1;
        const done = polls > 1;
        return json({
          id: ID, status: done ? 'imported' : 'queued', total: 2, job_id: ID, progress: done ? { done: 6, total: 6 } : { done: 3, total: 6 }, created_at: '2027-01-04T09:00:00Z',
          finished_at: done ? '2027-01-04T09:00:05Z' : null, failure: null, emails: done ? { done: 1, total: 1 } : null, links_pending: done ? 1 : 0,
        });
      }
      if (p === `/admin/student-imports/${ID}/links`) return json([{ line: 3, student_id: 12, prenom: 'Awa', nom: 'Diallo', link: 'https://lms.test/activation#jeton=abcdefghijklmnopqrstuvwxyz' }]);
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    const user = userEvent.setup();
    renderWithStore(<ImportStudentsDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Importer des étudiants' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, csvFile('etudiants-corrige.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));
    expect(await within(dialog).findByText('2 lignes lues, aucun problème.')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: /Importer 2 étudiants/ }));
    const started = String(sent.find((r) => path(r) === '/admin/student-imports' && r.method === 'POST')!.body);
    expect(started).toMatch(/name="request_key"\r\n\r\n[0-9a-f-]{36}\r\n/);

    expect(await within(dialog).findByRole('progressbar', { name: 'Progression de l’import' })).toBeInTheDocument();
    expect(await within(dialog).findByText('2 étudiants importés, avec leurs inscriptions.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(dialog).getByText('E-mails d’activation envoyés : 1 sur 1.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Afficher les liens d’activation' }));
    expect(await within(dialog).findByText('https://lms.test/activation#jeton=abcdefghijklmnopqrstuvwxyz')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Télécharger les liens/ })).toBeInTheDocument();
    await waitFor(() => expect(sent.filter((r) => path(r) === `/admin/student-imports/${ID}/links`)).toHaveLength(1));
  });

  it('shows a failed import with its French reason and nothing imported', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const reason =
      'Les inscriptions aux formations n’ont pas pu être enregistrées : l’import est annulé. Les 2 comptes préparés ont été retirés sans qu’aucun e-mail ne parte. ' +
      'Vérifiez que les formations et sessions du fichier existent toujours, puis importez-le de nouveau.';
    stubFetch((request) => {
      const p = path(request);
      if (p === '/admin/student-imports/preview') return json(clean);
      if (p === '/admin/student-imports' && request.method === 'POST') return json({ id: ID, job_id: ID, total: 2 }, 201);
      if (p === `/admin/student-imports/${ID}`) {
        return json({
          id: ID, status: 'failed', total: 2, job_id: ID, progress: { done: 6, total: 6 }, created_at: '2027-01-04T09:00:00Z', finished_at: '2027-01-04T09:00:30Z',
          failure: reason, emails: null, links_pending: 0,
        });
      }
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    const user = userEvent.setup();
    renderWithStore(<ImportStudentsDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Importer des étudiants' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, csvFile('etudiants.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));
    await user.click(await within(dialog).findByRole('button', { name: /Importer 2 étudiants/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('L’import a échoué : aucun étudiant n’a été importé ni prévenu.')).toBeInTheDocument();
    expect(within(alert).getByText(reason)).toBeInTheDocument();
    expect(within(dialog).queryByText(/E-mails d’activation envoyés/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Afficher les liens d’activation' })).toBeNull();
  });

  it('shows the file’s own problems (columns) in French', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    stubFetch(() =>
      json({ total: 0, importable: false, rows_with_problems: 0, rows: [], file_problems: ['Le fichier ne doit pas contenir de mot de passe : chaque étudiant reçoit un lien d’activation pour choisir le sien. Retirez la colonne.'] }),
    );
    const user = userEvent.setup();
    renderWithStore(<ImportStudentsDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Importer des étudiants' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, csvFile('etudiants.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));
    expect(await within(dialog).findByText('Le fichier ne peut pas être lu ligne par ligne :')).toBeInTheDocument();
    expect(within(dialog).getByText(/ne doit pas contenir de mot de passe/)).toBeInTheDocument();
  });
});
