import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { atPhoneWidth } from '../../../test/screen-width';
import { specText } from '../../../test/spec-text';

// These screens are drawn at a phone's width.
beforeEach(atPhoneWidth);
const notFound = () => json({ statusCode: 404, message: 'Introuvable.' }, 404);
const DETAIL = 'Trois questions sur les gestes de tous les jours dans Word et Excel.';
const quiz = { id: 7, title: 'Les raccourcis', detail: DETAIL, teacher: 3, teacher_name: 'Claire Martin', total_questions: 3, created_at: '2026-11-01T10:00:00Z' };

describe('/quiz', () => {
  it('lists the quizzes with their detail cut at 50 characters, and asks before deleting', async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    const calls: FakeRequest[] = [];
    stubFetch((request) => {
      calls.push(request);
      if (request.method === 'GET' && request.path === '/quiz/') return json([quiz]);
      if (request.method === 'DELETE' && request.path === '/quiz/7/') return json({ archived: false });
      return notFound();
    });
    renderApp('/quiz');
    const row = (await screen.findByRole('link', { name: 'Les raccourcis' })).closest('tr')!;
    expect(row).toHaveTextContent('Trois questions sur les gestes de tous les jours d…');
    expect(row).toHaveTextContent('3 questions');
    const actions = within(row).getByRole('navigation', { name: 'Actions du quiz Les raccourcis' });
    expect(within(actions).getByRole('link', { name: 'Questions : Les raccourcis' })).toHaveAttribute('href', '/all-questions/7');
    expect(within(actions).getByRole('link', { name: 'Ajouter une question : Les raccourcis' })).toHaveAttribute('href', '/add-question/7');
    expect(within(actions).getByRole('link', { name: 'Modifier : Les raccourcis' })).toHaveAttribute('href', '/edit-quiz/7');

    await userEvent.click(within(actions).getByRole('button', { name: 'Supprimer : Les raccourcis' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(specText('Supprimer ce quiz ? Cette action est irreversible.'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Oui, supprimer !' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/quiz/7/')).toBe(true));
  }, 20_000);
});

describe('/attempted-students/{quiz_id}', () => {
  it("shows each attempt's score beside the student, and its number and state under them", async () => {
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    const student = { id: 12, fullname: 'Léa Dubois', email: 'lea@exemple.fr', username: 'lea' };
    const attempt = (id: number, n: number, correct: number, answered: number, completed: boolean) => ({
      id,
      attempt: n,
      student,
      quiz: { id: 7 },
      started_at: '2026-11-20T09:00:00Z',
      completed_at: completed ? '2026-11-20T09:04:00Z' : null,
      duration_seconds: completed ? 240 : 30,
      total_questions: 3,
      total_attempted_questions: answered,
      total_correct_questions: correct,
    });
    stubFetch((request) => {
      if (request.path === '/quiz/7/') return json(quiz);
      if (request.path === '/attempted-quiz/7') return json([attempt(2, 2, 1, 1, false), attempt(1, 1, 2, 3, true)]);
      return notFound();
    });
    renderApp('/attempted-students/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Résultats : Les raccourcis' })).toBeInTheDocument();
    const rows = (await screen.findAllByRole('row')).filter((row) => row.textContent?.includes('Léa Dubois'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Tentative 1');
    expect(rows[0]).toHaveTextContent('Terminée');
    expect(rows[0]).toHaveTextContent('2 / 3');
    expect(rows[1]).toHaveTextContent('Tentative 2');
    expect(rows[1]).toHaveTextContent('En cours');
    expect(rows[1]).toHaveTextContent('1 sur 3 répondues');
  });
});

describe('/admin-quiz-detail/{quiz_id}', () => {
  it("says 'Aucune question trouvée.' for a quiz without questions", async () => {
    startSession('admin', { id: 1, username: 'admin', access: 'a1', refresh: 'r1' });
    stubFetch((request) => {
      if (request.path === '/quiz/7/') return json({ ...quiz, total_questions: 0 });
      if (request.path === '/quiz-questions/7') return json([]);
      return notFound();
    });
    renderApp('/admin-quiz-detail/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Les raccourcis' })).toBeInTheDocument();
    expect(await screen.findByText('Aucune question trouvée.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ajouter une question/ })).toHaveAttribute('href', '/add-question/7');
  });
});
