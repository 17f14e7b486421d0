import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

// The quiz rules on the screens (ADR 0043): what the learner reads of the pass mark, the attempts and
// what happens next, the correction; the trainer's list of learners out of attempts.

const STUDENT = 12;
const QUIZ = 7;
const EXHAUSTED =
  'Vous avez utilisé vos 2 tentatives sans atteindre le seuil de réussite (80 %). Votre formateur en est informé : il peut vous accorder une nouvelle tentative ou valider cette étape.';

function outOfAttemptsServer() {
  return stubFetch((request: FakeRequest) => {
    const { path } = request;
    if (path === `/fetch-quiz-attempt-status/${QUIZ}/${STUDENT}`) return json({ bool: false });
    if (path === `/fetch-quiz-result/${QUIZ}/${STUDENT}`) return json({ total_questions: 2, total_attempted_questions: 2, total_correct_questions: 1 });
    if (path === `/quiz-status/${QUIZ}/${STUDENT}`) {
      return json({
        pass_mark: 80, attempts_allowed: 2, time_limit: null, attempts_used: 2, out_of_attempts: true, validated_by_trainer: false, can_restart: false, passed: false,
        current: { attempt: 2, started_at: '2026-05-04T08:00:00.000Z', deadline: null, remaining_seconds: null, completed_at: '2026-05-04T08:03:00.000Z', score: 1, total: 2, passed: false, closed_by: 'answers' },
        message: EXHAUSTED,
      });
    }
    if (path === `/quiz-review/${QUIZ}/${STUDENT}`) {
      return json({
        quiz: QUIZ, title: 'Évaluation', attempt: 2, score: 1, total: 2, passed: false, pass_mark: 80,
        questions: [
          { id: 1, number: 1, questions: 'Capitale ?', ans1: 'Paris', ans2: 'Lyon', ans3: 'Nice', ans4: 'Lille', chosen: 'Paris', right_ans: 'Paris', correct: true, explanation: '' },
          { id: 2, number: 2, questions: '2 + 2 ?', ans1: '3', ans2: '4', ans3: '5', ans4: '22', chosen: '3', right_ans: '4', correct: false, explanation: 'Deux paires font quatre.' },
        ],
      });
    }
    return json({ statusCode: 404, message: 'Introuvable.' }, 404);
  });
}

describe('a quiz with a pass mark and attempts allowed', () => {
  it('tells a learner out of attempts what happens next, offers no restart, and shows the correction with the explanations', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    const { calls } = outOfAttemptsServer();
    renderApp(`/take-quiz/${QUIZ}`);
    const result = await screen.findByRole('region', { name: 'Quiz terminé' });
    expect(await within(result).findByTestId('quiz-verdict')).toHaveTextContent('Non réussi : le seuil est de 80 %.');
    expect(within(result).getByTestId('quiz-rules')).toHaveTextContent('Seuil de réussite : 80 % · Tentative 2 sur 2');
    expect(within(result).getByTestId('quiz-next-step')).toHaveTextContent(EXHAUSTED);
    expect(within(result).queryByRole('button', { name: /Recommencer le quiz/ })).toBeNull();

    await userEvent.click(within(result).getByRole('button', { name: 'Voir la correction' }));
    const review = await screen.findByRole('region', { name: 'Correction de la tentative 2' });
    const items = within(review).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Votre réponse3La bonne réponse4ExplicationDeux paires font quatre.');
    expect(items[0]).not.toHaveTextContent('Explication');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });
});

describe("the trainer's quizzes", () => {
  it('list the learners out of attempts; one more attempt is granted, or the step validated by hand with a motive and a reason', async () => {
    startSession('teacher', { id: 3, username: 'paul', access: 'a1', refresh: 'r1' });
    let alerts = [
      { quiz: QUIZ, quiz_title: 'Évaluation', student: 21, student_name: 'Inès Martin', attempts: 2, score: 1, total: 2, pass_mark: 80, since: '2026-05-04T08:03:00.000Z' },
      { quiz: QUIZ, quiz_title: 'Évaluation', student: 22, student_name: 'Hugo Petit', attempts: 2, score: 0, total: 2, pass_mark: 80, since: '2026-05-04T08:04:00.000Z' },
    ];
    const { calls } = stubFetch((request: FakeRequest) => {
      const { method, path } = request;
      if (path === '/quiz/') return json([{ id: QUIZ, title: 'Évaluation', detail: '', teacher: 3, teacher_name: 'Paul', total_questions: 2, created_at: '2026-05-01T00:00:00Z', pass_mark: 80, max_attempts: 2, time_limit: null }]);
      if (path === '/quiz-alerts') return json(alerts);
      if (method === 'POST' && path === `/quiz-grant-attempt/${QUIZ}/21`) {
        alerts = alerts.filter((a) => a.student !== 21);
        return json({ bool: true }, 201);
      }
      if (method === 'POST' && path === `/quiz-validate/${QUIZ}/22`) {
        alerts = [];
        return json({ bool: true }, 201);
      }
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp('/quiz');
    const panel = await screen.findByRole('region', { name: /Apprenants à débloquer/ });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Dernier score : 1 / 2 (seuil 80 %) · Tentatives : 2');

    await userEvent.click(within(panel).getByRole('button', { name: 'Accorder une tentative à Inès Martin' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(1));

    await userEvent.click(within(panel).getByRole('button', { name: 'Valider à la main pour Hugo Petit' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider à la main' }));
    expect(await within(dialog).findByText('Choisissez le motif de la validation.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Motif'));
    await userEvent.click(await screen.findByText('Évaluation orale réussie'));
    await userEvent.type(within(dialog).getByLabelText('Raison'), 'Oral réussi le 4 mai.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider à la main' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Apprenants à débloquer/ })).toBeNull());
    expect(calls.find((call) => call.path === `/quiz-validate/${QUIZ}/22`)!.body).toEqual({ category: 'evaluation-orale', reason: 'Oral réussi le 4 mai.' });
  }, 30_000);
});
