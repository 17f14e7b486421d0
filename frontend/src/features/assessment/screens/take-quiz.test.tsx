import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const STUDENT = 12;
const QUIZ = 7;
const COURSE = 5;

const QUESTIONS = [
  { id: 71, questions: 'Quel signe commence une formule ?', answers: ['=', '+', '#', '@'], right: '=' },
  { id: 72, questions: 'Quelle fonction additionne ?', answers: ['MOYENNE', 'SOMME', 'NB', 'SI'], right: 'SOMME' },
  { id: 73, questions: 'Que désigne A1 ?', answers: ['Une feuille', 'Une ligne', 'Une cellule', 'Un classeur'], right: 'Une cellule' },
];

const fail = () => json({ statusCode: 500, message: 'Erreur interne.' }, 500);

/**
 * The quiz calls of 01 §7 as the server answers them (ADR 0012): questions one at a time without
 * their right answer, one answer per question, the result of the current attempt, a reset.
 */
function quizServer({ failing }: { failing?: 'first' | 'answer' | 'result' } = {}) {
  const answers = new Map<number, string>();
  const view = (index: number) => {
    const q = QUESTIONS[index]!;
    return { id: q.id, quiz: QUIZ, questions: q.questions, ans1: q.answers[0], ans2: q.answers[1], ans3: q.answers[2], ans4: q.answers[3], number: index + 1, total: QUESTIONS.length };
  };
  const result = () => ({
    total_questions: QUESTIONS.length,
    total_attempted_questions: answers.size,
    total_correct_questions: QUESTIONS.filter((q) => answers.get(q.id) === q.right).length,
  });
  const { calls } = stubFetch((request: FakeRequest) => {
    const { method, path } = request;
    if (path === `/fetch-assigned-quiz/${COURSE}`) return json([{ id: QUIZ, title: 'Les formules', total_questions: 3 }]);
    if (path === `/fetch-quiz-attempt-status/${QUIZ}/${STUDENT}`) return json({ bool: answers.size < QUESTIONS.length });
    if (path === `/fetch-quiz-result/${QUIZ}/${STUDENT}`) {
      return failing === 'result' && answers.size === QUESTIONS.length ? fail() : json(result());
    }
    if (path === `/quiz-questions/${QUIZ}/1`) return failing === 'first' ? fail() : json([view(0)]);
    const next = path.match(/^\/quiz-questions\/7\/next-question\/(\d+)$/);
    if (next) {
      const index = QUESTIONS.findIndex((q) => q.id === Number(next[1]));
      return json(index + 1 < QUESTIONS.length ? [view(index + 1)] : []);
    }
    if (method === 'POST' && path === '/attempt-quiz/') {
      if (failing === 'answer') return fail();
      const body = request.body as { question: number; right_ans: string };
      if (answers.has(body.question)) return json({ statusCode: 409, message: 'Vous avez déjà répondu à cette question.' }, 409);
      answers.set(body.question, body.right_ans);
      return json({ bool: true, answered: answers.size, total: QUESTIONS.length }, 201);
    }
    if (method === 'DELETE' && path === `/reset-quiz-attempts/${QUIZ}/${STUDENT}`) {
      answers.clear();
      return json({ bool: true });
    }
    return json({ statusCode: 404, message: 'Introuvable.' }, 404);
  });
  return { calls, answers };
}

// The button's name may still carry antd's fading « loading » icon of the previous answer.
const submitButton = () => screen.getByRole('button', { name: /Valider ma réponse$/ });

async function answer(text: string) {
  await userEvent.click(screen.getByRole('radio', { name: text }));
  await userEvent.click(submitButton());
}

describe('/take-quiz/{quiz_id}', () => {
  it('asks one question at a time with its four answers, shows the progress, then the result, and starts over', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    const { calls, answers } = quizServer();
    renderApp(`/take-quiz/${QUIZ}?course=${COURSE}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Les formules' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Quel signe commence une formule ?' })).toBeInTheDocument();
    expect(screen.getByText('Question 1 sur 3')).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.queryByText('Quelle fonction additionne ?')).toBeNull();
    expect(submitButton()).toBeDisabled();

    await answer('=');
    expect(await screen.findByRole('heading', { level: 2, name: 'Quelle fonction additionne ?' })).toBeInTheDocument();
    expect(screen.getByText('Question 2 sur 3')).toBeInTheDocument();
    expect(screen.getByText('1 sur 3 répondues')).toBeInTheDocument();
    expect(screen.queryByText('Quel signe commence une formule ?')).toBeNull();
    // The chosen answer goes as its text, in the student's name (01 §7).
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/attempt-quiz/')!;
    expect(sent.body).toEqual({ student: STUDENT, quiz: QUIZ, question: 71, right_ans: '=' });

    await answer('NB');
    expect(await screen.findByText('Question 3 sur 3')).toBeInTheDocument();
    await answer('Une cellule');

    const result = await screen.findByRole('region', { name: 'Quiz terminé' });
    expect(within(result).getByTestId('quiz-score')).toHaveTextContent('2 bonnes réponses sur 3');
    // « 67 % » with a no-break space, not antd's « 67% ».
    expect(result.querySelector('.ant-progress-indicator')!.textContent).toBe('67\u00a0%');
    expect(answers.size).toBe(3);

    await userEvent.click(within(result).getByRole('button', { name: /Recommencer le quiz/ }));
    expect(await screen.findByText('Question 1 sur 3')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `/reset-quiz-attempts/${QUIZ}/${STUDENT}`)).toBe(true);
    expect(answers.size).toBe(0);
    expect(screen.getByRole('link', { name: /Retour aux quiz du cours/ })).toHaveAttribute('href', `/course-quiz/${COURSE}`);
  });

  it('goes back to the first unanswered question of an attempt left half-way', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    const { answers } = quizServer();
    answers.set(71, '=');
    renderApp(`/take-quiz/${QUIZ}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Quelle fonction additionne ?' })).toBeInTheDocument();
    expect(screen.getByText('Question 2 sur 3')).toBeInTheDocument();
  });

  it('shows the result of a finished quiz, with the restart', async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    const { answers } = quizServer();
    for (const q of QUESTIONS) answers.set(q.id, q.right);
    renderApp(`/take-quiz/${QUIZ}`);
    await waitFor(() => expect(screen.getByTestId('quiz-score')).toHaveTextContent('3 bonnes réponses sur 3'));
    expect(screen.getByRole('button', { name: /Recommencer le quiz/ })).toBeInTheDocument();
  });

  it("says 'Erreur lors du chargement de la première question.' in a red alert", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    quizServer({ failing: 'first' });
    renderApp(`/take-quiz/${QUIZ}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement de la première question.');
  });

  it("says 'Erreur lors de la soumission de la réponse.' and keeps the question", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    quizServer({ failing: 'answer' });
    renderApp(`/take-quiz/${QUIZ}`);
    await screen.findByText('Question 1 sur 3');
    await answer('=');
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la soumission de la réponse.');
    expect(screen.getByText('Question 1 sur 3')).toBeInTheDocument();
  });

  it("says 'Erreur lors de la récupération du résultat.' at the end", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    quizServer({ failing: 'result' });
    renderApp(`/take-quiz/${QUIZ}`);
    await screen.findByText('Question 1 sur 3');
    await answer('=');
    await screen.findByText('Question 2 sur 3');
    await answer('SOMME');
    await screen.findByText('Question 3 sur 3');
    await answer('Une cellule');
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la récupération du résultat.');
  });
});

describe('/course-quiz/{course_id}', () => {
  it("offers 'Lancer le Quiz' only when the attempt-status check allows it; a refused quiz not finished is shown not open yet", async () => {
    startSession('student', { id: STUDENT, username: 'lea', access: 'a1', refresh: 'r1' });
    stubFetch((request) => {
      if (request.path === `/fetch-assigned-quiz/${COURSE}`) {
        return json([
          { id: 7, title: 'Les formules', total_questions: 3 },
          { id: 8, title: 'Les graphiques', total_questions: 2 },
          { id: 9, title: 'Le quiz final', total_questions: 2 },
        ]);
      }
      if (request.path === `/fetch-quiz-attempt-status/7/${STUDENT}`) return json({ bool: true });
      if (request.path === `/fetch-quiz-attempt-status/8/${STUDENT}`) return json({ bool: false });
      if (request.path === `/fetch-quiz-result/8/${STUDENT}`) return json({ total_questions: 2, total_attempted_questions: 2, total_correct_questions: 1 });
      // A quiz step whose earlier steps are not validated: refused, nothing answered yet.
      if (request.path === `/fetch-quiz-attempt-status/9/${STUDENT}`) return json({ bool: false });
      if (request.path === `/fetch-quiz-result/9/${STUDENT}`) return json({ total_questions: 2, total_attempted_questions: 0, total_correct_questions: 0 });
      return json({ statusCode: 404, message: 'Introuvable.' }, 404);
    });
    renderApp(`/course-quiz/${COURSE}`);
    const open = await screen.findByTestId('course-quiz-7');
    const done = screen.getByTestId('course-quiz-8');
    const locked = screen.getByTestId('course-quiz-9');
    expect(await within(open).findByRole('link', { name: 'Lancer le Quiz Les formules' })).toHaveAttribute('href', `/take-quiz/7?course=${COURSE}`);
    expect(await within(done).findByText('Vous avez terminé ce quiz.')).toBeInTheDocument();
    expect(within(done).queryByText('Lancer le Quiz')).toBeNull();
    expect(await within(locked).findByText('Pas encore accessible : terminez les étapes précédentes du cours.')).toBeInTheDocument();
    expect(within(locked).queryByRole('link')).toBeNull();
  });
});
