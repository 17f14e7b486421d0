// Homework handed in and graded over HTTP (issue 28 item 3, docs/adr/0044): a due date, answers as
// text and files checked by their content, every submission kept and flagged late by the server's
// clock, a grade out of 20 and feedback from the trainer who gave it, the learner e-mailed through a
// real SMTP server, files served only to those who may read them, all as events without the texts.
import { createHash, randomUUID } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { QueryBus } from '@nestjs/cqrs';
import { eventually } from '../../../platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenFollowing, givenStudent, givenTeacher, type GivenAdmin, type GivenStudent, type GivenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { GetTutoringTranscript } from '../contracts/tutoring.transcript.js';
import { checkMessageTexts } from '../../../cli/message-texts.check.js';

let t: TestApp;
let db: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let admin: GivenAdmin;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterEach(() => t.clock.release());

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
/** A Windows program renamed « devoir.pdf »: its bytes say what it is. */
const DISGUISED = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 37) % 256))]);

/** A trainer following a student, who gives them homework; another student and another trainer. */
async function world() {
  const [teacher, student, other, stranger] = await Promise.all([givenTeacher(t), givenStudent(t), givenStudent(t), givenTeacher(t)]);
  await givenFollowing(t, teacher, student);
  await givenFollowing(t, stranger, other);
  return { teacher, student, other, stranger };
}

const give = (teacher: GivenTeacher, student: GivenStudent, body: Record<string, unknown>, token = teacher.token) =>
  call(t, 'POST', `/api/student-assignment/${teacher.teacherId}/${student.studentId}`, token, { title: 'Étude de cas', detail: 'Analysez le cas n° 3.', ...body });

function submission(answer: string | undefined, files: [string, Buffer, string?][] = [], key: string = randomUUID()): FormData {
  const data = new FormData();
  if (answer !== undefined) data.append('answer', answer);
  for (const [name, bytes, type] of files) data.append('upload', new Blob([new Uint8Array(bytes)], { type: type ?? 'application/pdf' }), name);
  data.append('submission_key', key);
  return data;
}
const submit = (id: number, token: string, data: FormData) => call(t, 'POST', `/api/homework/${id}/submissions`, token, data);
const grade = (id: number, token: string, body: Record<string, unknown>) => call(t, 'PUT', `/api/homework/${id}/grade`, token, body);
const events = (type: string, assignmentId: number) =>
  db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = $1 and (payload->>'assignmentId')::int = $2 order by position`, [type, assignmentId]);

describe('the due date', () => {
  it('is a day, due until 23:59:59 in Paris, recorded in AssignmentGiven; optional; a past or impossible day is refused in French', async () => {
    const { teacher, student } = await world();
    t.clock.set(new Date('2026-12-01T10:00:00Z'));
    const dated = await give(teacher, student, { due_date: '2026-12-11' });
    expect([dated.statusCode, dated.json().due_at, dated.json().submissions, dated.json().grade, dated.json().out_of]).toEqual([201, '2026-12-11T22:59:59Z', [], null, 20]);
    expect((await events('AssignmentGiven', dated.json().id))[0].payload).toEqual(expect.objectContaining({ dueAt: '2026-12-11T22:59:59.000Z' }));
    const summer = await give(teacher, student, { due_date: '2027-07-01' });
    expect(summer.json().due_at).toBe('2027-07-01T21:59:59Z');
    const open = await give(teacher, student, {});
    expect([open.statusCode, open.json().due_at]).toEqual([201, null]);
    for (const [due_date, message] of [
      ['2026-11-30', 'La date limite doit être postérieure à maintenant.'],
      ['2026-02-30', 'La date limite doit être une date valide (AAAA-MM-JJ).'],
      ['demain', 'La date limite doit être une date valide (AAAA-MM-JJ).'],
    ]) {
      const refused = await give(teacher, student, { due_date });
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
    }
    expect((await call(t, 'GET', `/api/student-assignment/${teacher.teacherId}/${student.studentId}`, teacher.token)).json()).toHaveLength(3);
  });
});

describe('handing in', () => {
  it('keeps every submission with its text and files, flags the late one by the server clock, marks it done once, and records hashes only', async () => {
    const { teacher, student } = await world();
    t.clock.set(new Date('2026-12-01T10:00:00Z'));
    const { id } = (await give(teacher, student, { due_date: '2026-12-04' })).json();

    t.clock.set(new Date('2026-12-04T22:00:00Z')); // 23:00 in Paris: in time
    const first = await submit(id, student.token, submission('Ma réponse au cas n° 3.', [['analyse.pdf', PDF]]));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual(expect.objectContaining({ student_status: true, completed_at: '2026-12-04T22:00:00Z', grade: null }));
    expect(first.json().submissions).toEqual([
      { id: expect.any(Number), number: 1, submitted_at: '2026-12-04T22:00:00Z', late: false, answer: 'Ma réponse au cas n° 3.',
        files: [{ id: expect.any(Number), file_name: 'analyse.pdf', size: PDF.length, content_type: 'application/pdf' }] },
    ]);

    t.clock.set(new Date('2026-12-05T08:00:00Z')); // the next morning: late
    const notes = Buffer.from('Compléments : voir tableau.\n', 'utf8');
    const second = await submit(id, student.token, submission('Version corrigée.', [['notes.txt', notes, 'text/plain'], ['annexe.pdf', PDF]]));
    expect(second.statusCode).toBe(201);
    expect(second.json().submissions.map((s: { number: number; late: boolean; files: unknown[] }) => [s.number, s.late, s.files.length])).toEqual([[1, false, 1], [2, true, 2]]);
    expect(second.json().completed_at).toBe('2026-12-04T22:00:00Z');

    const submitted = await events('AssignmentSubmitted', id);
    expect(submitted.map((e) => e.payload)).toEqual([
      expect.objectContaining({ number: 1, late: false, dueAt: '2026-12-04T22:59:59.000Z', sha256: sha256('Ma réponse au cas n° 3.'), length: 23,
        files: [{ fileId: expect.any(Number), sha256: sha256(PDF), size: PDF.length, contentType: 'application/pdf' }] }),
      expect.objectContaining({ number: 2, late: true, sha256: sha256('Version corrigée.'),
        files: [expect.objectContaining({ sha256: sha256(notes), contentType: 'text/plain; charset=utf-8' }), expect.objectContaining({ sha256: sha256(PDF) })] }),
    ]);
    expect(JSON.stringify(submitted)).not.toContain('Ma réponse');
    expect(await events('AssignmentCompleted', id)).toHaveLength(1);

    // The trainer reads the same history.
    const list = (await call(t, 'GET', `/api/student-assignment/${teacher.teacherId}/${student.studentId}`, teacher.token)).json();
    expect(list[0].submissions.map((s: { answer: string }) => s.answer)).toEqual(['Ma réponse au cas n° 3.', 'Version corrigée.']);
  });

  it('answers a submission sent twice (in turn or at once) with the first one, stored once', async () => {
    const { teacher, student } = await world();
    const { id } = (await give(teacher, student, {})).json();
    const key = randomUUID();
    const once = await submit(id, student.token, submission('Réponse', [['a.pdf', PDF]], key));
    const again = await submit(id, student.token, submission('Réponse modifiée', [['b.pdf', PDF]], key));
    expect([once.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().submissions).toEqual(once.json().submissions);

    const raceKey = randomUUID();
    const both = await Promise.all([submit(id, student.token, submission('Course', [], raceKey)), submit(id, student.token, submission('Course', [], raceKey))]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const [count] = await db.query<{ n: number }>('select count(*)::int as n from tutoring.homework_submission where homework_id = $1', [id]);
    expect(count.n).toBe(2);
    expect(await events('AssignmentSubmitted', id)).toHaveLength(2);
  });

  it('refuses a disguised file, an empty submission, a bad key and someone else’s homework in French, storing nothing', async () => {
    const { teacher, student, other, stranger } = await world();
    const { id } = (await give(teacher, student, {})).json();
    const cases: [string, FormData, number, string][] = [
      [student.token, submission('Voir pièce jointe', [['devoir.pdf', DISGUISED]]), 400,
        'Ce type de fichier n’est pas accepté : PDF, document Word, Excel, PowerPoint ou OpenDocument, image, texte ou zip. (« devoir.pdf »)'],
      [student.token, submission('   '), 400, 'Veuillez écrire une réponse ou joindre au moins un fichier.'],
      [student.token, submission('x'.repeat(20_001)), 400, 'La réponse ne doit pas dépasser 20000 caractères.'],
      [student.token, submission('Réponse', [], 'pas-une-cle'), 400, 'La clé d’envoi est invalide.'],
      [other.token, submission('Je rends le devoir d’un autre'), 403, "Ce devoir n'est pas le vôtre."],
      [teacher.token, submission('Le formateur rend'), 403, expect.any(String) as unknown as string],
      [stranger.token, submission('Un autre formateur'), 403, expect.any(String) as unknown as string],
    ];
    for (const [token, data, status, message] of cases) {
      const refused = await submit(id, token, data);
      expect([refused.statusCode, refused.json().message]).toEqual([status, message]);
    }
    expect((await submit(999_999, student.token, submission('Réponse'))).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/homework/${id}/submissions`, undefined, submission('Réponse'))).statusCode).toBe(401);
    const [count] = await db.query<{ n: number }>('select count(*)::int as n from tutoring.homework_submission where homework_id = $1', [id]);
    expect(count.n).toBe(0);
    expect(await events('AssignmentSubmitted', id)).toHaveLength(0);
  });
});

describe('grading', () => {
  it('lets the trainer who gave it grade out of 20 with feedback, e-mails the learner without the work, and closes the hand-in', async () => {
    const { teacher, student } = await world();
    const { id } = (await give(teacher, student, { title: 'Bilan de compétences' })).json();
    const pending = await grade(id, teacher.token, { grade: 12 });
    expect([pending.statusCode, pending.json().message]).toEqual([409, "Ce devoir n'a pas encore été rendu ni marqué comme terminé : il ne peut pas être noté."]);
    await submit(id, student.token, submission('Mon travail confidentiel.'));

    for (const bad of [21, -1, 14.3, 'abc', '20,25', true]) {
      const refused = await grade(id, teacher.token, { grade: bad });
      expect([refused.statusCode, refused.json().message]).toEqual([400, 'La note doit être un nombre entre 0 et 20, par demi-point (par exemple 14,5).']);
    }
    for (const missing of [{}, { grade: null }, { grade: '' }]) {
      const refused = await grade(id, teacher.token, missing);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/grade|note/);
    }
    const before = smtp.mails.length;
    t.clock.set(new Date('2026-12-07T09:00:00Z'));
    const graded = await grade(id, teacher.token, { grade: '14,5', feedback: 'Bonne analyse, conclusion à étoffer.' });
    expect([graded.statusCode, graded.json().grade, graded.json().feedback, graded.json().graded_at]).toEqual([200, 14.5, 'Bonne analyse, conclusion à étoffer.', '2026-12-07T09:00:00Z']);
    const [event] = await events('AssignmentGraded', id);
    expect(event.payload).toEqual({
      assignmentId: id, teacherId: teacher.teacherId, studentId: student.studentId, gradedById: teacher.teacherId, gradedByRole: 'teacher',
      grade: 14.5, outOf: 20, submissionId: graded.json().submissions[0].id, feedbackSha256: sha256('Bonne analyse, conclusion à étoffer.'), feedbackLength: [...'Bonne analyse, conclusion à étoffer.'].length,
    });
    const mails = await smtp.waitFor(before + 1);
    const mail = mails.slice(before).find((m) => m.to.includes(student.email))!;
    const { subject, text } = readMail(mail);
    expect(subject).toBe('Votre devoir a été corrigé');
    expect(text).toContain('« Bilan de compétences »');
    expect(text).not.toContain('confidentiel');
    expect(text).not.toContain('14,5');
    expect(text).not.toContain('étoffer');

    // The same grade again changes nothing; a correction is a new event; the learner reads it.
    expect((await grade(id, teacher.token, { grade: 14.5, feedback: 'Bonne analyse, conclusion à étoffer.' })).statusCode).toBe(200);
    expect(await events('AssignmentGraded', id)).toHaveLength(1);
    expect((await grade(id, teacher.token, { grade: 15 })).json()).toEqual(expect.objectContaining({ grade: 15, feedback: null }));
    expect(await events('AssignmentGraded', id)).toHaveLength(2);
    const mine = (await call(t, 'GET', `/api/my-assignments/${student.studentId}`, student.token)).json();
    expect(mine.find((h: { id: number }) => h.id === id)).toEqual(expect.objectContaining({ grade: 15, out_of: 20 }));

    const late = await submit(id, student.token, submission('Encore une version'));
    expect([late.statusCode, late.json().message]).toEqual([409, 'Ce devoir est déjà noté : il ne peut plus être rendu.']);
  });

  it('sent twice at once (a double click, a retry) answers its first outcome: one grade, one event, one e-mail; another grade is a regrade', async () => {
    const { teacher, student } = await world();
    const { id } = (await give(teacher, student, { title: 'Note de synthèse' })).json();
    await submit(id, student.token, submission('Ma synthèse'));
    const before = smtp.mails.length;
    const body = { grade: '12,5', feedback: 'Plan clair, sources à citer.' };
    const answers = await Promise.all([grade(id, teacher.token, body), grade(id, teacher.token, body), grade(id, teacher.token, body)]);
    expect(answers.map((r) => [r.statusCode, r.json().grade, r.json().feedback])).toEqual(Array(3).fill([200, 12.5, 'Plan clair, sources à citer.']));
    expect(new Set(answers.map((r) => r.json().graded_at)).size).toBe(1);
    expect(await events('AssignmentGraded', id)).toHaveLength(1);
    const retry = await grade(id, teacher.token, { grade: 12.5, feedback: ' Plan clair, sources à citer. ' });
    expect([retry.statusCode, retry.json().graded_at]).toEqual([200, answers[0]!.json().graded_at]);
    expect(await events('AssignmentGraded', id)).toHaveLength(1);
    await smtp.waitFor(before + 1);
    // A different grade sent twice at once is one regrade.
    const regrades = await Promise.all([grade(id, teacher.token, { grade: 13, feedback: body.feedback }), grade(id, teacher.token, { grade: 13, feedback: body.feedback })]);
    expect(regrades.map((r) => [r.statusCode, r.json().grade])).toEqual([[200, 13], [200, 13]]);
    expect((await events('AssignmentGraded', id)).map((e) => e.payload.grade)).toEqual([12.5, 13]);
    // Counted for this learner alone: another test's notice arriving meanwhile is not this one's.
    await eventually(async () => expect(smtp.mails.slice(before).filter((m) => m.to.includes(student.email))).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.slice(before).filter((m) => m.to.includes(student.email))).toHaveLength(2);
  });

  it('refuses another trainer, the learner and a stranger in French (403); an admin may grade', async () => {
    const { teacher, student, other, stranger } = await world();
    const { id } = (await give(teacher, student, {})).json();
    await submit(id, student.token, submission('Réponse'));
    const foreign = await grade(id, stranger.token, { grade: 10 });
    expect([foreign.statusCode, foreign.json().message]).toEqual([403, 'Ce devoir a été donné par un autre formateur : vous ne pouvez pas le noter.']);
    expect((await grade(id, student.token, { grade: 20 })).statusCode).toBe(403);
    expect((await grade(id, other.token, { grade: 20 })).statusCode).toBe(403);
    expect((await grade(id, undefined as unknown as string, { grade: 20 })).statusCode).toBe(401);
    expect((await grade(999_999, teacher.token, { grade: 10 })).statusCode).toBe(404);
    expect(await events('AssignmentGraded', id)).toHaveLength(0);
    const byAdmin = await grade(id, admin.token, { grade: 8, feedback: 'Revoir la méthode.' });
    expect([byAdmin.statusCode, byAdmin.json().grade]).toEqual([200, 8]);
    expect((await events('AssignmentGraded', id))[0].payload).toEqual(expect.objectContaining({ gradedByRole: 'admin' }));
  });

  it('grades work marked done without a submission (« sans rendu »), which is then closed to hand-ins', async () => {
    const { teacher, student } = await world();
    const { id } = (await give(teacher, student, {})).json();
    expect((await call(t, 'PUT', `/api/update-assignments/${id}`, student.token, { student_status: true })).json()).toEqual({ bool: true });
    const after = await submit(id, student.token, submission('Finalement, voici un rendu.'));
    expect([after.statusCode, after.json().message]).toEqual([409, 'Ce devoir a été marqué comme terminé sans rendu : il ne peut plus être rendu.']);
    const graded = await grade(id, teacher.token, { grade: 10, feedback: 'Fait à l’oral.' });
    expect([graded.statusCode, graded.json().student_status, graded.json().submissions]).toEqual([200, true, []]);
    expect((await events('AssignmentGraded', id))[0].payload).toEqual(expect.objectContaining({ submissionId: null }));
  });
});

describe('the files handed in', () => {
  it('are served to the learner, the trainer who gave the homework and admins only, never by the public media', async () => {
    const { teacher, student, other, stranger } = await world();
    const { id } = (await give(teacher, student, {})).json();
    const view = (await submit(id, student.token, submission(undefined, [['rapport final.pdf', PDF]]))).json();
    const fileId = view.submissions[0].files[0].id;
    for (const reader of [student, teacher, admin]) {
      const file = await call(t, 'GET', `/api/homework-files/${fileId}`, reader.token);
      expect([file.statusCode, file.headers['content-type'], file.rawPayload.equals(PDF)]).toEqual([200, 'application/pdf', true]);
      expect(file.headers['content-disposition']).toContain('rapport final.pdf');
    }
    for (const reader of [other, stranger]) {
      const refused = await call(t, 'GET', `/api/homework-files/${fileId}`, reader.token);
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'Ce fichier appartient au devoir d’un autre apprenant : vous ne pouvez pas l’ouvrir.']);
    }
    expect((await call(t, 'GET', `/api/homework-files/${fileId}`)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/homework-files/999999', admin.token)).statusCode).toBe(404);
    const [stored] = await db.query<{ path: string }>('select path from tutoring.homework_file where id = $1', [fileId]);
    expect(stored.path).toMatch(/^\/media\/homework\/\d+\/[0-9a-f-]{36}\.pdf$/);
    expect((await call(t, 'GET', stored.path)).statusCode).toBe(404);
  });
});

describe('the transcript', () => {
  it('shows the work done: submissions with their dates, late flags and file hashes, the grade and feedback', async () => {
    const { teacher, student } = await world();
    t.clock.set(new Date('2026-12-01T10:00:00Z'));
    const { id } = (await give(teacher, student, { due_date: '2026-12-02' })).json();
    t.clock.set(new Date('2026-12-03T10:00:00Z'));
    await submit(id, student.token, submission('Réponse', [['a.pdf', PDF]]));
    await grade(id, teacher.token, { grade: 16, feedback: 'Très bien.' });
    t.clock.release();
    const transcript = await t.app.get(QueryBus).execute(new GetTutoringTranscript(student.studentId, [teacher.teacherId]));
    expect(transcript.homework.find((h) => h.id === id)).toEqual(expect.objectContaining({
      due_at: '2026-12-02T22:59:59.000Z', grade: 16, out_of: 20, feedback: 'Très bien.', graded_at: '2026-12-03T10:00:00.000Z', done: true,
      submissions: [{ number: 1, submitted_at: '2026-12-03T10:00:00.000Z', late: true, sha256: sha256('Réponse'), files: [{ file_name: 'a.pdf', size: PDF.length, sha256: sha256(PDF) }] }],
    }));
  });
});

describe('the answers kept beside the log', () => {
  it('are bound to their AssignmentSubmitted: `evidence:verify-rows` names an answer rewritten since', async () => {
    const { teacher, student } = await world();
    const { id } = (await give(teacher, student, {})).json();
    const view = (await submit(id, student.token, submission('Ma réponse authentique.'))).json();
    const sql = { query: <T>(text: string, params?: unknown[]) => db.query(text, params) as Promise<T[]> };
    const before = await checkMessageTexts(sql);
    expect(before.mismatches.filter((m) => m.rows.startsWith('tutoring.homework_submission'))).toEqual([]);
    await db.query(`update tutoring.homework_submission set body = 'Réponse réécrite.' where id = $1`, [view.submissions[0].id]);
    const after = await checkMessageTexts(sql);
    expect(after.mismatches).toContainEqual(expect.objectContaining({ rows: `tutoring.homework_submission id ${view.submissions[0].id}`, message: expect.stringContaining('texte du rendu de devoir modifié') }));
    await db.query(`update tutoring.homework_submission set body = 'Ma réponse authentique.' where id = $1`, [view.submissions[0].id]);
  });
});
