import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const steps = [
  { kind: 'chapter', step_id: 11, chapter_id: 11, title: 'Accueil', content_type: 'text' },
  { kind: 'subchapter', step_id: 21, chapter_id: 11, title: 'Consignes', content_type: 'video' },
  { kind: 'chapter', step_id: 12, chapter_id: 12, title: 'Évaluation', content_type: 'quiz' },
];

const row = (student_id: number, fullname: string, percentage: number, states: string[], extra: Record<string, unknown> = {}) => ({
  student_id, fullname, email: `${student_id}@exemple.fr`, closed: false, percentage, validated_steps: states.filter((s) => s === 'validated').length,
  active_seconds: 3_725, last_activity_at: '2026-03-02T09:30:00Z', completed_at: null, status: 'in_progress', quizzes: [], scorm: [],
  cells: states.map((state) => ({
    state, rule: state === 'validated' ? 'text-finish-after-open' : null, opened_at: state === 'locked' ? null : '2026-03-01T08:00:00Z',
    validated_at: state === 'validated' ? '2026-03-02T09:00:00Z' : null,
  })),
  ...extra,
});

function server(requests: URLSearchParams[]) {
  return stubFetch((request) => {
    if (request.path === '/progress-grid/5/') {
      requests.push(request.query);
      const results = request.query.get('status') === 'finished'
        ? [row(2, 'Inès Martin', 100, ['validated', 'validated', 'validated'], { status: 'finished', quizzes: [{ quiz_id: 4, best_score: 8, total: 10, attempts: 2 }] })]
        : [
            row(1, 'Anne Durand', 33, ['validated', 'open', 'locked']),
            row(2, 'Inès Martin', 100, ['validated', 'validated', 'validated'], { status: 'finished', quizzes: [{ quiz_id: 4, best_score: 8, total: 10, attempts: 2 }] }),
            row(3, 'Paul Petit', 0, ['open', 'locked', 'locked'], { status: 'not_started', last_activity_at: null, active_seconds: 0 }),
          ];
      return json({ course_id: 5, course_title: 'Gestes et postures', inactive_after_days: 7, steps, count: results.length === 1 ? 1 : 43, page: Number(request.query.get('page')), page_size: 20, results });
    }
    return json({ statusCode: 404, message: 'Ressource introuvable.' }, 404);
  });
}

describe('/teacher-progress/{course}: the progress grid', () => {
  it('shows one row per learner with each step’s state named for screen readers, and the learner’s figures', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    const requests: URLSearchParams[] = [];
    server(requests);
    renderApp('/teacher-progress/5');
    const grid = await screen.findByTestId('progress-grid');
    expect(await screen.findByRole('heading', { name: 'Progression : Gestes et postures' })).toBeInTheDocument();
    expect(screen.getByTestId('grid-count')).toHaveTextContent('43 apprenants');

    const anne = within(grid).getByRole('link', { name: 'Relevé de formation de Anne Durand' });
    expect(anne).toHaveAttribute('href', '/enrolled-students/5/releve/1');
    const anneRow = anne.closest('tr')!;
    expect(within(anneRow).getByText('01:02:05')).toBeInTheDocument();
    const cells = within(anneRow).getAllByRole('img').filter((el) => el.classList.contains('grid-cell'));
    expect(cells.map((c) => c.dataset.state)).toEqual(['validated', 'open', 'locked']);
    expect(cells[0]).toHaveAccessibleName(/^Anne Durand : Accueil — Validée, Validée le 02\/03\/2026 \d\d:\d\d, Règle : Texte ouvert puis terminé$/);
    expect(cells[1]).toHaveAccessibleName(/Consignes — Ouverte, Ouverte le 01\/03\/2026 .*Règle : Vidéo regardée à 90 %/);
    expect(cells[2]).toHaveAccessibleName('Anne Durand : Évaluation — Verrouillée, Les étapes précédentes ne sont pas toutes validées, Règle : Quiz terminé');

    // The tooltip on keyboard focus says the same.
    fireEvent.focus(cells[2]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Les étapes précédentes ne sont pas toutes validées');

    const ines = within(grid).getByRole('link', { name: 'Relevé de formation de Inès Martin' }).closest('tr')!;
    expect(within(ines).getByText('8/10 (2 tentatives)')).toBeInTheDocument();
    expect(within(ines).getByText('Terminé')).toBeInTheDocument();
    expect(within(within(grid).getByRole('link', { name: 'Relevé de formation de Paul Petit' }).closest('tr')!).getByText('Jamais')).toBeInTheDocument();
    expect(requests[0]!.get('sort')).toBe('name');
    expect(requests[0]!.get('page')).toBe('1');
  });

  it('asks the server for another order, a filter and another page', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    const requests: URLSearchParams[] = [];
    server(requests);
    renderApp('/teacher-progress/5');
    const grid = await screen.findByTestId('progress-grid');

    await userEvent.click(within(grid).getByRole('columnheader', { name: 'Progression' }));
    await waitFor(() => expect(requests.at(-1)!.get('sort')).toBe('percentage'));
    expect(requests.at(-1)!.get('order')).toBe('desc');

    await userEvent.click(within(grid).getByTitle('2'));
    await waitFor(() => expect(requests.at(-1)!.get('page')).toBe('2'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrer par état' }));
    await userEvent.click(await screen.findByTitle('Terminé'));
    await waitFor(() => expect(requests.at(-1)!.get('status')).toBe('finished'));
    expect(requests.at(-1)!.get('page')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('grid-count')).toHaveTextContent('1 apprenant'));
  });
});
