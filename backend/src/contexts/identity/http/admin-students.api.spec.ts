// The back office's students (issue 13): records, creation with the welcome e-mail, edits, login,
// password, removal that keeps evidence. docs/adr/0015-administrative-student-record.md.
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { ErasePersonalData } from '../index.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, login, uniqueKey } from '../../../testing/fixtures.js';
import { startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let stopped = false;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
});
afterAll(async () => {
  await t?.close();
  if (!stopped) await smtp?.stop();
});

function newStudent(overrides: Record<string, unknown> = {}) {
  const key = uniqueKey('dossier');
  return {
    prenom: 'Camille',
    nom: 'Lefort',
    email: `${key}@test.fr`,
    telephone: '06 12 34 56 78',
    nom_utilisateur_lms: key,
    mot_de_passe_lms: 'MotDePasse-2026!',
    numero_dossier: `D-${key}`,
    type_dossier: 'CPF',
    type_formation: 'Continue',
    formations: ['Excel avancé', 'Word'],
    date_entree: '2026-09-01',
    date_sortie: '2027-06-30',
    user: { username: key, email: `${key}@test.fr`, password: 'MotDePasse-2026!' },
    ...overrides,
  };
}

it('creates a student with their record, sends the welcome e-mail through SMTP, and the student signs in', async () => {
  const admin = await givenAdmin(t);
  const body = newStudent();
  const before = smtp.mails.length;
  const response = await call(t, 'POST', '/api/students/', admin.token, body);
  expect(response.statusCode).toBe(201);
  const created = response.json();
  expect(created).toMatchObject({
    prenom: 'Camille', nom: 'Lefort', fullname: 'Camille Lefort', email: body.email, telephone: '06 12 34 56 78', nom_utilisateur_lms: body.nom_utilisateur_lms,
    numero_dossier: body.numero_dossier, type_dossier: 'CPF', type_formation: 'Continue', formations: ['Excel avancé', 'Word'], formation: 'Excel avancé',
    date_entree: '2026-09-01', date_sortie: '2027-06-30', is_active: true, closed_at: null, email_sent: true, email_error: null,
    message: 'Étudiant ajouté avec succès ! Un email de bienvenue a été envoyé.',
    user_read: { username: body.nom_utilisateur_lms, email: body.email },
  });
  expect(JSON.stringify(created)).not.toContain('MotDePasse-2026!');
  const mails = await smtp.waitFor(before + 1);
  const mail = mails.find((m) => m.to.includes(body.email));
  expect(mail?.raw).toContain('Bienvenue');
  // The record is the person's profile: the student signs in with it and sees their formation.
  const signedIn = (await login(t, 'student', body.email, 'MotDePasse-2026!')).json();
  expect(signedIn.bool).toBe(true);
  const profile = (await call(t, 'GET', `/api/student/${created.id}`, signedIn.access)).json();
  expect(profile).toMatchObject({ fullname: 'Camille Lefort', username: body.nom_utilisateur_lms, formation_title: 'Excel avancé' });
  // Its account is /users/{id}/.
  expect((await call(t, 'GET', `/api/users/${created.user_read.id}/`, admin.token)).json()).toEqual(created.user_read);
  // The log names the fields' owners by id only.
  const db = t.app.get(Database);
  const events = await db.query<{ type: string; payload: object }>(`select event_type as type, payload from eventlog.event where stream_type = 'identity.account' and stream_id = $1`, [String(created.user_read.id)]);
  expect(events.map((e) => e.type)).toEqual(['StudentCreated']);
  expect(JSON.stringify(events)).not.toMatch(/Camille|Lefort|test\.fr|D-dossier/);
});

it('assigns the chosen trainer through tutoring', async () => {
  const [admin, teacher] = await Promise.all([givenAdmin(t), givenTeacher(t)]);
  const created = (await call(t, 'POST', '/api/students/', admin.token, newStudent({ formateur_id: teacher.teacherId, send_welcome_email: false }))).json();
  await eventually(async () => {
    const teachers = (await call(t, 'GET', `/api/fetch-my-teachers/${created.id}`, admin.token)).json();
    expect(teachers.map((x: { id: number }) => x.id)).toEqual([teacher.teacherId]);
  });
  expect((await call(t, 'POST', '/api/students/', admin.token, newStudent({ formateur_id: 2_000_000 }))).statusCode).toBe(404);
});

it('refuses taken e-mails, logins and case numbers with a French 409, and bad fields with a French 400', async () => {
  const admin = await givenAdmin(t);
  const first = newStudent({ send_welcome_email: false });
  expect((await call(t, 'POST', '/api/students/', admin.token, first)).statusCode).toBe(201);
  const cases: [Record<string, unknown>, number, string][] = [
    [newStudent({ email: first.email.toUpperCase(), user: undefined }), 409, 'Cette adresse e-mail est déjà utilisée par un autre compte.'],
    [newStudent({ nom_utilisateur_lms: first.nom_utilisateur_lms, user: undefined }), 409, "Ce nom d'utilisateur est déjà pris."],
    [newStudent({ numero_dossier: first.numero_dossier }), 409, 'Ce numéro de dossier est déjà utilisé par un autre étudiant.'],
    [newStudent({ date_entree: '2027-01-10', date_sortie: '2027-01-09' }), 400, "La date de sortie ne peut pas précéder la date d'entrée."],
    [newStudent({ date_entree: '2026-02-30' }), 400, "La date d'entrée doit être une date valide (AAAA-MM-JJ)."],
    [newStudent({ telephone: 'appelez-moi' }), 400, "Le numéro de téléphone n'est pas valide (6 à 20 chiffres, espaces, points, tirets, + au début)."],
    [newStudent({ email: 'pas-une-adresse' }), 400, "L'adresse e-mail n'est pas valide."],
    [newStudent({ prenom: '  ' }), 400, 'Le prénom est obligatoire.'],
    [newStudent({ nom: 'x'.repeat(101) }), 400, 'Le nom ne doit pas dépasser 100 caractères.'],
    [newStudent({ mot_de_passe_lms: 'court', user: undefined }), 400, 'Le mot de passe doit contenir au moins 12 caractères.'],
    [newStudent({ nom_utilisateur_lms: undefined, user: undefined }), 400, "Le nom d'utilisateur LMS est obligatoire."],
    [newStudent({ user: { username: 'quelquun-dautre' } }), 400, "Le nom d'utilisateur du compte doit être le nom d'utilisateur LMS."],
    [newStudent({ formations: 'Excel' }), 400, 'Les formations doivent être une liste de noms.'],
    [newStudent({ formateur_id: 'abc' }), 400, 'Formateur invalide.'],
    [newStudent({ user: 'moi' }), 400, 'Le compte (user) doit être un objet { username, email, password }.'],
  ];
  for (const [index, [body, status, message]] of cases.entries()) {
    const response = await call(t, 'POST', '/api/students/', admin.token, body);
    expect([index, response.statusCode, response.json().message]).toEqual([index, status, message]);
  }
});

it('reads, edits and lists records; the login name cannot change', async () => {
  const admin = await givenAdmin(t);
  const created = (await call(t, 'POST', '/api/students/', admin.token, newStudent({ send_welcome_email: false }))).json();
  const url = `/api/admin/students/${created.id}/`;
  const edited = await call(t, 'PATCH', url, admin.token, { prenom: 'Camille-Anne', telephone: '', nom_utilisateur_lms: created.nom_utilisateur_lms, date_sortie: null });
  expect(edited.statusCode).toBe(200);
  expect(edited.json()).toMatchObject({ prenom: 'Camille-Anne', fullname: 'Camille-Anne Lefort', telephone: '', date_sortie: null, date_entree: '2026-09-01' });
  const locked = await call(t, 'PATCH', url, admin.token, { nom_utilisateur_lms: 'autre-login' });
  expect([locked.statusCode, locked.json().message]).toEqual([400, "Le nom d'utilisateur ne peut pas être modifié."]);
  const email = `${uniqueKey('nouvelle')}@test.fr`;
  const user = await call(t, 'PATCH', `/api/users/${created.user_read.id}/`, admin.token, { email });
  expect(user.json()).toEqual({ id: created.user_read.id, username: created.nom_utilisateur_lms, email });
  expect((await call(t, 'GET', url, admin.token)).json().email).toBe(email);
  const list = (await call(t, 'GET', '/api/admin/students/full-data/', admin.token)).json();
  expect(list.find((s: { id: number }) => s.id === created.id)).toMatchObject({ prenom: 'Camille-Anne', email });
  expect((await call(t, 'GET', '/api/admin/students/2000000/', admin.token)).json()).toMatchObject({ message: 'Étudiant non trouvé.' });
  // A student who registered alone has a record too, split from their fullname.
  const self = await givenStudent(t, { fullname: 'Jean Pierre Durand' });
  expect((await call(t, 'GET', `/api/admin/students/${self.studentId}/`, admin.token)).json()).toMatchObject({ prenom: 'Jean', nom: 'Pierre Durand', formations: [] });
});

it('changes a password, e-mails it, closes the sessions, and says user_not_found for an unknown account', async () => {
  const admin = await givenAdmin(t);
  const student = await givenStudent(t);
  const before = smtp.mails.length;
  const response = await call(t, 'PUT', `/api/users/${student.accountId}/change_password/`, admin.token, { password: 'NouveauSecret-2026', send_email: true });
  expect(response.json()).toEqual({ success: 'Mot de passe mis à jour et email envoyé.', email_error: null, user_not_found: false, message: 'Mot de passe mis à jour et email envoyé.' });
  const mails = await smtp.waitFor(before + 1);
  expect(mails.some((m) => m.to.includes(student.email) && m.raw.includes('NouveauSecret-2026'))).toBe(true);
  expect((await call(t, 'GET', `/api/student/${student.studentId}`, student.token)).statusCode).toBe(401);
  expect((await login(t, 'student', student.email, 'NouveauSecret-2026')).json().bool).toBe(true);
  const quiet = await call(t, 'PUT', `/api/users/${student.accountId}/change_password/`, admin.token, { password: 'EncoreUnSecret-2026', send_email: false });
  expect(quiet.json().success).toBe('Mot de passe mis à jour.');
  const unknown = await call(t, 'PUT', '/api/users/2000000/change_password/', admin.token, { password: 'NouveauSecret-2026', send_email: true });
  expect([unknown.statusCode, unknown.json().user_not_found]).toEqual([404, true]);
  const short = await call(t, 'PUT', `/api/users/${student.accountId}/change_password/`, admin.token, { password: 'court' });
  expect([short.statusCode, short.json().message]).toEqual([400, 'Le mot de passe doit contenir au moins 12 caractères.']);
  // An admin account is not managed here.
  expect((await call(t, 'GET', `/api/users/${admin.accountId}/`, admin.token)).statusCode).toBe(404);
});

it('deletes a student without history, and closes the account of one with history while keeping it readable', async () => {
  const admin = await givenAdmin(t);
  const fresh = (await call(t, 'POST', '/api/students/', admin.token, newStudent({ send_welcome_email: false }))).json();
  expect((await call(t, 'GET', `/api/admin/students/${fresh.id}/removal`, admin.token)).json()).toMatchObject({ mode: 'delete', reasons: [] });
  const deleted = await call(t, 'DELETE', `/api/admin/students/${fresh.id}/`, admin.token);
  expect(deleted.json()).toEqual({ success: true, mode: 'delete', message: "L'étudiant a été supprimé avec succès." });
  expect((await call(t, 'GET', `/api/admin/students/${fresh.id}/`, admin.token)).statusCode).toBe(404);

  const student = await givenStudent(t);
  await givenEnrolled(t, student, await givenCourse(t));
  const plan = (await call(t, 'GET', `/api/admin/students/${student.studentId}/removal`, admin.token)).json();
  expect(plan).toMatchObject({ mode: 'close', reasons: expect.arrayContaining([{ code: 'enrolment', label: 'inscriptions à des cours ou sessions de formation', count: 1 }]) });
  expect((await call(t, 'DELETE', `/api/admin/students/${student.studentId}/`, admin.token)).json()).toMatchObject({ mode: 'close' });
  // Cannot sign in, tokens revoked, out of the lists, not reactivated; the record and history stay readable.
  expect((await login(t, 'student', student.email, student.password)).json().bool).toBe(false);
  expect((await call(t, 'GET', `/api/student/${student.studentId}`, student.token)).statusCode).toBe(401);
  const list = (await call(t, 'GET', '/api/admin/students/full-data/', admin.token)).json();
  expect(list.some((s: { id: number }) => s.id === student.studentId)).toBe(false);
  expect((await call(t, 'GET', `/api/admin/students/${student.studentId}/`, admin.token)).json()).toMatchObject({ is_active: false, closed_at: expect.any(String) });
  expect((await call(t, 'POST', `/api/student/${student.studentId}/toggle-active/`, admin.token)).statusCode).toBe(409);
  expect((await call(t, 'DELETE', `/api/admin/students/${student.studentId}/`, admin.token)).statusCode).toBe(409);
  const db = t.app.get(Database);
  const closed = await db.one<{ payload: { reasons: string[]; recordDigest: string } }>(
    `select payload from eventlog.event where event_type = 'AccountClosed' and stream_id = $1`, [String(student.accountId)],
  );
  expect(closed?.payload.reasons).toContain('enrolment');
  expect(closed?.payload.recordDigest).toMatch(/^[0-9a-f]{64}$/);

  // The retention period ends: the purge erases the personal data, the history stays.
  await db.query(`update identity.account set closed_at = now() - interval '11 years' where id = $1`, [student.accountId]);
  expect(await t.app.get(CommandBus).execute(new ErasePersonalData(3650))).toMatchObject({ erased: 1 });
  expect((await call(t, 'GET', `/api/admin/students/${student.studentId}/`, admin.token)).json()).toMatchObject({
    prenom: 'Compte', nom: 'supprimé', fullname: 'Compte supprimé', email: `supprime-${student.accountId}@invalid`, nom_utilisateur_lms: `supprime-${student.accountId}`,
    telephone: '', numero_dossier: null,
  });
  expect(await db.query(`select 1 from enrolment.student_course where student_id = $1`, [student.studentId])).toHaveLength(1);
  const erased = await db.query(`select 1 from eventlog.event where event_type = 'PersonalDataErased' and stream_id = $1`, [String(student.accountId)]);
  expect(erased).toHaveLength(1);
  expect(await t.app.get(CommandBus).execute(new ErasePersonalData(3650))).toMatchObject({ erased: 0 });
});

it('lists a student\'s courses and unenrols them, keeping their progress history', async () => {
  const admin = await givenAdmin(t);
  const student = await givenStudent(t);
  const course = await givenCourse(t);
  expect((await call(t, 'POST', '/api/student-enroll-course/', admin.token, { student: student.studentId, course: course.courseId })).statusCode).toBe(201);
  const courses = (await call(t, 'GET', `/api/fetch-enrolled-courses/${student.studentId}`, admin.token)).json();
  expect(courses).toEqual([{ id: expect.any(Number), created_at: expect.any(String), course: { id: course.courseId, title: course.title } }]);
  const removed = await call(t, 'DELETE', `/api/remove-enrolled-course/${student.studentId}/${course.courseId}/`, admin.token);
  expect(removed.json()).toEqual({ success: true });
  expect((await call(t, 'GET', `/api/fetch-enrolled-courses/${student.studentId}`, admin.token)).json()).toEqual([]);
  const again = await call(t, 'DELETE', `/api/remove-enrolled-course/${student.studentId}/${course.courseId}/`, admin.token);
  expect([again.statusCode, again.json().message]).toEqual([404, "Cet étudiant n'est pas inscrit à ce cours."]);
  const db = t.app.get(Database);
  const events = await db.query<{ type: string }>(`select event_type as type from eventlog.event where stream_type = 'enrolment.student-course' and stream_id = $1 order by position`, [`${student.studentId}-${course.courseId}`]);
  expect(events.map((e) => e.type)).toEqual(['StudentEnrolled', 'StudentUnenrolled']);
  // The enrolment row stays (history): the student can be removed only by closing the account.
  expect((await call(t, 'GET', `/api/admin/students/${student.studentId}/removal`, admin.token)).json().mode).toBe('close');
  expect((await call(t, 'GET', `/api/fetch-enrolled-courses/${student.studentId}`, student.token)).statusCode).toBe(403);
});

it('keeps every call to admins: 403 for trainers and students, 401 without a token', async () => {
  const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
  const calls: [string, string, object?][] = [
    ['GET', '/api/admin/students/full-data/'],
    ['POST', '/api/students/', newStudent()],
    ['GET', `/api/admin/students/${student.studentId}/`],
    ['PATCH', `/api/admin/students/${student.studentId}/`, { prenom: 'X' }],
    ['DELETE', `/api/admin/students/${student.studentId}/`],
    ['GET', `/api/admin/students/${student.studentId}/removal`],
    ['GET', `/api/users/${student.accountId}/`],
    ['PATCH', `/api/users/${student.accountId}/`, { email: 'x@test.fr' }],
    ['PUT', `/api/users/${student.accountId}/change_password/`, { password: 'NouveauSecret-2026' }],
  ];
  for (const [method, url, body] of calls) {
    for (const [token, status] of [[teacher.token, 403], [student.token, 403], [undefined, 401]] as const) {
      const response = await call(t, method as 'GET', url, token, body);
      expect([method, url, response.statusCode]).toEqual([method, url, status]);
    }
  }
});

// Last: it stops the mail server (two apps in one process would share passport's strategy).
it('still creates the student when the SMTP server fails, and says so in email_error', async () => {
  const admin = await givenAdmin(t);
  await smtp.stop();
  stopped = true;
  const response = await call(t, 'POST', '/api/students/', admin.token, newStudent());
  expect(response.statusCode).toBe(201);
  expect(response.json()).toMatchObject({ email_sent: false, email_error: expect.stringContaining("n'a pas pu être envoyé"), message: expect.stringContaining("l'email n'a pas pu être envoyé") });
  expect((await call(t, 'GET', `/api/admin/students/${response.json().id}/`, admin.token)).statusCode).toBe(200);
  const student = await givenStudent(t);
  const password = await call(t, 'PUT', `/api/users/${student.accountId}/change_password/`, admin.token, { password: 'NouveauSecret-2026', send_email: true });
  expect(password.json()).toMatchObject({ success: 'Mot de passe mis à jour.', email_error: expect.stringContaining("n'a pas pu être envoyé"), user_not_found: false });
  // No e-mail asked: none sent, no error.
  const quiet = await call(t, 'POST', '/api/students/', admin.token, newStudent({ send_welcome_email: false }));
  expect(quiet.json()).toMatchObject({ email_sent: false, email_error: null, message: 'Étudiant ajouté avec succès !' });
});

it('takes null as the spec sends it: absent in a creation, cleared in an edit, a French 400 on a required field (issue 22)', async () => {
  const admin = await givenAdmin(t);
  // Creation: null is a field left out.
  const response = await call(t, 'POST', '/api/students/', admin.token, newStudent({ telephone: null, numero_dossier: null, formations: null, date_sortie: null, formateur_id: null, send_welcome_email: false }));
  expect(response.statusCode).toBe(201);
  const created = response.json();
  expect(created).toMatchObject({ telephone: '', numero_dossier: null, formations: [], date_entree: '2026-09-01', date_sortie: null });
  expect((await call(t, 'POST', '/api/students/', admin.token, newStudent({ nom: null }))).json()).toMatchObject({ message: 'Le nom est obligatoire.' });
  // Edit: null clears an optional field, visible in the GET.
  const url = `/api/admin/students/${created.id}/`;
  await call(t, 'PATCH', url, admin.token, { telephone: '06 12 34 56 78', numero_dossier: 'D-42', formations: ['Excel'], date_sortie: '2027-06-30' });
  const cleared = await call(t, 'PATCH', url, admin.token, { telephone: null, numero_dossier: null, type_dossier: null, formations: null, date_sortie: null });
  expect(cleared.statusCode).toBe(200);
  const read = (await call(t, 'GET', url, admin.token)).json();
  expect(read).toMatchObject({ telephone: '', numero_dossier: null, type_dossier: '', formations: [], date_sortie: null, date_entree: '2026-09-01', nom: 'Lefort', email: created.email });
  // Null on a field a record cannot lack: a French 400 naming it, and nothing changed.
  for (const field of ['nom', 'prenom', 'email', 'nom_utilisateur_lms']) {
    const refused = await call(t, 'PATCH', url, admin.token, { [field]: null, telephone: '07 00 00 00 00' });
    expect([field, refused.statusCode, refused.json().message, Object.keys(refused.json().errors ?? {})]).toEqual([field, 400, `Le champ « ${field} » est obligatoire.`, [field]]);
  }
  expect((await call(t, 'GET', url, admin.token)).json()).toEqual(read);
  const account = await call(t, 'PATCH', `/api/users/${created.user_read.id}/`, admin.token, { email: null });
  expect([account.statusCode, account.json().message]).toEqual([400, 'Le champ « email » est obligatoire.']);
  expect((await call(t, 'GET', url, admin.token)).json()).toEqual(read);
});
