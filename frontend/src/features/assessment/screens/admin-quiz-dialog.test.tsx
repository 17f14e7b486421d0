import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

// The admin's quiz dialog (ADR 0045, amended): shuffling and the draw set as on the trainer's form,
// from the bank of the quiz's trainer; a quiz without a trainer cannot draw.

const quiz = (id: number, teacher: number | null, extra: Record<string, unknown> = {}) => ({
  id, title: `Quiz ${id}`, detail: '', teacher, teacher_name: teacher ? 'Claire Martin' : null, total_questions: 2, created_at: '2026-11-20T09:00:00Z',
  pass_mark: null, max_attempts: null, time_limit: null, shuffle: false, draw_category: null, draw_count: null, ...extra,
});

function server() {
  return stubFetch((request: FakeRequest) => {
    const path = request.path.replace(/\/$/, '');
    if (path === '/quiz' && request.method === 'GET') return json([quiz(7, 3, { draw_category: 'Excel – formules', draw_count: 2 }), quiz(8, null)]);
    if (path === '/formateur') return json({ count: 1, next: null, previous: null, results: [{ id: 3, full_name: 'Claire Martin' }] });
    if (path === '/question-bank-categories') return json(request.query.get('teacher') === '3' ? [{ category: 'Excel – formules', questions: 6, tags: [] }] : []);
    if (path === '/teacher-quiz-detail/7' && request.method === 'PUT') return json(quiz(7, 3, request.body as Record<string, unknown>));
    return json({ statusCode: 404, message: 'Introuvable.' }, 404);
  });
}

describe('/admin-quizzes: the quiz dialog', () => {
  it('keeps and sets the draw from the quiz’s trainer’s bank, and shuffling', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    const { calls } = server();
    renderApp('/admin-quizzes');
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier : Quiz 7' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Tirage depuis la banque' })).toBeChecked();
    expect(within(dialog).getByText('La banque tirée est celle du formateur du quiz.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/question-bank-categories' && c.query.get('teacher') === '3')).toBe(true));
    await userEvent.click(within(dialog).getByRole('switch'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ teacher: 3, shuffle: true, draw_category: 'Excel – formules', draw_count: 2 });
  });

  it('offers no draw for a quiz without a trainer, and says why', async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    server();
    renderApp('/admin-quizzes');
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier : Quiz 8' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Tirage depuis la banque' })).toBeDisabled();
    expect(within(dialog).getByText('Choisissez d’abord le formateur du quiz : un tirage se fait dans sa banque.')).toBeInTheDocument();
  });
});
