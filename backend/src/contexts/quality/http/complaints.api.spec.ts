// Complaints and the improvement log (issue 29 item 6, docs/adr/0048) on the real application and
// PostgreSQL: filed by a visitor, a learner, a trainer; visitors throttled per address; a honeypot
// answered like a success and storing nothing; the acknowledgement and the answer through a real
// SMTP catcher; the register for admins only; the improvement log; both exports; the retention job
// run by the real job queue.
import { createHash, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { Database } from '../../../platform/database/database.js';
import { Jobs } from '../../../platform/jobs/jobs.service.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenCourse, givenPublished, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { COMPLAINT_RETENTION_JOB } from '../application/complaints/complaint-retention.js';
import { KEY_TAKEN, TOO_MANY_COMPLAINTS, UNKNOWN_COURSE } from '../application/complaints/complaint.commands.js';
import { COMPLAINT_MESSAGES } from '../domain/complaint.aggregate.js';
import { IMPROVEMENT_MESSAGES } from '../domain/improvement-action.aggregate.js';

let t: TestApp;
let db: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

const RETENTION_DAYS = 30;
const PER_ADDRESS = 3;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({
    SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), JOBS_ENABLED: 'true',
    COMPLAINT_VISITOR_RETENTION_DAYS: String(RETENTION_DAYS), COMPLAINT_VISITOR_MAX_PER_ADDRESS: String(PER_ADDRESS), COMPLAINT_VISITOR_WINDOW_SECONDS: '3600',
  });
  db = t.app.get(Database);
});

afterEach(() => t.clock.release());

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const T0 = Date.parse('2026-03-02T08:00:00Z');
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => readMail(m));
let addresses = 0;
/** A fresh caller address: each test's visitors are throttled apart from the others'. */
const newAddress = () => `198.51.100.${++addresses}`;
const file = (body: Record<string, unknown>, options: { token?: string; address?: string } = {}) =>
  t.app.inject({
    method: 'POST', url: '/api/complaints', remoteAddress: options.address ?? newAddress(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    payload: { request_key: randomUUID(), ...body },
  });
const count = async () => (await db.one<{ n: number }>('select count(*)::int as n from quality.complaint'))!.n;
const complaintByReference = (reference: string) => db.one<{ id: number; filer_kind: string; filer_id: number | null; visitor_email: string | null }>(
  'select id, filer_kind, filer_id, visitor_email from quality.complaint where reference = $1', [reference],
);
const events = (type: string, complaintId: number) =>
  db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = $1 and (payload->>'complaintId')::int = $2 order by position`, [type, complaintId]);
let visitors = 0;
const visitor = () => {
  const n = ++visitors;
  return { name: `Claire Visiteuse ${n}`, email: `visiteur-${n}@exemple.fr`, phone: '06 12 34 56 78' };
};

async function workbookOf(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

describe('filing a complaint', () => {
  it('a visitor files one: a reference, the text kept beside the log, its hash in the event, an acknowledgement by e-mail', async () => {
    const admin = await givenAdmin(t);
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenPublished(t, admin.token, course.courseId);
    t.clock.set(new Date(T0));
    const who = visitor();
    const text = 'La vidéo du module 2 ne se charge pas sur mon téléphone, seulement sur ordinateur.';
    const response = await file({ ...who, category: 'technique', course_id: course.courseId, message: text });
    expect(response.statusCode).toBe(201);
    const receipt = response.json();
    expect(receipt).toEqual({ reference: expect.stringMatching(/^REC-[2-9A-HJKMNP-Z]{6}$/), received_at: new Date(T0).toISOString() });
    const row = await complaintByReference(receipt.reference);
    expect(row).toMatchObject({ filer_kind: 'visitor', filer_id: null, visitor_email: who.email });
    const [filed] = await events('ComplaintFiled', row!.id);
    expect(filed!.payload).toEqual({ complaintId: row!.id, filerKind: 'visitor', filerId: null, category: 'technique', courseId: course.courseId, sha256: sha(text), length: text.length });
    expect(JSON.stringify(filed)).not.toMatch(/Claire|exemple\.fr|téléphone/);
    const [mail] = await eventually(async () => {
      const mails = mailsTo(who.email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mail!.subject).toBe(`Accusé de réception de votre réclamation ${receipt.reference}`);
    expect(mail!.text).toContain(`Bonjour ${who.name}`);
    expect(mail!.text).toContain('2 mars 2026');
    // The public form lists the published courses.
    const courses = await t.app.inject({ method: 'GET', url: '/api/complaints/courses' });
    expect(courses.json()).toContainEqual({ id: course.courseId, title: course.title });
  });

  it('a learner and a trainer file theirs signed in: their account is linked, no contact asked, each reads only their own', async () => {
    const [student, other, teacher] = await Promise.all([givenStudent(t), givenStudent(t), givenTeacher(t)]);
    const mine = await file({ category: 'formateur', message: 'Mon formateur ne répond pas à mes messages depuis dix jours.' }, { token: student.token });
    expect(mine.statusCode).toBe(201);
    expect(await complaintByReference(mine.json().reference)).toMatchObject({ filer_kind: 'student', filer_id: student.studentId, visitor_email: null });
    const theirs = await file({ category: 'administratif', message: 'Mon planning de session a changé sans prévenir.' }, { token: teacher.token });
    expect(theirs.statusCode).toBe(201);
    expect(await complaintByReference(theirs.json().reference)).toMatchObject({ filer_kind: 'teacher', filer_id: teacher.teacherId });
    await eventually(async () => expect(mailsTo(student.email).map((m) => m.subject)).toEqual([`Accusé de réception de votre réclamation ${mine.json().reference}`]));

    const list = await call(t, 'GET', '/api/complaints/mine', student.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ reference: mine.json().reference, status: 'recue', category: 'formateur', answers: [] })]);
    expect((await call(t, 'GET', '/api/complaints/mine', other.token)).json()).toEqual([]);
    expect((await call(t, 'GET', '/api/complaints/mine', teacher.token)).json().map((c: { reference: string }) => c.reference)).toEqual([theirs.json().reference]);
    expect((await call(t, 'GET', '/api/complaints/mine')).statusCode).toBe(401);

    // Someone who filed a complaint is closed, not erased: the register keeps their name (ADR 0015, 0048).
    const admin = await givenAdmin(t);
    const plan = (await call(t, 'GET', `/api/admin/students/${other.studentId}/removal`, admin.token)).json();
    expect(plan).toMatchObject({ mode: 'delete', reasons: [] });
    const filed = (await call(t, 'GET', `/api/admin/students/${student.studentId}/removal`, admin.token)).json();
    expect(filed).toMatchObject({ mode: 'close', reasons: expect.arrayContaining([expect.objectContaining({ code: 'quality' })]) });
  });

  it('refuses in French, storing nothing: over 5,000 characters, no text, an unknown category, a visitor without a valid e-mail, an unknown course, an admin', async () => {
    const admin = await givenAdmin(t);
    const before = await count();
    const tooLong = await file({ ...visitor(), category: 'autre', message: 'a'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('La réclamation ne doit pas dépasser 5\u00a0000 caractères.');
    expect((await file({ ...visitor(), category: 'autre', message: '  ' })).json().message).toContain(COMPLAINT_MESSAGES.empty);
    expect((await file({ ...visitor(), category: 'colère', message: 'Texte' })).json().message).toContain(COMPLAINT_MESSAGES.category);
    const noMail = await file({ ...visitor(), email: 'pas-une-adresse', category: 'autre', message: 'Texte' });
    expect([noMail.statusCode, noMail.json().message]).toEqual([400, expect.stringContaining(COMPLAINT_MESSAGES.email)]);
    expect((await file({ ...visitor(), name: '', category: 'autre', message: 'Texte' })).json().message).toContain(COMPLAINT_MESSAGES.name);
    const unknownCourse = await file({ ...visitor(), category: 'contenu', course_id: 999_999, message: 'Texte' });
    expect([unknownCourse.statusCode, unknownCourse.json().message]).toEqual([400, expect.stringContaining(UNKNOWN_COURSE)]);
    const badKey = await file({ ...visitor(), category: 'autre', message: 'Texte', request_key: 'x' });
    expect(badKey.statusCode).toBe(400);
    const byAdmin = await file({ category: 'autre', message: 'Texte' }, { token: admin.token });
    expect(byAdmin.statusCode).toBe(403);
    expect(await count()).toBe(before);
    // Exactly 5,000 characters pass.
    expect((await file({ ...visitor(), category: 'autre', message: 'é'.repeat(5000) })).statusCode).toBe(201);
  });

  it('answers a filled honeypot like a success, storing and sending nothing', async () => {
    const before = await count();
    const who = visitor();
    const response = await file({ ...who, website: 'http://spam.example', category: 'autre', message: 'Achetez nos montres.' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ reference: expect.stringMatching(/^REC-/), received_at: expect.any(String) });
    expect(await count()).toBe(before);
    // A real filing after it is acknowledged; the honeypot's address never was.
    const real = visitor();
    await file({ ...real, category: 'autre', message: 'Vraie réclamation.' });
    await eventually(async () => expect(mailsTo(real.email)).toHaveLength(1));
    expect(mailsTo(who.email)).toEqual([]);
  });

  it('throttles visitors per address over the window (server clock), not signed-in filers; a double submit answers the first filing', async () => {
    const student = await givenStudent(t);
    t.clock.set(new Date(T0));
    const address = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await file({ ...visitor(), category: 'autre', message: `Réclamation ${i}` }, { address })).statusCode).toBe(201);
    const before = await count();
    const refused = await file({ ...visitor(), category: 'autre', message: 'Une de trop' }, { address });
    expect([refused.statusCode, refused.json().message]).toEqual([429, TOO_MANY_COMPLAINTS]);
    expect((await file({ ...visitor(), category: 'autre', message: 'Ailleurs' })).statusCode).toBe(201);
    for (let i = 0; i < PER_ADDRESS + 1; i++) expect((await file({ category: 'autre', message: `Élève ${i}` }, { token: student.token, address })).statusCode).toBe(201);
    expect(await count()).toBe(before + 1 + PER_ADDRESS + 1);
    t.clock.advance(3_601_000);
    expect((await file({ ...visitor(), category: 'autre', message: 'Une heure après' }, { address })).statusCode).toBe(201);

    const key = randomUUID();
    const first = await file({ category: 'autre', message: 'Double clic', request_key: key }, { token: student.token });
    const again = await file({ category: 'autre', message: 'Double clic', request_key: key }, { token: student.token });
    expect(again.json()).toEqual(first.json());
    // A visitor's last allowed filing whose answer was lost: sent again, its receipt, not a 429.
    const busy = newAddress();
    for (let i = 0; i < PER_ADDRESS - 1; i++) await file({ ...visitor(), category: 'autre', message: `Avant ${i}` }, { address: busy });
    const lastKey = randomUUID();
    const contact = visitor();
    const last = await file({ ...contact, category: 'autre', message: 'La dernière', request_key: lastKey }, { address: busy });
    const retried = await file({ ...contact, category: 'autre', message: 'La dernière', request_key: lastKey }, { address: busy });
    expect([last.statusCode, retried.statusCode, retried.json()]).toEqual([201, 201, last.json()]);
    // Someone else sending a key already used gets no receipt of another's complaint.
    const stolen = await file({ category: 'autre', message: 'Clé d’un autre', request_key: key }, { token: (await givenStudent(t)).token });
    expect([stolen.statusCode, stolen.json().message]).toEqual([409, KEY_TAKEN]);
  });
});

describe('the register (admins)', () => {
  async function filedByVisitor(category = 'documents', text = 'Mon certificat de réalisation n’est pas arrivé.') {
    const who = visitor();
    const receipt = (await file({ ...who, category, message: text })).json();
    const row = await complaintByReference(receipt.reference);
    return { who, id: row!.id, reference: receipt.reference as string };
  }

  it('an admin answers (the filer is e-mailed the text; the handling time is the server’s), records the action, opens an improvement action, closes it', async () => {
    const admin = await givenAdmin(t);
    t.clock.set(new Date(T0));
    const { who, id, reference } = await filedByVisitor();
    t.clock.set(new Date(T0 + 2 * 86_400_000 + 3_600_000));
    const answerText = 'Votre certificat vous a été renvoyé ce jour ; veuillez nous excuser du retard.';
    const answered = await call(t, 'POST', `/api/admin/complaints/${id}/answers`, admin.token, { message: answerText, answer_key: randomUUID() });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({
      reference, status: 'en_cours', handling_seconds: 2 * 86_400 + 3_600, first_answered_at: new Date(T0 + 2 * 86_400_000 + 3_600_000).toISOString(),
      filer: { kind: 'visitor', name: who.name, email: who.email, phone: who.phone }, answers: [expect.objectContaining({ message: answerText })],
    });
    const [answeredEvent] = await events('ComplaintAnswered', id);
    expect(answeredEvent!.payload).toMatchObject({ adminId: admin.adminId, sha256: sha(answerText), handlingSeconds: 176_400 });
    await eventually(async () => {
      const answer = mailsTo(who.email).find((m) => m.subject === `Réponse à votre réclamation ${reference}`);
      expect(answer?.text).toContain(answerText);
    });

    const action = await call(t, 'PUT', `/api/admin/complaints/${id}/action`, admin.token, { action_taken: 'Certificat renvoyé ; relance automatique mise en place.' });
    expect(action.json()).toMatchObject({ action_taken: 'Certificat renvoyé ; relance automatique mise en place.' });
    const improvement = await call(t, 'POST', `/api/admin/complaints/${id}/improvement-actions`, admin.token, {
      description: 'Envoyer les certificats automatiquement à la fin de chaque session.', owner: 'Responsable administratif', due_on: '2026-04-30',
    });
    expect(improvement.statusCode).toBe(201);
    expect(improvement.json()).toMatchObject({ source: 'reclamation', complaint_id: id, complaint_reference: reference, status: 'a_faire', due_on: '2026-04-30' });
    const treated = await call(t, 'PUT', `/api/admin/complaints/${id}/status`, admin.token, { status: 'traitee' });
    expect(treated.json()).toMatchObject({ status: 'traitee', improvement_actions: [expect.objectContaining({ id: improvement.json().id })] });
    expect((await call(t, 'PUT', `/api/admin/complaints/${id}/status`, admin.token, { status: 'close' })).json().status).toBe('close');
    const late = await call(t, 'POST', `/api/admin/complaints/${id}/answers`, admin.token, { message: 'Encore', answer_key: randomUUID() });
    expect([late.statusCode, late.json().message]).toEqual([409, COMPLAINT_MESSAGES.closed]);
    expect((await call(t, 'PUT', `/api/admin/complaints/${id}/status`, admin.token, { status: 'oubliee' })).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/admin/complaints/999999', admin.token)).statusCode).toBe(404);
  });

  it('lists with filters by status, category and period, and exports the register to XLSX', async () => {
    const admin = await givenAdmin(t);
    t.clock.set(new Date('2025-06-10T10:00:00Z'));
    const june = await filedByVisitor('accessibilite', 'Les sous-titres manquent sur les vidéos du module 1.');
    t.clock.set(new Date('2025-07-01T10:00:00Z'));
    const july = await filedByVisitor('accessibilite', 'Le lecteur ne se pilote pas au clavier.');
    await call(t, 'PUT', `/api/admin/complaints/${july.id}/status`, admin.token, { status: 'en_cours' });
    const references = async (query: string) => (await call(t, 'GET', `/api/admin/complaints?${query}`, admin.token)).json().map((c: { reference: string }) => c.reference);
    expect(await references('category=accessibilite&from=2025-06-01&to=2025-07-31')).toEqual([july.reference, june.reference]);
    expect(await references('category=accessibilite&from=2025-06-01&to=2025-06-30')).toEqual([june.reference]);
    expect(await references('category=accessibilite&status=en_cours&from=2025-06-01&to=2025-07-31')).toEqual([july.reference]);
    const bad = await call(t, 'GET', '/api/admin/complaints?from=2025-02-30', admin.token);
    expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringContaining('La date doit être une date valide (AAAA-MM-JJ).')]);

    const exported = await call(t, 'GET', '/api/admin/complaints/export?category=accessibilite&from=2025-06-01&to=2025-07-31', admin.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.headers['x-export-rows']).toBe('2');
    const sheet = (await workbookOf(exported.rawPayload)).getWorksheet('Réclamations')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Référence');
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]).toEqual([july.reference, june.reference]);
    expect(sheet.getRow(3).getCell(7).value).toBe('Accessibilité, handicap');
    expect(sheet.getRow(3).getCell(9).value).toBe('Les sous-titres manquent sur les vidéos du module 1.');
  });

  it('is for admins only: learners, trainers and nobody are refused every call', async () => {
    const [student, teacher, admin] = await Promise.all([givenStudent(t), givenTeacher(t), givenAdmin(t)]);
    const { id } = await filedByVisitor();
    const calls: [('GET' | 'PUT' | 'POST'), string, object?][] = [
      ['GET', '/api/admin/complaints'], ['GET', `/api/admin/complaints/${id}`], ['GET', '/api/admin/complaints/export'],
      ['PUT', `/api/admin/complaints/${id}/status`, { status: 'close' }], ['POST', `/api/admin/complaints/${id}/answers`, { message: 'x', answer_key: randomUUID() }],
      ['PUT', `/api/admin/complaints/${id}/action`, { action_taken: 'x' }], ['POST', `/api/admin/complaints/${id}/improvement-actions`, { description: 'x' }],
      ['GET', '/api/admin/improvement-actions'], ['GET', '/api/admin/improvement-actions/export'], ['POST', '/api/admin/improvement-actions', { source: 'audit', description: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      expect([url, (await call(t, method, url, student.token, body)).statusCode]).toEqual([url, 403]);
      expect([url, (await call(t, method, url, teacher.token, body)).statusCode]).toEqual([url, 403]);
      expect([url, (await call(t, method, url, undefined, body)).statusCode]).toEqual([url, 401]);
    }
    expect((await call(t, 'GET', `/api/admin/complaints/${id}`, admin.token)).json().status).toBe('recue');
    expect(await db.one('select count(*)::int as n from quality.improvement_action where description = $1', ['x'])).toEqual({ n: 0 });
  });
});

describe('the improvement log', () => {
  it('an admin opens an entry on its own, follows it to its result, filters and exports the log', async () => {
    const admin = await givenAdmin(t);
    const opened = await call(t, 'POST', '/api/admin/improvement-actions', admin.token, {
      source: 'enquete', description: 'Raccourcir les questionnaires à froid (taux de réponse de 22 %).', owner: 'Chargée qualité', due_on: '2026-06-30',
    });
    expect(opened.statusCode).toBe(201);
    const id = opened.json().id;
    expect(opened.json()).toMatchObject({ source: 'enquete', complaint_id: null, status: 'a_faire', owner: 'Chargée qualité' });
    const unfinished = await call(t, 'PUT', `/api/admin/improvement-actions/${id}`, admin.token, { status: 'terminee' });
    expect([unfinished.statusCode, unfinished.json().message]).toEqual([400, expect.stringContaining(IMPROVEMENT_MESSAGES.resultNeeded)]);
    const done = await call(t, 'PUT', `/api/admin/improvement-actions/${id}`, admin.token, { status: 'terminee', result: 'Questionnaire passé de 18 à 8 questions ; 41 % de réponses.' });
    expect(done.json()).toMatchObject({ status: 'terminee', result: 'Questionnaire passé de 18 à 8 questions ; 41 % de réponses.', done_at: expect.any(String), owner: 'Chargée qualité' });
    expect((await call(t, 'POST', '/api/admin/improvement-actions', admin.token, { source: 'rumeur', description: 'x' })).json().message).toContain(IMPROVEMENT_MESSAGES.source);
    expect((await call(t, 'POST', '/api/admin/improvement-actions', admin.token, { source: 'audit', description: 'x', due_on: '2026-13-01' })).json().message).toContain(IMPROVEMENT_MESSAGES.dueOn);
    expect((await call(t, 'PUT', '/api/admin/improvement-actions/999999', admin.token, { status: 'en_cours' })).statusCode).toBe(404);
    const listed = (await call(t, 'GET', '/api/admin/improvement-actions?source=enquete&status=terminee', admin.token)).json();
    expect(listed.map((a: { id: number }) => a.id)).toContain(id);
    expect(listed.every((a: { source: string; status: string }) => a.source === 'enquete' && a.status === 'terminee')).toBe(true);
    const [openedEvent] = await db.query<{ payload: object }>(`select payload from eventlog.event where event_type = 'ImprovementActionOpened' and (payload->>'actionId')::int = $1`, [id]);
    expect(JSON.stringify(openedEvent)).not.toContain('questionnaires');

    const exported = await call(t, 'GET', '/api/admin/improvement-actions/export?source=enquete', admin.token);
    expect(exported.statusCode).toBe(200);
    const sheet = (await workbookOf(exported.rawPayload)).getWorksheet('Améliorations')!;
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const row = rows.find((r) => r[1] === id)!;
    expect(row.slice(3, 10)).toEqual(['Enquête de satisfaction', undefined, 'Raccourcir les questionnaires à froid (taux de réponse de 22 %).', 'Chargée qualité', new Date('2026-06-30T00:00:00Z'), 'Terminée', 'Questionnaire passé de 18 à 8 questions ; 41 % de réponses.']);
  });
});

describe('the retention of visitors’ data', () => {
  it('the nightly job on the queue erases the contact of visitors whose complaint was treated or closed long enough ago; the facts, and everything else, stay', async () => {
    const admin = await givenAdmin(t);
    const student = await givenStudent(t);
    t.clock.set(new Date(T0));
    const make = async (status: string | null, token?: string) => {
      const receipt = (await file(token ? { category: 'contenu', message: 'Exercices corrigés absents.' } : { ...visitor(), category: 'contenu', message: 'Exercices corrigés absents.' }, { token })).json();
      const { id } = (await complaintByReference(receipt.reference))!;
      if (status) await call(t, 'PUT', `/api/admin/complaints/${id}/status`, admin.token, { status });
      return id;
    };
    const closed = await make('close');
    const treated = await make('traitee');
    const open = await make('en_cours');
    // Treated, then handled again: still being handled, its contact stays.
    const reopened = await make('traitee');
    expect((await call(t, 'PUT', `/api/admin/complaints/${reopened}/status`, admin.token, { status: 'en_cours' })).statusCode).toBe(200);
    const learners = await make('close', student.token);
    t.clock.set(new Date(T0 + 10 * 86_400_000));
    const recent = await make('close');

    t.clock.set(new Date(T0 + (RETENTION_DAYS + 1) * 86_400_000));
    const jobs = t.app.get(Jobs);
    const run = async () => {
      const jobId = await jobs.send(COMPLAINT_RETENTION_JOB, {});
      return eventually(async () => {
        const status = await jobs.status(jobId);
        expect(status?.state).toBe('completed');
        return status!.output as { erased: number[] };
      }, 120_000);
    };
    const { erased } = await run();
    expect(erased).toEqual(expect.arrayContaining([closed, treated]));
    expect(erased).not.toContain(open);
    expect(erased).not.toContain(reopened);
    expect(erased).not.toContain(recent);
    expect(erased).not.toContain(learners);
    const detail = (await call(t, 'GET', `/api/admin/complaints/${closed}`, admin.token)).json();
    expect(detail.filer).toMatchObject({ kind: 'visitor', name: null, email: null, phone: null, erased_at: new Date(T0 + (RETENTION_DAYS + 1) * 86_400_000).toISOString() });
    expect(detail).toMatchObject({ category: 'contenu', message: 'Exercices corrigés absents.', status: 'close' });
    expect((await call(t, 'GET', `/api/admin/complaints/${open}`, admin.token)).json().filer.email).toMatch(/@exemple\.fr$/);
    expect(await events('ComplaintFilerDataErased', closed)).toEqual([{ payload: { complaintId: closed, reason: 'retention' } }]);
    // Run again: nothing is erased twice.
    expect((await run()).erased).toEqual([]);
  });
});
