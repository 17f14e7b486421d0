import { act, fireEvent, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { pageWindow } from '../components/page-numbers';

const row = (id: number, fullname: string, progress: number, seconds: number, courses: string[] = ['Agilité']) => ({
  id, fullname, email: `${fullname.split(' ')[0]!.toLowerCase()}@exemple.fr`, username: fullname.toLowerCase().replace(' ', '.'), date_entree: '2026-01-15',
  courses, progress_percentage: progress, total_time_spent_seconds: seconds, courses_completed: 0,
  // Issue 28: each course with the learner's own percentage in it.
  course_progress: courses.map((title, i) => ({ course_id: 40 + i, title, percentage: progress, active_seconds: seconds, last_activity_at: null, completed: progress === 100 })),
});

const STUDENTS = [row(1, 'Léa Dubois', 85, 3725), row(2, 'Hugo Lefèvre', 65, 60), row(3, 'Inès Moreau', 45, 0, []), row(4, 'Tom Petit', 10, 59), row(5, 'Zoé Roux', 100, 7200)];

function server(count = 23, handler?: (request: FakeRequest) => Response | undefined) {
  return stubFetch((request) => {
    const own = handler?.(request);
    if (own) return own;
    if (request.path === '/admin/students/progress/') {
      const search = request.query.get('search') ?? '';
      const rows = STUDENTS.filter((s) => s.fullname.toLowerCase().includes(search.toLowerCase()));
      return json({ count: search ? rows.length : count, results: rows });
    }
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
}

describe('/admin-stat-dashboard-user', () => {
  beforeEach(() => startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' }));

  it('lists the page of students: initials, @username, courses or Aucun, the coloured bar, HH:MM:SS', async () => {
    const { calls } = server();
    renderApp('/admin-stat-dashboard-user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Suivi de progression' })).toBeInTheDocument();
    const table = await screen.findByTestId('progress-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('LDLéa Dubois@léa.dubois');
    expect(rows[0]).toHaveTextContent('léa@exemple.fr');
    expect(rows[0]).toHaveTextContent('15/01/2026');
    expect(rows[0]).toHaveTextContent('01:02:05');
    expect(rows[2]).toHaveTextContent('Aucun');
    // Each course with the learner's own percentage there, leading to the course's grid (issue 28).
    const leaCourses = within(rows[0]!).getByRole('list', { name: 'Cours suivis par Léa Dubois' });
    expect(leaCourses).toHaveTextContent('85 % Agilité');
    expect(within(leaCourses).getByRole('link', { name: 'Agilité' })).toHaveAttribute('href', '/admin-course-detail/40/progression');
    expect(within(rows[4]!).getByRole('list', { name: 'Cours suivis par Zoé Roux' })).toHaveTextContent('100 % (terminé) Agilité');
    expect(within(table).getAllByRole('progressbar').map((bar) => bar.parentElement!.getAttribute('data-colour'))).toEqual(['green', 'yellow', 'orange', 'red', 'green']);
    expect(screen.getByTestId('progress-counter')).toHaveTextContent('5 étudiants affichés · 23 étudiants au total');
    expect(calls.find((c) => c.path === '/admin/students/progress/')!.query.get('page_size')).toBe('5');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 1 sur 5 (5 étudiants par page)');
  });

  it('pages with numbers, next and last; searches after a 400 ms pause, back to page 1', async () => {
    const { calls } = server();
    renderApp('/admin-stat-dashboard-user');
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await vi.waitFor(() => expect(within(nav).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page'));
    expect(calls.filter((c) => c.path === '/admin/students/progress/').at(-1)!.query.get('page')).toBe('3');
    await userEvent.click(within(nav).getByRole('button', { name: 'Dernière page' }));
    await screen.findByText('Page 5 sur 5 (5 étudiants par page)');
    expect(within(nav).getByRole('button', { name: 'Page suivante' })).toBeDisabled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Rechercher un étudiant' }), 'léa');
    await vi.waitFor(() => expect(screen.getByTestId('progress-counter')).toHaveTextContent('1 étudiant affiché · 1 étudiant au total'), { timeout: 3000 });
    const last = calls.filter((c) => c.path === '/admin/students/progress/').at(-1)!;
    expect([last.query.get('search'), last.query.get('page')]).toEqual(['léa', '1']);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it("says 'Aucun étudiant trouvé' / 'Modifiez vos critères de recherche' when nothing matches", async () => {
    server(0, (request) => (request.path === '/admin/students/progress/' ? json({ count: 0, results: [] }) : undefined));
    renderApp('/admin-stat-dashboard-user');
    expect(await screen.findByText('Aucun étudiant trouvé')).toBeInTheDocument();
    expect(screen.getByText('Modifiez vos critères de recherche')).toBeInTheDocument();
  });

  it("refuses a date-range export without both dates: 'Merci de spécifier une date de début et de fin.'", async () => {
    const { calls } = server();
    renderApp('/admin-stat-dashboard-user');
    await screen.findByTestId('progress-table');
    await userEvent.click(screen.getByRole('button', { name: /Exporter la période/ }));
    expect(await screen.findByText('Merci de spécifier une date de début et de fin.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('/export/'))).toBe(false);
  });

  it('filters the list by the dates, and exports the range from the server with every control disabled meanwhile', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = server(23, (request) => {
      if (request.path !== '/admin/exports/progress/') return undefined;
      const body = new ReadableStream({
        async start(controller) {
          controller.enqueue(new Uint8Array(2048));
          await held;
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="Progression_2026-01-01_to_2026-02-01.xlsx"', 'x-export-rows': '23' } });
    });
    const created = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    renderApp('/admin-stat-dashboard-user');
    await screen.findByTestId('progress-table');
    fireEvent.change(screen.getByLabelText('Date de début'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Date de fin'), { target: { value: '2026-02-01' } });
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/admin/students/progress/').at(-1)!.query.get('end_date')).toBe('2026-02-01'));
    await userEvent.click(screen.getByRole('button', { name: /Exporter la période/ }));
    await waitFor(() => expect(screen.getByTestId('export-progress')).toHaveTextContent('23 lignes, 2 Ko reçus'));
    expect(screen.getByRole('button', { name: /Exporter tous les étudiants/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exporter la progression de Léa Dubois' })).toBeDisabled();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' })).toBeDisabled();
    const exported = calls.find((c) => c.path === '/admin/exports/progress/')!;
    expect([exported.query.get('start_date'), exported.query.get('end_date')]).toEqual(['2026-01-01', '2026-02-01']);
    await act(async () => release());
    expect(await screen.findByText('Fichier Progression_2026-01-01_to_2026-02-01.xlsx téléchargé.')).toBeInTheDocument();
    expect(created).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: /Exporter tous les étudiants/ })).toBeEnabled();
  });

  it('filters the list and the exports by a training session chosen beside the dates', async () => {
    const sessions = [
      { id: 5, course_id: 7, course_title: 'Excel : tableaux croisés dynamiques', name: 'Session de janvier 2027', start_date: '2027-01-11', end_date: '2027-03-26', learners: 2, trainers: 1 },
      { id: 6, course_id: 8, course_title: 'Word : publipostage', name: 'Session de février 2027', start_date: '2027-02-01', end_date: '2027-02-26', learners: 1, trainers: 0 },
    ];
    const { calls } = server(23, (request) => {
      if (request.path === '/admin/sessions/') return json(sessions);
      if (request.path === '/admin/students/progress/' && request.query.get('session') === '5') return json({ count: 2, results: STUDENTS.slice(0, 2) });
      if (request.path === '/admin/exports/progress/') return new Response(new Uint8Array(16), { headers: { 'content-disposition': 'attachment; filename="Progression_Session_de_janvier_2027_2027-01-11.xlsx"', 'x-export-rows': '2' } });
      return undefined;
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    renderApp('/admin-stat-dashboard-user');
    await screen.findByTestId('progress-table');
    await userEvent.click(screen.getByRole('combobox', { name: 'Session' }));
    await userEvent.click(await screen.findByTitle('Session de janvier 2027 — Excel : tableaux croisés dynamiques (du 11/01/2027 au 26/03/2027)'));
    await waitFor(() => expect(screen.getByTestId('progress-counter')).toHaveTextContent('2 étudiants affichés · 2 étudiants au total'));
    const listed = calls.filter((c) => c.path === '/admin/students/progress/');
    expect([listed[0]!.query.get('session'), listed.at(-1)!.query.get('session'), listed.at(-1)!.query.get('page')]).toEqual([null, '5', '1']);
    await userEvent.click(screen.getByRole('button', { name: /Exporter tous les étudiants/ }));
    expect(await screen.findByText('Fichier Progression_Session_de_janvier_2027_2027-01-11.xlsx téléchargé.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/exports/progress/')!.query.get('session')).toBe('5');
  });
});

describe('pageWindow', () => {
  it('keeps five numbers around the page, within the pages', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});
