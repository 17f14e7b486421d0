import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { axisStep, chartLayout, weekLabel } from '../components/weekly-chart';

const weeksOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    week_start: new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10),
    enrolments: i === n - 1 ? 3 : 1,
    active_learners: i + 1,
    completions: i === n - 1 ? 1 : 0,
  }));

function server(options: { totalsFail?: boolean; odd?: boolean } = {}) {
  return stubFetch((request) => {
    if (options.odd) return json({ ok: true });
    if (request.path === '/admin/dashboard/7') {
      return options.totalsFail ? json({ statusCode: 500, message: 'Erreur.' }, 500) : json({ total_courses: 9, total_students: 41, total_teachers: 3, last_updated: '2026-11-20T14:05:00Z' });
    }
    if (request.path === '/admin/dashboard/7/trends') {
      const n = Number(request.query.get('weeks'));
      const weeks = weeksOf(n);
      const enrolments = weeks.reduce((sum, w) => sum + w.enrolments, 0);
      return json({ weeks, enrolments_total: enrolments, completions_total: 1, completion_rate: Math.round((1000 * 1) / enrolments) / 10 });
    }
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
}

describe('/admin-dashboard', () => {
  beforeEach(() => startSession('admin', { id: 7, username: 'direction', access: 'a1', refresh: 'r1' }));

  it('shows the three totals with the last update, the quick links and the two cards of the spec', async () => {
    server();
    renderApp('/admin-dashboard');
    const totals = await screen.findByRole('region', { name: 'Totaux de la plateforme' });
    await waitFor(() => expect(totals).toHaveTextContent('9Cours41Étudiants3Formateurs'));
    expect(within(totals).getByRole('link', { name: /41\s*Étudiants/ })).toHaveAttribute('href', '/admin-users');
    expect(screen.getByTestId('dashboard-updated')).toHaveTextContent(/Dernière mise à jour : 20 novembre 2026/);
    const links = screen.getByRole('region', { name: 'Actions rapides' });
    expect(within(links).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/admin-courses', '/admin-users', '/admin-teachers', '/admin-stat-dashboard-user']);
    const cards = screen.getByRole('region', { name: 'Quiz et suivi' });
    expect(within(cards).getByRole('link', { name: /Gestion des quiz/ })).toHaveAttribute('href', '/admin-quizzes');
    expect(within(cards).getByRole('link', { name: /Suivi de progression/ })).toHaveAttribute('href', '/admin-stat-dashboard-user');
  });

  it('shows 0 for each total when the dashboard cannot be read (03: the totals default to 0)', async () => {
    server({ totalsFail: true });
    renderApp('/admin-dashboard');
    const totals = await screen.findByRole('region', { name: 'Totaux de la plateforme' });
    await waitFor(() => expect(totals).toHaveTextContent('0Cours0Étudiants0Formateurs'));
  });

  it('reads answers of another shape as 0 and « Impossible de charger l’activité. » rather than breaking', async () => {
    server({ odd: true });
    renderApp('/admin-dashboard');
    const totals = await screen.findByRole('region', { name: 'Totaux de la plateforme' });
    await waitFor(() => expect(totals).toHaveTextContent('0Cours0Étudiants0Formateurs'));
    expect(await screen.findByText("Impossible de charger l'activité.")).toBeInTheDocument();
  });

  it('draws enrolments and active learners per week with the completion rate, and reads another period on demand', async () => {
    const { calls } = server();
    renderApp('/admin-dashboard');
    const activity = await screen.findByTestId('dashboard-activity');
    const chart = await within(activity).findByRole('img');
    expect(chart).toHaveAccessibleName(/sur 12 semaines : 14 inscriptions, jusqu’à 12 apprenants actifs/);
    expect(chart.querySelectorAll('rect')).toHaveLength(24);
    expect(within(activity).getByTestId('completion-rate')).toHaveTextContent('7,1 %');
    expect(within(activity).getByTestId('completion-rate')).toHaveTextContent('1 cours terminé pour 14 inscriptions sur les 12 dernières semaines.');
    const rows = within(activity).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('07/0911');
    await userEvent.click(within(activity).getByText('4 sem.'));
    await waitFor(() => expect(within(activity).getByRole('img').querySelectorAll('rect')).toHaveLength(8));
    expect(calls.filter((c) => c.path === '/admin/dashboard/7/trends').map((c) => c.query.get('weeks'))).toEqual(['12', '4']);
  });
});

describe('the chart', () => {
  it('picks a round step for about four lines, and names weeks dd/mm', () => {
    expect([1, 4, 5, 9, 23, 140, 1000].map(axisStep)).toEqual([1, 1, 2, 5, 10, 50, 500]);
    expect(weekLabel('2026-09-07')).toBe('07/09');
  });

  it('draws at the width it has, labels never closer than 44 px, and scrolls only when weeks would be thinner than 14 px', () => {
    // 12 weeks in 524 px: 43 px each is too close for a label each: one in two.
    expect(chartLayout(12, 524)).toEqual({ width: 524, slot: 43, labelEvery: 2 });
    expect(chartLayout(12, 800).labelEvery).toBe(1);
    // 52 weeks in a phone's 300 px: drawn 736 px wide (52 × 14 + the margin), scrolled sideways, one label in four.
    expect(chartLayout(52, 300)).toEqual({ width: 736, slot: 14, labelEvery: 4 });
    for (const [weeks, available] of [[4, 300], [12, 300], [26, 560], [52, 560], [52, 1200]] as const) {
      const { width, slot, labelEvery } = chartLayout(weeks, available);
      expect(width).toBeGreaterThanOrEqual(available);
      expect(slot).toBeGreaterThanOrEqual(14);
      expect(slot * labelEvery).toBeGreaterThanOrEqual(44);
    }
  });
});
