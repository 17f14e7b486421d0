import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const course = (id: number, title: string, progress: number, time_spent: number) => ({
  id, title, featured_img: null, progress, time_spent, connected_time: time_spent, enrollment_date: '2026-01-15T09:00:00Z',
  completed_at: progress === 100 ? '2026-02-20T09:00:00Z' : null, last_activity_at: null, formateurs: [],
});

function server(courses: unknown) {
  return stubFetch((request) => {
    if (request.path === '/student-courses/7/') return json(courses);
    if (request.path === '/student/dashboard/7/') return json({ is_active: true, enrolled_courses: 3, complete_assignments: 1, pending_assignments: 2 });
    if (request.path === '/student/7/') return json({ id: 7, fullname: 'Léa Dubois', username: 'lea' });
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
}

describe('/user-dashboard course tracking', () => {
  it('lists the courses with progress, active time, status and the way in, filtered by band with counts', async () => {
    startSession('student', { id: 7, username: 'lea', access: 'a1', refresh: 'r1' });
    server([course(1, 'Agilité', 100, 5_400), course(2, 'Modèles Word', 63, 1_200), course(4, 'Cybersécurité', 0, 0)]);
    renderApp('/user-dashboard');
    const tracking = await screen.findByRole('region', { name: 'Suivi de mes cours' });
    const rows = await within(tracking).findAllByTestId('tracked-course');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Agilité100 %1 h 30 minTerminéRevoir',
      'Modèles Word63 %20 minEn coursReprendre',
      'Cybersécurité0 %0 sNon commencéCommencer',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Reprendre : Modèles Word' })).toHaveAttribute('href', '/mini/2');
    expect(within(rows[1]!).getByRole('link', { name: 'Modèles Word' })).toHaveAttribute('href', '/detail/2');
    expect(within(rows[1]!).getByRole('progressbar', { name: 'Progression de Modèles Word' })).toHaveAttribute('aria-valuenow', '63');

    expect(within(tracking).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual(['Tous (3)', 'Non commencés (1)', 'En cours (1)', 'Terminés (1)']);
    await userEvent.click(within(tracking).getByText('Terminés (1)'));
    expect(within(tracking).getAllByTestId('tracked-course').map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Agilité']);
    await userEvent.click(within(tracking).getByText('Non commencés (1)'));
    expect(within(tracking).getAllByTestId('tracked-course').map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Cybersécurité']);
    // Counters first, the table, then the quick links (01 §2.4).
    const order = [screen.getByRole('region', { name: 'Mes chiffres' }), tracking, screen.getByRole('region', { name: 'Accès rapides' })];
    expect(order.every((node, i) => i === 0 || order[i - 1]!.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(true);
  });

  it('invites a student without courses to browse the categories', async () => {
    startSession('student', { id: 7, username: 'lea', access: 'a1', refresh: 'r1' });
    server([]);
    renderApp('/user-dashboard');
    const tracking = await screen.findByRole('region', { name: 'Suivi de mes cours' });
    expect(await within(tracking).findByRole('link', { name: 'Parcourir les catégories' })).toHaveAttribute('href', '/category');
  });

  it("says 'Impossible de charger vos cours' when the answer is not a list, rather than breaking the dashboard", async () => {
    startSession('student', { id: 7, username: 'lea', access: 'a1', refresh: 'r1' });
    server({ detail: 'pas une liste' });
    renderApp('/user-dashboard');
    const tracking = await screen.findByRole('region', { name: 'Suivi de mes cours' });
    expect(await within(tracking).findByText('Impossible de charger vos cours')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Accès rapides' })).toBeInTheDocument();
  });
});
