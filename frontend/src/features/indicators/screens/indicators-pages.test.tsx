import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const path = (request: FakeRequest) => request.path.replace(/\/$/, '');
const figures = {
  learners: 8, completed: 3, dropped: 1, in_progress: 4, not_started: 2, completion_rate: 0.375, dropout_rate: 0.125,
  evaluated: 8, evaluation_taken: 5, evaluation_passed: 4, success_rate: 0.8, average_score: 71.3, opened_any: 6, steps_opened_share: 0.52,
  downloaded_any: 5, documents_downloaded: 12,
  reminded: 3, reminded_active: 2, reminders_sent: 4, reactivation_rate: 0.667,
};
const view = (publicResults: boolean) => ({
  scope: { from: '2025-11-28', to: '2026-11-27', course_id: null, session_id: null, session_name: null },
  cohort: figures,
  courses: [{ ...figures, course_id: 7, title: 'Excel : tableaux croisés dynamiques', final_quiz_id: 3 }],
  complaints: { received: 2, answered: 2, treated: 1, median_handling_seconds: 5400, average_handling_seconds: 7200, by_category: [{ category: 'technique', count: 2 }] },
  satisfaction: { sent: 10, answered: 6, response_rate: 0.6, by_kind: [{ kind: 'chaud', sent: 8, answered: 5, response_rate: 0.625 }, { kind: 'employeur', sent: 2, answered: 1, response_rate: 0.5 }] },
  public_results: publicResults,
  computed_at: '2026-11-27T09:00:00Z',
});
const learner = {
  student_id: 11, fullname: 'Léa Dubois', email: 'lea.dubois@example.fr', closed: false, course_id: 7, course_title: 'Excel : tableaux croisés dynamiques',
  enrolled_at: '2026-09-07T08:00:00Z', left_at: null, completed_at: '2026-10-20T14:00:00Z', steps_opened: 9, steps: 9, documents_downloaded: 4, final_quiz_id: 3, final_best_percent: 85, final_passed: true, status: 'completed',
};

describe('the Qualiopi indicators (docs/adr/0056)', () => {
  it('/admin-indicateurs shows the figures with their rates, opens the learners behind one, and publishes the results', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const asked: string[] = [];
    let published = false;
    stubFetch((request) => {
      const p = path(request);
      if (request.method === 'PUT' && p === '/admin/indicators/public-results') {
        published = true;
        return json({ enabled: true, from: '2025-11-28', to: '2026-11-27', overall: { learners: 8, completion_rate: 0.375, success_rate: 0.8 }, courses: [], updated_at: '2026-11-27T09:00:00Z' });
      }
      if (p === '/admin/indicators') return json(view(published));
      if (p === '/admin/indicators/learners') {
        asked.push(request.query.get('figure') ?? '');
        return json({ count: 1, next: null, previous: null, results: [learner] });
      }
      if (p === '/courses/all') return json([{ id: 7, title: 'Excel : tableaux croisés dynamiques' }]);
      if (p === '/admin/sessions') return json([]);
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/admin-indicateurs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Indicateurs Qualiopi' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Les apprenants entrés en formation du 28/11/2025 au 27/11/2026.', { exact: false })).toBeInTheDocument();
    const completed = screen.getByTestId('figure-completed');
    expect(completed).toHaveTextContent('3');
    expect(completed).toHaveTextContent('Taux d’achèvement 37,5 %');
    expect(screen.getByTestId('figure-evaluation_passed')).toHaveTextContent('Taux de réussite 80 %');
    expect(screen.getByTestId('figure-evaluation_failed')).toHaveTextContent('1');
    expect(screen.getByText('1 h 30 min')).toBeInTheDocument();
    expect(screen.getByTestId('figure-reminded_active')).toHaveTextContent('Taux de reprise 66,7 %');
    expect(screen.getByText('À chaud (apprenants) : 5 / 8 (62,5 %)')).toBeInTheDocument();
    expect(screen.getByTestId('figure-downloaded')).toHaveTextContent('5Ont téléchargé au moins un document');
    expect(screen.getByTestId('figure-documents_downloaded')).toHaveTextContent('12Documents téléchargés');

    await userEvent.click(completed);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Apprenants : Formation terminée')).toBeInTheDocument();
    expect(await within(dialog).findByRole('link', { name: 'Léa Dubois' })).toHaveAttribute('href', '/admin-student-detail/11');
    expect(within(dialog).getByText('85 %')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('completed');
    expect(within(dialog).getByRole('columnheader', { name: 'Documents téléchargés' })).toBeInTheDocument();

    const toggle = screen.getByRole('switch', { name: 'Publier les résultats sur le site' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Les résultats sont publiés sur la page « Nos résultats ».')).toBeInTheDocument();
  }, 60_000);

  it('/nos-resultats shows a rate only from five learners, and says when the centre publishes nothing', async () => {
    stubFetch((request) =>
      path(request) === '/public-results'
        ? json({
            enabled: true, from: '2025-11-28', to: '2026-11-27', overall: { learners: 11, completion_rate: 0.364, success_rate: null }, updated_at: '2026-11-27T09:00:00Z',
            courses: [
              { course_id: 7, title: 'Excel : tableaux croisés dynamiques', learners: 8, completion_rate: 0.375, success_rate: 0.8 },
              { course_id: 9, title: 'Anglais professionnel', learners: 3, completion_rate: null, success_rate: null },
            ],
          })
        : json({ statusCode: 404, message: 'Introuvable.' }, 404),
    );
    renderApp('/nos-resultats');
    const excel = (await screen.findByText('Excel : tableaux croisés dynamiques', {}, { timeout: 10_000 })).closest('tr')! as HTMLElement;
    expect(within(excel).getByText('37,5 %')).toBeInTheDocument();
    const english = screen.getByText('Anglais professionnel').closest('tr')! as HTMLElement;
    expect(within(english).getAllByText('Effectif insuffisant')).toHaveLength(2);
  });

  it('/nos-resultats without publication shows no figure', async () => {
    stubFetch((request) =>
      path(request) === '/public-results'
        ? json({ enabled: false, from: '2025-11-28', to: '2026-11-27', overall: null, courses: [], updated_at: '2026-11-27T09:00:00Z' })
        : json({ statusCode: 404, message: 'Introuvable.' }, 404),
    );
    renderApp('/nos-resultats');
    expect(await screen.findByText('Le centre ne publie pas encore ses résultats sur cette page.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
