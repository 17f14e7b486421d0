import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { atPhoneWidth } from '../../../test/screen-width';

const path = (request: FakeRequest) => request.path.replace(/\/$/, '');
const edof = (kind: 'entry' | 'exit', status: string, extra: Record<string, unknown> = {}) => ({
  kind,
  date: kind === 'entry' ? '2027-01-11' : '2027-03-26',
  deadline: kind === 'entry' ? '2027-01-14' : '2027-04-01',
  declared_on: null,
  status,
  working_days_left: null,
  ...extra,
});
const session = {
  id: 5,
  course_id: 7,
  course_title: 'Excel : tableaux croisés dynamiques',
  name: 'Session de janvier 2027',
  start_date: '2027-01-11',
  end_date: '2027-03-26',
  learners: 2,
  trainers: 1,
  today: '2027-01-12',
  trainers_list: [{ teacher_id: 3, full_name: 'Claire Martin', joined_at: '2026-12-01T09:00:00Z' }],
  learners_list: [
    {
      student_id: 11,
      full_name: 'Léa Dubois',
      email: 'lea.dubois@example.fr',
      joined_at: '2026-12-01T09:00:00Z',
      left_at: null,
      funder: 'cpf',
      funding_label: 'CPF (Caisse des Dépôts)',
      dossier_number: 'CPF-2027-000123',
      cpf: true,
      edof: { entry: edof('entry', 'a_declarer', { working_days_left: 2 }), exit: edof('exit', 'a_venir') },
    },
    {
      student_id: 12,
      full_name: 'Karim Haddad',
      email: 'karim.haddad@example.fr',
      joined_at: '2026-12-01T09:00:00Z',
      left_at: null,
      funder: 'opco',
      funding_label: 'OPCO',
      dossier_number: null,
      cpf: false,
      edof: null,
    },
  ],
};

const line = (student_id: number, full_name: string, extra: Record<string, unknown> = {}) => ({
  student_id,
  full_name,
  email: `${student_id}@example.fr`,
  dossier_number: null,
  funding_label: null,
  entry_date: '2027-01-11',
  exit_date: '2027-03-26',
  left_at: null,
  reason: null,
  planned_minutes: 600,
  realised_minutes: 0,
  not_completed_minutes: 600,
  completion_per_mille: 0,
  ...extra,
});
const serviceFait = {
  session_id: 5,
  course_id: 7,
  course_title: session.course_title,
  name: session.name,
  start_date: session.start_date,
  end_date: session.end_date,
  planned_minutes: 600,
  lines: [
    line(11, 'Léa Dubois', { dossier_number: 'CPF-2027-000123', funding_label: 'CPF (Caisse des Dépôts)', realised_minutes: 450, not_completed_minutes: 150, completion_per_mille: 750 }),
    line(13, 'Marc Leroy', { exit_date: '2027-02-01', left_at: '2027-02-01T10:00:00Z', reason: 'abandon', realised_minutes: 119, not_completed_minutes: 481, completion_per_mille: 198 }),
  ],
};

describe('training sessions (docs/adr/0050)', () => {
  it('/admin-sessions lists the sessions and links each', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    stubFetch((request) => (path(request) === '/admin/sessions' ? json([session]) : json({ statusCode: 404, message: 'Introuvable.' }, 404)));
    renderApp('/admin-sessions');
    expect(await screen.findByRole('link', { name: 'Session de janvier 2027' }, { timeout: 10_000 })).toHaveAttribute('href', '/admin-sessions/5');
    expect(screen.getByText('11/01/2027')).toBeInTheDocument();
  });

  it('/admin-sessions/{id} shows the EDOF deadlines of the day and notes a declaration', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const calls: string[] = [];
    let declared = false;
    stubFetch((request) => {
      if (request.method !== 'GET') calls.push(`${request.method} ${path(request)}`);
      if (request.method === 'PUT' && path(request) === '/admin/students/11/courses/7/edof/entry') {
        declared = true;
        return json({ declared: true, declared_on: '2027-01-12' });
      }
      if (path(request) === '/admin/sessions/5') {
        const first = { ...session.learners_list[0], edof: { ...session.learners_list[0].edof!, entry: declared ? edof('entry', 'declaree', { declared_on: '2027-01-12' }) : session.learners_list[0].edof!.entry } };
        return json({ ...session, learners_list: [first, session.learners_list[1]] });
      }
      if (path(request) === '/fetch-enrolled-students/7' || path(request) === '/formateur') return json(path(request) === '/formateur' ? { count: 0, next: null, previous: null, results: [] } : []);
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/admin-sessions/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Session de janvier 2027' })).toBeInTheDocument();
    expect(screen.getByText('Excel : tableaux croisés dynamiques · du 11/01/2027 au 26/03/2027')).toBeInTheDocument();
    const lea = screen.getByText('Léa Dubois').closest('tr')! as HTMLElement;
    expect(within(lea).getByText('À déclarer')).toBeInTheDocument();
    expect(within(lea).getByText('Échéance : 14/01/2027 · 2 jours ouvrés restants')).toBeInTheDocument();
    const karim = screen.getByText('Karim Haddad').closest('tr')! as HTMLElement;
    expect(within(karim).getAllByText('Hors CPF')).toHaveLength(2);
    await userEvent.click(within(lea).getByRole('button', { name: 'Noter que l’entrée de Léa Dubois a été déclarée sur EDOF aujourd’hui' }));
    expect(await within(screen.getByText('Léa Dubois').closest('tr')! as HTMLElement).findByText('Déclarée le 12/01/2027')).toBeInTheDocument();
    expect(calls).toEqual(['PUT /admin/students/11/courses/7/edof/entry']);
  });

  it('« Programmer une session » sends the course, the dates and one request key, and refuses an end before the start without asking the server', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const posts: Record<string, unknown>[] = [];
    stubFetch((request) => {
      if (request.method === 'POST' && path(request) === '/admin/sessions') {
        posts.push(request.body as Record<string, unknown>);
        return json({ id: 5 }, 201);
      }
      if (path(request) === '/admin/sessions') return json([]);
      if (path(request) === '/course') return json({ count: 1, next: null, previous: null, results: [{ id: 7, title: 'Excel : tableaux croisés dynamiques' }] });
      if (path(request) === '/admin/sessions/5') return json(session);
      if (path(request) === '/fetch-enrolled-students/7') return json([]);
      if (path(request) === '/formateur') return json({ count: 0, next: null, previous: null, results: [] });
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/admin-sessions');
    await userEvent.click(await screen.findByRole('button', { name: 'Programmer une session' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Programmer une session' });
    await userEvent.click(within(dialog).getByLabelText('Cours'));
    await userEvent.click(await screen.findByTitle('Excel : tableaux croisés dynamiques'));
    await userEvent.type(within(dialog).getByLabelText('Nom de la session'), 'Session de janvier 2027');
    await userEvent.type(within(dialog).getByLabelText('Premier jour'), '2027-01-11');
    await userEvent.type(within(dialog).getByLabelText('Dernier jour'), '2027-01-10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Programmer' }));
    expect(await within(dialog).findByText('La date de fin ne peut pas précéder la date de début.')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await userEvent.clear(within(dialog).getByLabelText('Dernier jour'));
    await userEvent.type(within(dialog).getByLabelText('Dernier jour'), '2027-03-26');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Programmer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Session de janvier 2027' })).toBeInTheDocument();
    expect(posts).toEqual([{ course: 7, name: 'Session de janvier 2027', start_date: '2027-01-11', end_date: '2027-03-26', request_key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it('an unknown session says it is not found', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    stubFetch(() => json({ statusCode: 404, message: 'Session de formation introuvable.' }, 404));
    renderApp('/admin-sessions/99');
    expect(await screen.findByRole('link', { name: /Toutes les sessions/ })).toHaveAttribute('href', '/admin-sessions');
    expect(await screen.findByText(/introuvable/i)).toBeInTheDocument();
  });

  it('/admin-sessions filters by course through the API, the sessions of that course only', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const { calls } = stubFetch((request) => {
      if (path(request) === '/admin/sessions') return json(request.query.get('course') === '8' ? [] : [session]);
      if (path(request) === '/course') return json({ count: 2, next: null, previous: null, results: [{ id: 7, title: 'Excel : tableaux croisés dynamiques' }, { id: 8, title: 'Word : publipostage' }] });
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/admin-sessions');
    expect(await screen.findByRole('link', { name: 'Session de janvier 2027' }, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrer par cours' }));
    await userEvent.click(await screen.findByTitle('Word : publipostage'));
    expect(await screen.findByText('Aucune session programmée pour le moment.')).toBeInTheDocument();
    expect(calls.filter((c) => path(c) === '/admin/sessions').map((c) => c.query.get('course'))).toEqual([null, '8']);
  });

  it('/admin-sessions/{id} shows the service fait per learner, keeps the admin’s reason and exports the workbook', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const puts: unknown[] = [];
    let reasons: Record<number, string | null> = { 13: 'abandon' };
    const { calls } = stubFetch((request) => {
      if (request.method === 'PUT' && path(request) === '/admin/sessions/5/learners/11/reason') {
        puts.push(request.body);
        reasons = { ...reasons, 11: (request.body as { reason: string | null }).reason };
        return json({ changed: true });
      }
      if (path(request) === '/admin/sessions/5/service-fait') return json({ ...serviceFait, lines: serviceFait.lines.map((l) => ({ ...l, reason: reasons[l.student_id] ?? null })) });
      if (path(request) === '/admin/sessions/5/service-fait/export') {
        return new Response(new Uint8Array(16), { headers: { 'content-disposition': 'attachment; filename="Service_fait_Session_de_janvier_2027_2027-01-11.xlsx"' } });
      }
      if (path(request) === '/admin/sessions/5') return json(session);
      if (path(request) === '/fetch-enrolled-students/7') return json([]);
      if (path(request) === '/formateur') return json({ count: 0, next: null, previous: null, results: [] });
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    renderApp('/admin-sessions/5');
    const section = await screen.findByTestId('service-fait', {}, { timeout: 10_000 });
    const lea = (await within(section).findByText('Léa Dubois')).closest('tr')! as HTMLElement;
    expect(lea).toHaveTextContent('Dossier CPF-2027-000123');
    expect(lea).toHaveTextContent('11/01/2027 – 26/03/2027');
    expect(within(lea).getByText('10 h')).toBeInTheDocument();
    expect(within(lea).getByText('7,5 h')).toBeInTheDocument();
    expect(within(lea).getByText('2,5 h')).toBeInTheDocument();
    expect(within(lea).getByText('75 %')).toBeInTheDocument();
    const marc = within(section).getByText('Marc Leroy').closest('tr')! as HTMLElement;
    expect(marc).toHaveTextContent('11/01/2027 – 01/02/2027');
    expect(within(marc).getByText('1,98 h')).toBeInTheDocument();
    expect(within(marc).getByText('19,8 %')).toBeInTheDocument();
    expect(within(marc).getByText('Abandon')).toBeInTheDocument();
    await userEvent.click(within(lea).getByRole('combobox', { name: 'Motif de réalisation partielle de Léa Dubois' }));
    await userEvent.click(await screen.findByTitle('Force majeure'));
    expect(await screen.findByText('Motif enregistré.')).toBeInTheDocument();
    expect(puts).toEqual([{ reason: 'force_majeure' }]);
    await userEvent.click(within(section).getByRole('button', { name: /Exporter le service fait/ }));
    expect(await screen.findByText('Service_fait_Session_de_janvier_2027_2027-01-11.xlsx est téléchargé.')).toBeInTheDocument();
    expect(calls.some((c) => path(c) === '/admin/sessions/5/service-fait/export')).toBe(true);
  });

  it('on a phone, the learners and the service fait are cards, not tables that scroll sideways', async () => {
    atPhoneWidth();
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    stubFetch((request) => {
      if (path(request) === '/admin/sessions/5/service-fait') return json(serviceFait);
      if (path(request) === '/admin/sessions/5') return json(session);
      if (path(request) === '/fetch-enrolled-students/7') return json([]);
      if (path(request) === '/formateur') return json({ count: 0, next: null, previous: null, results: [] });
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/admin-sessions/5');
    const cards = await screen.findByTestId('session-learner-cards', {}, { timeout: 10_000 });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('Léa Dubois');
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('À déclarer');
    const section = screen.getByTestId('service-fait');
    expect(await within(section).findByRole('list', { name: 'Service fait (EDOF)' })).toHaveTextContent('Marc Leroy');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
