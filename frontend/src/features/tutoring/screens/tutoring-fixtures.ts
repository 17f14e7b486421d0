import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubFetch, type FakeRequest } from '../../../test/fake-fetch';

/** A student (3), their trainer (4) and what the tutoring calls answer about them, for the screens' tests. */
export const notFound = () => json({ statusCode: 404, message: 'Introuvable.' }, 404);
export const STUDENT = 3;
export const TEACHER = 4;

const claire = {
  id: TEACHER,
  full_name: 'Claire Martin',
  email: 'claire@example.fr',
  telephone: '06 12 34 56 78',
  calendly: 'https://calendly.com/claire',
  profile_img: null,
  unread: 2,
  since: '2026-11-01T09:00:00Z',
};
const nameless = { ...claire, id: 5, full_name: '', email: 'x@example.fr', telephone: '', calendly: 'javascript:alert(1)', unread: 0 };

export const message = (id: number, from: 'student' | 'teacher', text: string, group = false) => ({ id, msg_from: from, msg_to: text, msg_time: '2026-11-20T10:00:00Z', group });
const history = [message(1, 'student', 'Bonjour, une question sur les formules.'), message(2, 'teacher', '<b>Réponse</b>\nligne 2')];

export const homework = (id: number, title: string, done: boolean) => ({
  id,
  title,
  detail: `Détail de ${title}.`,
  teacher: { id: TEACHER, full_name: 'Claire Martin' },
  student: STUDENT,
  student_status: done,
  given_at: '2026-11-10T09:00:00Z',
  completed_at: done ? '2026-11-12T09:00:00Z' : null,
  due_at: null as string | null,
  grade: null as number | null,
  out_of: 20,
  feedback: null as string | null,
  graded_at: null as string | null,
  submissions: [] as { id: number; number: number; submitted_at: string; late: boolean; answer: string; files: { id: number; file_name: string; size: number; content_type: string }[] }[],
});

/** Homework handed in twice (the second late, with a file) and, when `graded`, graded 14,5/20 with feedback. */
export const handedIn = (id: number, title: string, graded: boolean) => ({
  ...homework(id, title, true),
  due_at: '2026-11-11T22:59:59Z',
  submissions: [
    { id: 1, number: 1, submitted_at: '2026-11-11T20:00:00Z', late: false, answer: 'Première version.', files: [] },
    { id: 2, number: 2, submitted_at: '2026-11-12T09:00:00Z', late: true, answer: '', files: [{ id: 7, file_name: 'analyse.pdf', size: 2048, content_type: 'application/pdf' }] },
  ],
  ...(graded ? { grade: 14.5, feedback: 'Bonne analyse.', graded_at: '2026-11-13T09:00:00Z' } : {}),
});

const lea = { id: STUDENT, fullname: 'Léa Dubois', prenom: 'Léa', nom: 'Dubois', email: 'lea@example.fr', username: 'lea', telephone: null, profile_img: null, unread: 1, pending_assignments: 1, since: '2026-11-01T09:00:00Z' };
const hugo = { ...lea, id: 6, fullname: 'Hugo Lefèvre', email: 'hugo@example.fr', unread: 0, pending_assignments: 0 };

type Handler = (request: FakeRequest) => Response | undefined | Promise<Response | undefined>;

/** The tutoring calls of a student (3) and their trainer (4); `extra` answers first. */
export function server(extra: Handler = () => undefined) {
  return stubFetch(async (request) => {
    const answer = await extra(request);
    if (answer) return answer;
    const { method, path } = request;
    if (path === `/fetch-my-teachers/${STUDENT}`) return json([claire, nameless]);
    if (path === `/assigned-students/${TEACHER}/`) return json([lea, hugo]);
    if (path === `/formateur/${TEACHER}/response-times/`) return json({ teacher: TEACHER, replies: 3, median_seconds: 5400, p90_seconds: 7200, awaiting_reply: 1, oldest_awaiting_since: null });
    if (path === `/get-message/${TEACHER}/${STUDENT}`) return json(request.query.has('after') ? [] : history);
    if (method === 'POST' && path.startsWith('/mark-messages-read/')) return json({ bool: true });
    if (method === 'POST' && path.startsWith('/send-message/')) return json({ bool: true, msg: 'Message envoyé.', id: 3 }, 201);
    return notFound();
  });
}

export const posts = (calls: FakeRequest[], prefix: string) => calls.filter((call) => call.method === 'POST' && call.path.startsWith(prefix));

export async function openChat(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Bonjour, une question sur les formules.');
  return dialog;
}

