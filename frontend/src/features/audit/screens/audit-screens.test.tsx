import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const path = (request: FakeRequest) => request.path.replace(/\/$/, '');
const auditor = { id: 4, full_name: 'Nathalie Girard', email: 'n.girard@bv.test', organisation: 'Bureau Veritas — audit Qualiopi', ends_on: '2099-01-31', all_courses: false, course_ids: [7], status: 'actif', activated_at: null, ended_at: null };

describe('auditor screens (docs/adr/0039)', () => {
  it('/auditeur: the mission, the courses of the scope, a course’s learners with « Compte clôturé »', async () => {
    startSession('auditor', { id: 4, username: 'n.girard', access: 'a1', refresh: 'r1' });
    stubFetch((request) => {
      switch (path(request)) {
        case '/audit/me':
          return json({ auditor_id: 4, full_name: auditor.full_name, organisation: auditor.organisation, ends_on: '2099-01-31', all_courses: false, course_ids: [7] });
        case '/audit/courses':
          return json([{ id: 7, title: 'Piloter un projet agile', status: 'published', archived_at: null, learners: 2 }]);
        case '/audit/courses/7/learners':
          return json([
            { id: 11, fullname: 'Léa Dubois', enrolled_at: '2026-11-02T09:00:00Z', closed: false },
            { id: 12, fullname: 'Marc Rousseau', enrolled_at: '2026-10-02T09:00:00Z', closed: true },
          ]);
        default:
          return json({ statusCode: 404, message: 'Introuvable.' }, 404);
      }
    });
    renderApp('/auditeur');
    expect(await screen.findByText('Bureau Veritas — audit Qualiopi — accès en lecture seule jusqu’au 31/01/2099 inclus.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Voir les apprenants — Piloter un projet agile' }));
    const learners = await screen.findByTestId('audit-learners');
    expect(await within(learners).findByRole('link', { name: 'Léa Dubois' })).toHaveAttribute('href', '/auditeur/cours/7/apprenants/11');
    const closed = within(learners).getByRole('link', { name: 'Marc Rousseau' }).closest('tr')!;
    expect(within(closed as HTMLElement).getByText('Compte clôturé')).toBeInTheDocument();
  });

  it('/auditeur: a course’s learners filtered by one of its sessions', async () => {
    startSession('auditor', { id: 4, username: 'n.girard', access: 'a1', refresh: 'r1' });
    const asked: (string | null)[] = [];
    stubFetch((request) => {
      switch (path(request)) {
        case '/audit/me':
          return json({ auditor_id: 4, full_name: auditor.full_name, organisation: auditor.organisation, ends_on: '2099-01-31', all_courses: false, course_ids: [7] });
        case '/audit/courses':
          return json([{ id: 7, title: 'Piloter un projet agile', status: 'published', archived_at: null, learners: 2 }]);
        case '/audit/courses/7/sessions':
          return json([{ id: 31, name: 'Session de mars 2027', start_date: '2027-01-11', end_date: '2027-03-26' }]);
        case '/audit/courses/7/learners': {
          const session = request.query.get('session');
          asked.push(session);
          const lea = { id: 11, fullname: 'Léa Dubois', enrolled_at: '2026-11-02T09:00:00Z', closed: false };
          return json(session === '31' ? [lea] : [lea, { id: 12, fullname: 'Marc Rousseau', enrolled_at: '2026-10-02T09:00:00Z', closed: false }]);
        }
        default:
          return json({ statusCode: 404, message: 'Introuvable.' }, 404);
      }
    });
    renderApp('/auditeur');
    await userEvent.click(await screen.findByRole('button', { name: 'Voir les apprenants — Piloter un projet agile' }));
    const learners = await screen.findByTestId('audit-learners');
    expect(await within(learners).findByRole('link', { name: 'Marc Rousseau' })).toBeInTheDocument();
    await userEvent.click(await within(learners).findByRole('combobox', { name: 'Session de formation' }));
    await userEvent.click(await screen.findByTitle('Session de mars 2027 (du 11/01/2027 au 26/03/2027)'));
    await waitFor(() => expect(within(learners).queryByRole('link', { name: 'Marc Rousseau' })).not.toBeInTheDocument());
    expect(within(learners).getByRole('link', { name: 'Léa Dubois' })).toBeInTheDocument();
    expect(asked).toEqual([null, '31']);
  });

  it('a refusal outside the scope is shown as the server says it', async () => {
    startSession('auditor', { id: 4, username: 'n.girard', access: 'a1', refresh: 'r1' });
    stubFetch(() => json({ statusCode: 403, message: "Ce cours n'est pas dans le périmètre de votre mission d'audit." }, 403));
    renderApp('/auditeur/cours/8/apprenants/11');
    expect(await screen.findByTestId('audit-refusal')).toHaveTextContent("Ce cours n'est pas dans le périmètre de votre mission d'audit.");
  });

  it('/auditeur/…/apprenants/{id}: « Dossier de preuves » generates through the audit route, then asks the signed link', async () => {
    startSession('auditor', { id: 4, username: 'n.girard', access: 'a1', refresh: 'r1' });
    const transcript = {
      student: { id: 11, fullname: 'Léa Dubois', closed: true, closed_at: '2026-11-20T10:00:00Z' },
      course: { id: 7, title: 'Piloter un projet agile', archived: false, trainer: { id: 3, full_name: 'Claire Martin' } },
      generated_at: '2026-11-27T09:00:00Z',
      method: { version: 'v1', description: 'Temps mesuré par le serveur.' },
      summary: { enrolled_at: '2026-11-02T09:00:00Z', first_access: null, last_access: null, completed_at: null, connected_seconds: 0, active_seconds: 0, steps_total: 0, steps_validated: 0 },
      connections: [], steps: [], quiz_attempts: [], scorm: [], homework: [], messages: [],
      support: { recorded: true, note: 'Demandes d’assistance technique.', requests: [] },
    };
    const calls: string[] = [];
    stubFetch((request) => {
      if (request.method !== 'GET') calls.push(`${request.method} ${path(request)}`);
      if (path(request) === '/audit/students/11/courses/7/transcript') return json(transcript);
      if (path(request) === '/audit/students/11/courses/7/documents') return json([]);
      if (path(request) === '/audit/students/11/courses/7/dossier') return json({ id: 31, download_link_url: '/api/evidence/dossiers/31/download-link/' }, 201);
      if (path(request) === '/evidence/dossiers/31/download-link') return json({ url: '/api/evidence/dossiers/31/file/jeton.signature', expires_at: '2026-11-27T10:10:00Z' }, 201);
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/auditeur/cours/7/apprenants/11');
    const card = await screen.findByTestId('audit-dossier');
    expect(within(card).getByText(/vérifiable sur la page publique \/verifier/)).toBeInTheDocument();
    await userEvent.click(await within(card).findByRole('button', { name: /Dossier de preuves/ }));
    expect(await screen.findByText('Téléchargement du dossier lancé : votre navigateur l’enregistre et peut le reprendre s’il est interrompu.')).toBeInTheDocument();
    expect(calls).toEqual(['POST /audit/students/11/courses/7/dossier', 'POST /evidence/dossiers/31/download-link']);
  });

  it('/admin-auditors/{id}: the auditor, « Révoquer l’accès » and the access log', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    stubFetch((request) => {
      if (path(request) === '/admin/auditors/4') return json(auditor);
      if (path(request) === '/admin/auditors/4/accesses') return json([{ position: '90', occurred_at: '2026-11-27T10:00:00Z', what: 'transcript', course_id: 7, student_id: 11, document_id: null }]);
      if (path(request) === '/course') return json({ count: 0, next: null, previous: null, results: [] });
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/admin-auditors/4');
    expect(await screen.findByRole('heading', { name: 'Auditeur — Nathalie Girard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Révoquer l’accès' })).toBeInTheDocument();
    expect(await screen.findByText('Relevé de formation')).toBeInTheDocument();
    expect(screen.getByText('cours 7 · apprenant 11')).toBeInTheDocument();
  });
});
