// Many messages at once in one conversation (docs/adr/0022): every one is answered 201 and stored,
// none refused for a race; the conversation's stream stays whole. Real HTTP requests, fired together.
import { Database } from '../../../platform/database/database.js';
import { startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenFollowing, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let db: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** The conversation's events: versions 1…n without a gap, each chained to the one before. */
async function streamOf(conversationId: number) {
  const events = await db.query<{ stream_version: number; prev_hash: string | null; hash: string; event_type: string; payload: { messageId?: number } }>(
    `select stream_version, prev_hash, hash, event_type, payload from eventlog.event where stream_type = 'tutoring.conversation' and stream_id = $1 order by stream_version`,
    [String(conversationId)],
  );
  expect(events.map((e) => e.stream_version)).toEqual(events.map((_, i) => i + 1));
  events.forEach((event, i) => expect(event.prev_hash).toBe(i === 0 ? null : events[i - 1]!.hash));
  return events;
}

describe('concurrent messages', () => {
  it('answers 50 messages sent at once in one conversation (both sides, the first ones starting it) with 50 × 201, all stored', async () => {
    const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    await givenFollowing(t, teacher, student);
    const url = `/api/send-message/${teacher.teacherId}/${student.studentId}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? call(t, 'POST', url, student.token, { msg_to: `Question ${i}` }) : call(t, 'POST', url, teacher.token, { msg_to: `Réponse ${i}`, msg_from: 'formateur' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const ids = answers.map((a) => a.json().id as number);
    expect(new Set(ids).size).toBe(50);

    const stored = await db.query<{ id: string; conversation_id: number; body: string }>(
      'select m.id, m.conversation_id, m.body from tutoring.message m join tutoring.conversation c on c.id = m.conversation_id where c.teacher_id = $1 and c.student_id = $2',
      [teacher.teacherId, student.studentId],
    );
    expect(stored.map((m) => m.body).sort()).toEqual(Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? `Question ${i}` : `Réponse ${i}`)).sort());
    expect(new Set(stored.map((m) => m.conversation_id)).size).toBe(1);
    const sent = (await streamOf(stored[0]!.conversation_id)).filter((e) => e.event_type === 'MessageSent');
    expect(sent.map((e) => e.payload.messageId).sort((a, b) => a! - b!)).toEqual([...ids].sort((a, b) => a - b));
    // The history reads them all, in the order they were stored.
    const history = (await call(t, 'GET', `/api/get-message/${teacher.teacherId}/${student.studentId}`, student.token)).json();
    expect(history).toHaveLength(50);
  });

  it('stores a group message and the students\' own messages sent at the same moment', async () => {
    const teacher = await givenTeacher(t);
    const students = await Promise.all(Array.from({ length: 3 }, () => givenStudent(t)));
    for (const student of students) await givenFollowing(t, teacher, student);
    const answers = await Promise.all([
      call(t, 'POST', `/api/send-group-message/${teacher.teacherId}`, teacher.token, { msg_to: 'À tous : la séance est déplacée.' }),
      ...students.flatMap((student) =>
        Array.from({ length: 4 }, (_, i) => call(t, 'POST', `/api/send-message/${teacher.teacherId}/${student.studentId}`, student.token, { msg_to: `Message ${i}` })),
      ),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(13).fill(201));
    for (const student of students) {
      const [row] = await db.query<{ n: number }>(
        'select count(*)::int as n from tutoring.message m join tutoring.conversation c on c.id = m.conversation_id where c.teacher_id = $1 and c.student_id = $2',
        [teacher.teacherId, student.studentId],
      );
      expect(row!.n).toBe(5);
    }
  });
});
