import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const path = (request: FakeRequest) => request.path.replace(/\/$/, '');
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const filters = {
  courses: [{ id: 7, title: 'Excel : tableaux croisés dynamiques' }, { id: 8, title: 'Gestion de projet agile' }],
  sessions: [{ id: 5, name: 'Session de janvier 2027', course_id: 7 }],
};
const nadia = {
  student_id: 11, student_name: 'Nadia Benali', course_id: 7, course_title: 'Excel : tableaux croisés dynamiques', session_id: null, session_name: null,
  kind: 'inactive', days: 12, percentage: 50, expected_percentage: null, enrolled_at: '2026-10-01T09:00:00Z', last_activity_at: '2026-11-15T09:00:00Z',
  reminders: [{ id: 3, nth: 1, decided_at: '2026-11-20T08:30:00Z', manual: false, mailed_at: '2026-11-20T08:30:02Z', activity_since: false }],
};
const lea = {
  ...nadia, student_id: 12, student_name: 'Léa Dubois', session_id: 5, session_name: 'Session de janvier 2027', kind: 'behind', days: null, percentage: 10, expected_percentage: 60, reminders: [],
};
const settings = {
  not_started_enabled: true, not_started_days: 7, inactive_enabled: true, inactive_days: 14, behind_enabled: true, behind_margin_points: 20,
  reminder_interval_days: 7, max_reminders: 3, changed_at: null,
};

describe('engagement alerts (docs/adr/0053)', () => {
  it('/admin-alertes lists the learners in alert with their figures and reminders, filters on the server, and « Relancer maintenant » sends one key', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const asked: string[] = [];
    const posts: unknown[] = [];
    stubFetch((request) => {
      if (path(request) === '/engagement/filters') return json(filters);
      if (path(request) === '/engagement/alerts') {
        asked.push(request.query.toString());
        return json(page(request.query.get('kind') === 'behind' ? [lea] : [nadia, lea]));
      }
      if (request.method === 'POST' && path(request) === '/engagement/alerts/remind') {
        posts.push(request.body);
        return json({ reminder_id: 9, nth: 1, kind: 'behind', mailed: true }, 201);
      }
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/admin-alertes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alertes d’assiduité' }, { timeout: 10_000 })).toBeInTheDocument();
    const nadiaRow = (await screen.findByRole('link', { name: 'Relevé de Nadia Benali' })).closest('tr')! as HTMLElement;
    expect(screen.getByRole('link', { name: 'Relevé de Nadia Benali' })).toHaveAttribute('href', '/admin-student-detail/11/releve/7');
    expect(within(nadiaRow).getByText('Inactif')).toBeInTheDocument();
    expect(within(nadiaRow).getByText('Aucune activité depuis 12 jours (progression 50 %)')).toBeInTheDocument();
    expect(within(nadiaRow).getByText('1re relance le 20/11/2026 09:30')).toBeInTheDocument();
    const leaRow = screen.getByRole('link', { name: 'Relevé de Léa Dubois' }).closest('tr')! as HTMLElement;
    expect(within(leaRow).getByText('Progression 10 % pour 60 % de la session écoulée')).toBeInTheDocument();
    expect(within(leaRow).getByText('Session : Session de janvier 2027')).toBeInTheDocument();
    expect(within(leaRow).getByText('Aucune relance')).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Type d’alerte'));
    await userEvent.click(await screen.findByTitle('En retard sur la session'));
    expect(await screen.findByText('Progression 10 % pour 60 % de la session écoulée')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Relevé de Léa Dubois' });
    expect(screen.queryByRole('link', { name: 'Relevé de Nadia Benali' })).not.toBeInTheDocument();
    expect(asked.at(-1)).toBe('kind=behind&page=1&page_size=20');

    await userEvent.click(screen.getByRole('button', { name: 'Relancer maintenant Léa Dubois' }));
    expect(await screen.findByText('Léa Dubois a été relancé(e) (1re relance).')).toBeInTheDocument();
    expect(posts).toEqual([{ student_id: 12, course_id: 7, request_key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it('the trainer’s screen links to the trainer’s transcript and has no settings tab', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    stubFetch((request) => {
      if (path(request) === '/engagement/filters') return json(filters);
      if (path(request) === '/engagement/alerts') return json(page([nadia]));
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/teacher-alertes');
    expect(await screen.findByRole('link', { name: 'Relevé de Nadia Benali' }, { timeout: 10_000 })).toHaveAttribute('href', '/enrolled-students/7/releve/11');
    expect(screen.queryByText('Réglages')).not.toBeInTheDocument();
    expect(screen.getByText('Relances envoyées')).toBeInTheDocument();
  });

  it('the sent reminders show their effect, and the settings are saved with the values changed', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const puts: unknown[] = [];
    stubFetch((request) => {
      if (path(request) === '/engagement/filters') return json(filters);
      if (path(request) === '/engagement/alerts') return json(page([]));
      if (path(request) === '/engagement/reminders') {
        return json(page([{ id: 3, nth: 2, decided_at: '2026-11-20T08:30:00Z', manual: true, mailed_at: '2026-11-20T08:30:02Z', activity_since: true, student_id: 11, student_name: 'Nadia Benali', course_id: 7, course_title: 'Excel : tableaux croisés dynamiques', kind: 'inactive', by_role: 'admin' }]));
      }
      if (path(request) === '/admin/engagement/settings' && request.method === 'PUT') {
        puts.push(request.body);
        return json({ ...settings, ...(request.body as object), changed_at: '2026-11-27T10:00:00Z' });
      }
      if (path(request) === '/admin/engagement/settings') return json(settings);
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/admin-alertes');
    expect(await screen.findByText('Aucun apprenant en alerte.', {}, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Relances envoyées'));
    const row = (await screen.findByRole('link', { name: 'Relevé de Nadia Benali' })).closest('tr')! as HTMLElement;
    expect(within(row).getByText('Oui')).toBeInTheDocument();
    expect(within(row).getByText('À la main')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Réglages'));
    const days = await screen.findByLabelText('Jours sans activité');
    await userEvent.clear(days);
    await userEvent.type(days, '21');
    await userEvent.click(screen.getByLabelText('Alerte « En retard sur la session » activée'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les réglages' }));
    expect(await screen.findByText('Réglages enregistrés.')).toBeInTheDocument();
    expect(puts).toEqual([{
      not_started_enabled: true, not_started_days: 7, inactive_enabled: true, inactive_days: 21, behind_enabled: false, behind_margin_points: 20,
      reminder_interval_days: 7, max_reminders: 3,
    }]);
  });
});
