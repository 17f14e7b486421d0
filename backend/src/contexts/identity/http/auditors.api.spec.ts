// Auditors (issue 27 item 4, docs/adr/0039), through the real API, PostgreSQL and SMTP: an admin
// invites one (the e-mail's link sets the password), changes the scope and end date, revokes; the
// auditor reads in scope (closed accounts included), each read recorded as AuditorAccessed; 403
// outside the scope, for other roles, after the end date (TestClock) and after a revocation; no
// write of the product admits the auditor role (every non-GET operation of the OpenAPI document) but the
// dossier's generation and signed link (AUDITOR_WRITES, their own spec).
import { randomUUID } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAdmin, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { givenAuditor as givenAuditorBy, type AuditorScope } from '../testing.js';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: TestApp;
let db: Database;
let admin: GivenAdmin;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

afterEach(() => t.clock.release());

const END = '2099-12-31';
/** The writes open without a session: sign-ins, registrations, the auditor's and the imported learner's activation, logouts and the refresh. */
// « Réclamation » is open to visitors; a signed-in auditor (or admin) is refused there (docs/adr/0048).
const PUBLIC_WRITES = [
  'DELETE /api/media-session', 'POST /api/activation', 'POST /api/activation/lookup', 'POST /api/admin/token', 'POST /api/auditeurs/activation', 'POST /api/auditeurs/token', 'POST /api/complaints', 'POST /api/formateur-register',
  'POST /api/formateur/token', 'POST /api/logout', 'POST /api/student', 'POST /api/student-login-jwt', 'POST /api/surveys/answer', 'POST /api/surveys/answer/lookup', 'POST /api/token/logout', 'POST /api/token/refresh',
];
/**
 * The only writes an auditor reaches (docs/adr/0039 « Dossiers »): generating a dossier of their scope (derived data, itself
 * evidence of the audit) and asking a signed link to one they generated; their own spec is `evidence/http/audit-dossier.api.spec.ts`.
 */
const AUDITOR_WRITES = ['POST /api/audit/students/{studentId}/courses/{courseId}/dossier', 'POST /api/evidence/dossiers/{dossierId}/download-link'];
const eventsOf = (type: string, accountId: number) =>
  db.query<{ payload: Record<string, unknown> }>("select payload from eventlog.event where event_type = $1 and stream_type = 'identity.account' and stream_id = $2 order by position", [type, String(accountId)]);

/** Two courses, each with an enrolled learner who was active a little (so a transcript and a certificate exist). */
async function world() {
  const teacher = await givenTeacher(t);
  const inScope = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Le triangle du feu', contentType: 'text', duration: 0, textContent: 'Combustible, comburant, énergie.' }] });
  const outOfScope = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Les extincteurs', contentType: 'text', duration: 0, textContent: 'Eau, CO2, poudre.' }] });
  const learner = await givenStudent(t);
  const other = await givenStudent(t);
  await givenEnrolled(t, learner, inScope);
  await givenEnrolled(t, other, outOfScope);
  await beat(learner, inScope.courseId);
  return { teacher, inScope, outOfScope, learner, other };
}

async function beat(student: GivenStudent, courseId: number) {
  const chapter = (await db.one<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [courseId]))!.id;
  const at = Date.now();
  const response = await call(t, 'POST', '/api/progress/', student.token, {
    student: student.studentId, course: courseId, content_type: 'text', chapter, session_id: randomUUID(),
    beats: [{ seq: 1, at, visible: true, focused: true, playing: false, last_input_at: at }],
  });
  expect(response.statusCode).toBe(201);
}

/** An auditor of this scope (docs/adr/0039), invited by this file's admin and signed in (identity/testing.ts). */
const givenAuditor = (scope: AuditorScope, endsOn = END) => givenAuditorBy(t, admin, scope, endsOn);

describe('auditors', () => {
  it('are invited by e-mail: its one-use link (the one answered to the admin) sets the password, no sign-in before', async () => {
    const email = `auditeur-${randomUUID().slice(0, 8)}@bureau-veritas.test`;
    const invited = await call(t, 'POST', '/api/admin/auditors', admin.token, { full_name: 'Claire Auditrice', email, organisation: 'Bureau Veritas — audit Qualiopi', ends_on: END, all_courses: true, course_ids: [] });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email_sent: true, auditor: { status: 'invite', ends_on: END, email } });
    const mail = await eventually(async () => {
      const found = smtp.mails.find((m) => m.to.includes(email));
      expect(found).toBeDefined();
      return readMail(found!);
    });
    expect(mail.subject).toBe("Votre accès d'auditeur à la plateforme de formation");
    const secret = /\/auditeur\/activation#jeton=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(secret).toBeDefined();
    // The same one-use link, answered once to the inviting admin.
    expect(invited.json().invitation_url).toMatch(new RegExp(`/auditeur/activation#jeton=${secret}$`));
    const password = 'mot-de-passe-auditeur-1';
    // Before activation: no sign-in.
    expect((await call(t, 'POST', '/api/auditeurs/token', undefined, { email, password })).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/auditeurs/activation', undefined, { token: secret, password: 'court' })).statusCode).toBe(400);
    expect((await call(t, 'POST', '/api/auditeurs/activation', undefined, { token: secret, password })).statusCode).toBe(204);
    // The link is used up.
    const again = await call(t, 'POST', '/api/auditeurs/activation', undefined, { token: secret, password });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Ce lien d'invitation n'est plus valable : demandez au centre une nouvelle invitation.");
    expect((await call(t, 'POST', '/api/auditeurs/token', undefined, { email, password })).statusCode).toBe(200);
  });

  it('reads in scope, closed accounts included, every read recorded; 403 outside the scope and for other roles', async () => {
    const { inScope, outOfScope, learner, other, teacher } = await world();
    const auditor = await givenAuditor({ all_courses: false, course_ids: [inScope.courseId] });

    const me = await call(t, 'GET', '/api/audit/me', auditor.token);
    expect(me.json()).toMatchObject({ organisation: 'Bureau Veritas — audit Qualiopi', ends_on: END, all_courses: false, course_ids: [inScope.courseId] });
    const courses = await call(t, 'GET', '/api/audit/courses', auditor.token);
    expect(courses.json().map((c: { id: number }) => c.id)).toEqual([inScope.courseId]);

    // A certificate issued by the admin, then the learner's account closed: still in the auditor's reach.
    const issued = await call(t, 'POST', `/api/admin/students/${learner.studentId}/courses/${inScope.courseId}/documents/`, admin.token, { kind: 'certificat_realisation' });
    expect(issued.statusCode).toBe(201);
    expect((await call(t, 'DELETE', `/api/admin/students/${learner.studentId}/`, admin.token)).json()).toMatchObject({ mode: 'close' });

    const learners = await call(t, 'GET', `/api/audit/courses/${inScope.courseId}/learners`, auditor.token);
    expect(learners.statusCode).toBe(200);
    expect(learners.json()).toEqual([expect.objectContaining({ id: learner.studentId, closed: true })]);
    const transcript = await call(t, 'GET', `/api/audit/students/${learner.studentId}/courses/${inScope.courseId}/transcript`, auditor.token);
    expect(transcript.statusCode).toBe(200);
    expect(transcript.json().student).toMatchObject({ id: learner.studentId, closed: true });
    const documents = await call(t, 'GET', `/api/audit/students/${learner.studentId}/courses/${inScope.courseId}/documents`, auditor.token);
    expect(documents.json()).toEqual([expect.objectContaining({ id: issued.json().id, kind: 'certificat_realisation' })]);
    const pdf = await call(t, 'GET', `/api/audit/documents/${issued.json().id}/pdf`, auditor.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Outside the scope: the other course, its learner, a learner of this course read through the other one.
    const outside = [
      `/api/audit/courses/${outOfScope.courseId}/learners`,
      `/api/audit/students/${other.studentId}/courses/${outOfScope.courseId}/transcript`,
      `/api/audit/students/${other.studentId}/courses/${outOfScope.courseId}/documents`,
    ];
    for (const url of outside) {
      const refused = await call(t, 'GET', url, auditor.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Ce cours n'est pas dans le périmètre de votre mission d'audit.");
    }
    // Not the other roles' routes, nor a route open to any signed-in person.
    expect((await call(t, 'GET', `/api/evidence/students/${learner.studentId}/courses/${inScope.courseId}/transcript`, auditor.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/auditors', auditor.token)).statusCode).toBe(403);

    // Other roles get 403 on the auditor's calls.
    const teacherToken = (await call(t, 'POST', '/api/formateur/token/', undefined, { email: teacher.email, password: teacher.password })).json().access;
    for (const token of [admin.token, other.token, teacherToken]) {
      expect((await call(t, 'GET', '/api/audit/courses', token)).statusCode).toBe(403);
      expect((await call(t, 'GET', `/api/audit/students/${learner.studentId}/courses/${inScope.courseId}/transcript`, token)).statusCode).toBe(403);
      expect((await call(t, 'GET', `/api/audit/documents/${issued.json().id}/pdf`, token)).statusCode).toBe(403);
    }
    expect((await call(t, 'GET', '/api/audit/courses')).statusCode).toBe(401);

    // Every admitted read is an event with ids only; refusals record nothing.
    const accessed = await eventsOf('AuditorAccessed', auditor.accountId);
    expect(accessed.map((e) => e.payload)).toEqual([
      { accountId: auditor.accountId, auditorId: auditor.auditorId, what: 'learners', courseId: inScope.courseId, studentId: null, documentId: null },
      { accountId: auditor.accountId, auditorId: auditor.auditorId, what: 'transcript', courseId: inScope.courseId, studentId: learner.studentId, documentId: null },
      { accountId: auditor.accountId, auditorId: auditor.auditorId, what: 'documents', courseId: inScope.courseId, studentId: learner.studentId, documentId: null },
      { accountId: auditor.accountId, auditorId: auditor.auditorId, what: 'document', courseId: inScope.courseId, studentId: learner.studentId, documentId: issued.json().id },
    ]);
    const downloaded = await db.query<{ payload: Record<string, unknown> }>("select payload from eventlog.event where event_type = 'DocumentDownloaded' and payload->>'byRole' = 'auditor'");
    expect(downloaded.map((e) => e.payload)).toEqual([expect.objectContaining({ documentId: issued.json().id, byProfileId: auditor.auditorId })]);

    // The admin reads the log on the auditor's page.
    const log = await call(t, 'GET', `/api/admin/auditors/${auditor.auditorId}/accesses`, admin.token);
    expect(log.json().map((a: { what: string }) => a.what)).toEqual(['document', 'documents', 'transcript', 'learners']);
    expect((await call(t, 'GET', `/api/admin/auditors/${auditor.auditorId}/accesses`, auditor.token)).statusCode).toBe(403);
  });

  it('filters a course’s learners by one of its sessions; a session of another course, or of none, is refused in French', async () => {
    const { inScope, outOfScope, learner } = await world();
    const other = await givenStudent(t);
    await givenEnrolled(t, other, inScope);
    const session = async (courseId: number, name: string) => {
      const created = await call(t, 'POST', '/api/admin/sessions/', admin.token, { course: courseId, name, start_date: '2027-01-11', end_date: '2027-03-26' });
      expect(created.statusCode).toBe(201);
      return created.json().id as number;
    };
    const march = await session(inScope.courseId, 'Session de mars 2027');
    const elsewhere = await session(outOfScope.courseId, 'Session hors périmètre');
    expect((await call(t, 'POST', `/api/admin/sessions/${march}/learners/`, admin.token, { student: learner.studentId })).statusCode).toBe(200);
    const auditor = await givenAuditor({ all_courses: false, course_ids: [inScope.courseId] });

    const sessions = await call(t, 'GET', `/api/audit/courses/${inScope.courseId}/sessions`, auditor.token);
    expect([sessions.statusCode, sessions.json()]).toEqual([200, [{ id: march, name: 'Session de mars 2027', start_date: '2027-01-11', end_date: '2027-03-26' }]]);
    const all = await call(t, 'GET', `/api/audit/courses/${inScope.courseId}/learners`, auditor.token);
    expect(all.json().map((l: { id: number }) => l.id).sort()).toEqual([learner.studentId, other.studentId].sort());
    const filtered = await call(t, 'GET', `/api/audit/courses/${inScope.courseId}/learners?session=${march}`, auditor.token);
    expect([filtered.statusCode, filtered.json().map((l: { id: number }) => l.id)]).toEqual([200, [learner.studentId]]);

    // A session of a course outside the scope, asked through a course of the scope or its own: refused, nothing listed.
    const mixed = await call(t, 'GET', `/api/audit/courses/${inScope.courseId}/learners?session=${elsewhere}`, auditor.token);
    expect([mixed.statusCode, mixed.json().message]).toEqual([404, 'Session introuvable pour cette formation.']);
    const outside = await call(t, 'GET', `/api/audit/courses/${outOfScope.courseId}/learners?session=${elsewhere}`, auditor.token);
    expect(outside.statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/audit/courses/${outOfScope.courseId}/sessions`, auditor.token)).statusCode).toBe(403);
    const bad = await call(t, 'GET', `/api/audit/courses/${inScope.courseId}/learners?session=abc`, auditor.token);
    expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringContaining('Session introuvable pour cette formation.')]);
    expect((await call(t, 'GET', `/api/audit/courses/${inScope.courseId}/sessions`, admin.token)).statusCode).toBe(403);
  });

  it('changes the scope and the end date; after the end date (the server clock) sign-in and every call get a French 403', async () => {
    const { inScope, outOfScope, other } = await world();
    const auditor = await givenAuditor({ all_courses: false, course_ids: [inScope.courseId] }, '2099-06-30');
    const url = `/api/audit/students/${other.studentId}/courses/${outOfScope.courseId}/transcript`;
    expect((await call(t, 'GET', url, auditor.token)).statusCode).toBe(403);

    // Bad input changes nothing.
    const past = await call(t, 'PUT', `/api/admin/auditors/${auditor.auditorId}`, admin.token, { ends_on: '2001-01-01', all_courses: true, course_ids: [] });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('La date de fin ne peut pas être déjà passée.');
    const empty = await call(t, 'PUT', `/api/admin/auditors/${auditor.auditorId}`, admin.token, { ends_on: '2099-06-30', all_courses: false, course_ids: [] });
    expect(empty.json().message).toBe('Choisissez au moins un cours, ou tout le centre.');
    expect((await call(t, 'PUT', `/api/admin/auditors/${auditor.auditorId}`, admin.token, { ends_on: '2099-02-30', all_courses: true, course_ids: [] })).statusCode).toBe(400);
    expect((await call(t, 'PUT', `/api/admin/auditors/${auditor.auditorId}`, auditor.token, { ends_on: '2099-06-30', all_courses: true, course_ids: [] })).statusCode).toBe(403);
    expect(await eventsOf('AuditorScopeChanged', auditor.accountId)).toEqual([]);

    // Every course, the end date shortened: the other course's transcript opens.
    const changed = await call(t, 'PUT', `/api/admin/auditors/${auditor.auditorId}`, admin.token, { ends_on: '2099-03-31', all_courses: true, course_ids: [] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ ends_on: '2099-03-31', all_courses: true, course_ids: [], status: 'actif' });
    expect((await eventsOf('AuditorScopeChanged', auditor.accountId)).map((e) => e.payload)).toEqual([
      { accountId: auditor.accountId, auditorId: auditor.auditorId, endsOn: '2099-03-31', allCourses: true, courseIds: [], changedBy: admin.adminId },
    ]);
    expect((await call(t, 'GET', url, auditor.token)).statusCode).toBe(200);

    // The last day (Paris) still reads; the next day nothing does, sign-in included.
    t.clock.set(new Date('2099-03-31T21:30:00Z'));
    expect((await call(t, 'GET', url, auditor.token)).statusCode).toBe(200);
    t.clock.set(new Date('2099-03-31T22:30:00Z'));
    const expired = "Votre accès d'auditeur a expiré le 31/03/2099.";
    for (const path of ['/api/audit/me', '/api/audit/courses', url, `/api/audit/courses/${inScope.courseId}/learners`]) {
      const refused = await call(t, 'GET', path, auditor.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(expired);
    }
    const signIn = await call(t, 'POST', '/api/auditeurs/token', undefined, { email: auditor.email, password: auditor.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(expired);
    expect((await call(t, 'GET', `/api/admin/auditors/${auditor.auditorId}`, admin.token)).json().status).toBe('expire');
    // Nor does the session live on by its refresh token.
    expect((await call(t, 'POST', '/api/token/refresh/', undefined, { refresh: auditor.refresh })).statusCode).toBe(401);

    // Extended: readable again, after signing in anew (the refresh tried after the end date closed that session).
    t.clock.set(new Date('2099-04-01T08:00:00Z'));
    expect((await call(t, 'PUT', `/api/admin/auditors/${auditor.auditorId}`, admin.token, { ends_on: '2099-04-30', all_courses: true, course_ids: [] })).statusCode).toBe(200);
    expect((await call(t, 'GET', url, auditor.token)).statusCode).toBe(401);
    const again = await call(t, 'POST', '/api/auditeurs/token', undefined, { email: auditor.email, password: auditor.password });
    expect(again.statusCode).toBe(200);
    expect((await call(t, 'GET', url, again.json().access)).statusCode).toBe(200);
  });

  it('revokes: sessions closed at once, sign-in refused, recorded', async () => {
    const { inScope } = await world();
    const auditor = await givenAuditor({ all_courses: true, course_ids: [] });
    expect((await call(t, 'GET', `/api/audit/courses/${inScope.courseId}/learners`, auditor.token)).statusCode).toBe(200);
    const ended = await call(t, 'POST', `/api/admin/auditors/${auditor.auditorId}/end`, admin.token);
    expect(ended.json()).toMatchObject({ status: 'revoque' });
    expect((await call(t, 'GET', '/api/audit/courses', auditor.token)).statusCode).toBe(401);
    const signIn = await call(t, 'POST', '/api/auditeurs/token', undefined, { email: auditor.email, password: auditor.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe("Votre accès d'auditeur a été révoqué par le centre.");
    expect((await eventsOf('AuditorAccessEnded', auditor.accountId)).map((e) => e.payload)).toEqual([{ accountId: auditor.accountId, auditorId: auditor.auditorId, endedBy: admin.adminId }]);
    expect((await call(t, 'POST', `/api/admin/auditors/${auditor.auditorId}/end`, admin.token)).statusCode).toBe(403);
    expect((await call(t, 'PUT', `/api/admin/auditors/${auditor.auditorId}`, admin.token, { ends_on: END, all_courses: true, course_ids: [] })).statusCode).toBe(403);
  });

  it('refuses bad invitations in French, changing nothing, and to anyone but an admin', async () => {
    const before = (await db.one<{ n: number }>('select count(*)::int as n from identity.auditor'))!.n;
    const body = { full_name: 'Marc Contrôleur', email: 'controle@opco-atlas.test', organisation: 'OPCO Atlas — contrôle de service fait', ends_on: END, all_courses: true, course_ids: [] };
    for (const [patch, message] of [
      [{ email: 'pas-une-adresse' }, "L'adresse e-mail n'est pas valide."],
      [{ organisation: '  ' }, "L'organisme est obligatoire."],
      [{ ends_on: '31/12/2099' }, 'La date de fin est obligatoire, au format AAAA-MM-JJ.'],
      [{ all_courses: false, course_ids: [] }, 'Choisissez au moins un cours, ou tout le centre.'],
      [{ email: admin.email }, 'Cette adresse e-mail est déjà utilisée par un autre compte.'],
    ] as const) {
      const refused = await call(t, 'POST', '/api/admin/auditors', admin.token, { ...body, ...patch });
      expect([400, 409]).toContain(refused.statusCode);
      expect(refused.json().message).toBe(message);
    }
    const student = await givenStudent(t);
    expect((await call(t, 'POST', '/api/admin/auditors', student.token, body)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/auditors', student.token)).statusCode).toBe(403);
    expect((await db.one<{ n: number }>('select count(*)::int as n from identity.auditor'))!.n).toBe(before);
  });

  it('admits the auditor to no write of the product: every non-GET operation of the OpenAPI document answers 401 or 403', async () => {
    const { inScope } = await world();
    const auditor = await givenAuditor({ all_courses: true, course_ids: [] });
    const served = await t.app.inject({ method: 'GET', url: '/api/docs-json' });
    const document = served.json() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const writes = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase() as 'POST' | 'PUT' | 'PATCH' | 'DELETE', path, secured: (operation.security ?? []).length > 0 })),
    );
    // The writes that need a session: every one refuses the auditor, whatever the body, except the dossier's two (listed).
    expect(writes.filter((w) => w.secured && AUDITOR_WRITES.includes(`${w.method} ${w.path}`)).map((w) => `${w.method} ${w.path}`).sort()).toEqual(AUDITOR_WRITES);
    const secured = writes.filter((w) => w.secured && !AUDITOR_WRITES.includes(`${w.method} ${w.path}`));
    expect(secured.length).toBeGreaterThan(40);
    const answers = [];
    for (const write of secured) {
      const url = write.path.replace(/\{[^}]+\}/g, String(inScope.courseId));
      const response = await call(t, write.method, url, auditor.token, {});
      answers.push({ op: `${write.method} ${write.path}`, status: response.statusCode });
    }
    expect(answers.filter((a) => a.status !== 401 && a.status !== 403)).toEqual([]);
    // The public ones (sign-ins, registration, activation, logout…) give an auditor nothing a stranger lacks: listed, so that a new one is looked at.
    expect(writes.filter((w) => !w.secured).map((w) => `${w.method} ${w.path}`).sort()).toEqual(PUBLIC_WRITES);
    // The session survived the walk: the refusals were the role's, not a lost token.
    expect((await call(t, 'GET', '/api/audit/courses', auditor.token)).statusCode).toBe(200);
  });
});
