import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../lib/session';
import { json, stubFetch, type FakeRequest } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';

const course = { id: 5, title: 'Excel : les bases', description: '', featured_img: '/media/default.png', course_chapters: [] };
const quizStep = {
  id: 30,
  title: 'Évaluation',
  description: '',
  order: 1,
  content_type: 'quiz',
  duration: 0,
  text_content: '',
  video_url: '',
  video_embed_url: null,
  video: null,
  quiz: 7,
  course_title: course.title,
  subchapters: [],
};
const quiz = { id: 7, title: 'Les formules', detail: 'Vérifier les acquis.', teacher: 3, teacher_name: 'Claire Martin', total_questions: 2, created_at: '2026-11-01T10:00:00Z' };
const questions = [
  { id: 72, quiz: 7, order: 2, questions: 'Quelle fonction additionne ?', ans1: 'MOYENNE', ans2: 'SOMME', ans3: 'NB', ans4: 'SI', right_ans: 'SOMME' },
  { id: 71, quiz: 7, order: 1, questions: 'Quel signe commence une formule ?', ans1: '=', ans2: '+', ans3: '#', ans4: '@', right_ans: '=' },
];

function server(calls: FakeRequest[]) {
  return stubFetch((request) => {
    calls.push(request);
    if (request.path === '/media-session/') return new Response(null, { status: 204 });
    if (request.path === '/course/5/') return json(course);
    if (request.path === '/course-chapters/5') return json([quizStep]);
    if (request.path === '/quiz/7/') return json(quiz);
    if (request.path === '/quiz-questions/7') return json(questions);
    return json({ statusCode: 404, message: 'Introuvable.' }, 404);
  });
}

describe('a quiz step in the course preview', () => {
  for (const [role, path] of [
    ['teacher', '/course-preview/5'],
    ['admin', '/admin-course-preview/5'],
  ] as const) {
    it(`shows the ${role} the quiz's title and questions, with nothing to answer`, async () => {
      startSession(role, { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
      const calls: FakeRequest[] = [];
      server(calls);
      renderApp(path);

      const preview = await screen.findByTestId('quiz-preview');
      expect(await within(preview).findByText('Quiz : Les formules')).toBeInTheDocument();
      expect(within(preview).getByText('2 questions')).toBeInTheDocument();
      const list = within(preview).getByRole('list', { name: 'Questions du quiz Les formules' });
      const items = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
      expect(items.map((item) => item.querySelector('.quiz-preview__text')?.textContent)).toEqual(['Quel signe commence une formule ?', 'Quelle fonction additionne ?']);
      expect(within(items[1]!).getByRole('list', { name: 'Réponses proposées à la question 2' })).toHaveTextContent('MOYENNESOMMENBSI');
      expect(screen.getByText('Aperçu : le quiz est interactif uniquement pour les étudiants inscrits.')).toBeInTheDocument();

      // Non-interactive: nothing to choose or send, the right answer not singled out.
      expect(within(preview).queryByRole('radio')).toBeNull();
      expect(within(preview).queryByRole('button')).toBeNull();
      expect(within(preview).queryByText('Bonne réponse')).toBeNull();
      // Only the authors' reads: no student quiz call is made.
      const studentCalls = calls.filter((call) => /attempt|next-question|\/quiz-questions\/7\/1$|fetch-quiz-result/.test(call.path));
      expect(studentCalls).toEqual([]);
    });
  }
});
