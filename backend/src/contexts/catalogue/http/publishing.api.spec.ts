// Publishing (issue 25, docs/adr/0030): trainers the centre accepted, courses in draft until published.
// Each test arranges its own trainers, courses and students.
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenCategory, givenStudent, givenTeacher, login, uniqueKey, uniqueName, type GivenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { COMPLETE_PROGRAMME_FORM } from '../testing.js';

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

const PASSWORD = 'Formateur-2026-secret';

const mailTo = (email: string) =>
  eventually(async () => {
    const found = smtp.mails.find((m) => m.to.includes(email));
    if (!found) throw new Error(`Aucun e-mail pour ${email}`);
    return found;
  });

/** A trainer through the public registration (POST /formateur-register/), as the spec's page sends it. */
async function registered() {
  const key = uniqueKey('candidat');
  const email = `${key}@test.fr`;
  const response = await call(t, 'POST', '/api/formateur-register/', undefined, { full_name: uniqueName('Candidat'), email, password: PASSWORD });
  expect(response.statusCode).toBe(201);
  return { teacherId: response.json().id as number, email };
}

async function signedIn(email: string) {
  const body = (await login(t, 'teacher', email, PASSWORD)).json();
  expect(body.bool).toBe(true);
  return { token: body.access as string, teacherId: body.formateur_id as number };
}

/** A course created by its trainer through the spec's form, with a text chapter unless `empty`. */
async function draftOf(teacher: { token: string; teacherId: number }, options: { empty?: boolean; title?: string } = {}) {
  const { categoryId } = await givenCategory(t);
  const title = options.title ?? uniqueName('Brouillon');
  const created = await call(t, 'POST', '/api/course/', teacher.token, { formateur: teacher.teacherId, category: categoryId, title, description: 'En préparation' });
  expect(created.statusCode).toBe(201);
  const courseId = created.json().id as number;
  if (!options.empty) {
    const chapter = await call(t, 'POST', `/api/course-chapters/${courseId}/`, teacher.token, { title: 'Introduction', content_type: 'text', text_content: 'Bienvenue.' });
    expect(chapter.statusCode).toBe(201);
    // A complete programme sheet (docs/adr/0047): publishing asks for it.
    const programme = await call(t, 'PUT', `/api/course/${courseId}/programme/`, teacher.token, COMPLETE_PROGRAMME_FORM);
    expect(programme.statusCode).toBe(200);
  }
  return { courseId, title, categoryId };
}

const events = (streamType: string, streamId: number) =>
  db.query<{ event_type: string; payload: Record<string, unknown> }>(
    'select event_type, payload from eventlog.event where stream_type = $1 and stream_id = $2 order by stream_version',
    [streamType, String(streamId)],
  );
const accountOf = async (teacherId: number) => (await db.one<{ account_id: number }>('select account_id from identity.teacher where id = $1', [teacherId]))!.account_id;

/** Every public answer that could show the course: catalogue, search, category, skill, home, trainer page. */
async function publiclyVisible(course: { courseId: number; title: string; categoryId: number }, teacherId: number, token?: string): Promise<string[]> {
  const seen: string[] = [];
  const has = (body: unknown) => JSON.stringify(body).includes(`"id":${course.courseId},`);
  const lists = [
    `/api/course/?page=1`, `/api/course/?category=${course.categoryId}`, `/api/course/?result=50`, `/api/course/?skill_name=Brouillon&teacher=${teacherId}`,
    `/api/search-courses/${encodeURIComponent(course.title)}`,
  ];
  for (const url of lists) if (has((await call(t, 'GET', url, token)).json())) seen.push(url);
  const detail = await call(t, 'GET', `/api/course/${course.courseId}/`, token);
  if (detail.statusCode !== 404) seen.push(`detail ${detail.statusCode}`);
  const trainer = await call(t, 'GET', `/api/teacher/${teacherId}`, token);
  if (trainer.statusCode === 200 && has(trainer.json().teacher_courses)) seen.push('trainer page');
  const category = (await call(t, 'GET', '/api/category/')).json().find((c: { id: number }) => c.id === course.categoryId);
  if (category?.total_courses) seen.push('category count');
  return seen;
}

describe('a trainer registered through the public page', () => {
  it('waits for the centre: signs in, prepares a draft, cannot publish, and nothing of theirs is public', async () => {
    const { teacherId, email } = await registered();
    const teacher = await signedIn(email);
    expect(teacher.teacherId).toBe(teacherId);
    // Their own profile says where they stand; the public page does not exist yet.
    expect((await call(t, 'GET', `/api/teacher/${teacherId}`, teacher.token)).json()).toMatchObject({ approval: 'pending' });
    expect((await call(t, 'GET', `/api/teacher/${teacherId}`)).statusCode).toBe(404);
    // Profile editing works.
    const profile = await call(t, 'PUT', `/api/teacher/${teacherId}/`, teacher.token, { full_name: 'Nadia Bensaïd', email, qualification: 'Master FLE' });
    expect(profile.statusCode).toBe(200);
    const course = await draftOf(teacher);
    const published = await call(t, 'POST', `/api/course/${course.courseId}/publish/`, teacher.token);
    expect(published.statusCode).toBe(403);
    expect(published.json().message).toContain('Compte en attente de validation');
    expect((await call(t, 'GET', '/api/teacher-course/' + teacherId, teacher.token)).json()).toEqual([expect.objectContaining({ id: course.courseId, status: 'draft' })]);
    // An admin cannot publish it either while its trainer waits.
    const admin = await givenAdmin(t);
    const byAdmin = await call(t, 'POST', `/api/course/${course.courseId}/publish/`, admin.token);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe("Le formateur de ce cours n'a pas encore été accepté par le centre : le cours ne peut pas être publié.");
    expect(await publiclyVisible(course, teacherId)).toEqual([]);
    expect((await events('catalogue.course', course.courseId)).map((e) => e.event_type)).not.toContain('CourseReleased');
  });

  it('is accepted by an admin (an event, an e-mail) and then publishes; a student finds the course and enrols', async () => {
    const { teacherId, email } = await registered();
    const teacher = await signedIn(email);
    const course = await draftOf(teacher);
    const admin = await givenAdmin(t);
    // The trainers page's requests and the dashboard's count.
    const requests = (await call(t, 'GET', '/api/formateur/?approval=pending&page=1&page_size=50', admin.token)).json();
    expect(requests.results.map((r: { id: number }) => r.id)).toContain(teacherId);
    expect(requests.results.find((r: { id: number }) => r.id === teacherId)).toMatchObject({ approval: 'pending', refusal_reason: null });
    // The pickers offer accepted trainers only.
    expect((await call(t, 'GET', '/api/formateur/', admin.token)).json().results.map((r: { id: number }) => r.id)).not.toContain(teacherId);

    const accepted = await call(t, 'POST', `/api/formateur/${teacherId}/accept/`, admin.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, approval: 'accepted', email_sent: true, email_error: null });
    const mail = await mailTo(email);
    expect(mail.raw).toContain('formateur');
    const decision = (await events('identity.account', await accountOf(teacherId))).at(-1)!;
    expect(decision).toEqual({ event_type: 'TrainerAccepted', payload: { accountId: await accountOf(teacherId), teacherId } });
    // Accepting again (a retry, a second tab) answers the outcome: no second event, no second e-mail;
    // refusing an accepted trainer is a conflict.
    const again = await call(t, 'POST', `/api/formateur/${teacherId}/accept/`, admin.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, approval: 'accepted', email_sent: false });
    expect((await events('identity.account', await accountOf(teacherId))).filter((e) => e.event_type === 'TrainerAccepted')).toHaveLength(1);
    const late = await call(t, 'POST', `/api/formateur/${teacherId}/refuse/`, admin.token, { reason: 'Trop tard pour refuser.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Ce formateur a déjà été accepté.');

    expect(await publiclyVisible(course, teacherId)).toEqual([]);
    const published = await call(t, 'POST', `/api/course/${course.courseId}/publish/`, teacher.token);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ success: true, status: 'published' });
    expect((await events('catalogue.course', course.courseId)).at(-1)).toMatchObject({
      event_type: 'CourseReleased', payload: { courseId: course.courseId, teacherId, categoryId: course.categoryId, playableChapters: 1 },
    });
    expect(await publiclyVisible(course, teacherId)).toEqual(['/api/course/?page=1', `/api/course/?category=${course.categoryId}`, '/api/course/?result=50',
      `/api/course/?skill_name=Brouillon&teacher=${teacherId}`, `/api/search-courses/${encodeURIComponent(course.title)}`, 'detail 200', 'trainer page', 'category count']);
    const student = await givenStudent(t);
    const enrolled = await call(t, 'POST', '/api/student-enroll-course/', student.token, { course: course.courseId, student: student.studentId });
    expect(enrolled.statusCode).toBe(201);
  });

  it('is refused with a reason: told by e-mail, and at sign-in in French; the log holds the reason\'s digest only', async () => {
    const { teacherId, email } = await registered();
    const teacher = await signedIn(email);
    const admin = await givenAdmin(t);
    const reason = 'Votre profil ne correspond pas aux formations du centre.';
    const refused = await call(t, 'POST', `/api/formateur/${teacherId}/refuse/`, admin.token, { reason });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ success: true, approval: 'refused', email_sent: true });
    const mail = await mailTo(email);
    expect(mail.raw).toContain('Raison');
    const answer = (await login(t, 'teacher', email, PASSWORD)).json();
    expect(answer).toMatchObject({ bool: false, access: null, error: `Votre demande de compte formateur a été refusée par le centre : ${reason}` });
    // The session they had is closed.
    expect((await call(t, 'GET', `/api/teacher-course/${teacherId}`, teacher.token)).statusCode).toBe(401);
    const decision = (await events('identity.account', await accountOf(teacherId))).at(-1)!;
    expect(decision.event_type).toBe('TrainerRefused');
    expect(decision.payload).toEqual({
      accountId: await accountOf(teacherId), teacherId, reasonLength: reason.length,
      reasonSha256: (await import('node:crypto')).createHash('sha256').update(reason, 'utf8').digest('hex'),
    });
    expect(JSON.stringify(decision.payload)).not.toContain('profil');
    // The same refusal sent again (a retry) answers its outcome, with no second event nor e-mail.
    const again = await call(t, 'POST', `/api/formateur/${teacherId}/refuse/`, admin.token, { reason });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, approval: 'refused', email_sent: false });
    expect((await events('identity.account', await accountOf(teacherId))).filter((e) => e.event_type === 'TrainerRefused')).toHaveLength(1);
    // A wrong password still says only that the credentials are wrong.
    expect((await login(t, 'teacher', email, 'pas-le-bon-mot-de-passe')).json().error).toBe('Identifiants incorrects.');
  });

  it('leaves the decisions to admins, and refuses bad input in French (400), never 500', async () => {
    const { teacherId, email } = await registered();
    const teacher = await signedIn(email);
    const [student, other, admin] = await Promise.all([givenStudent(t), givenTeacher(t), givenAdmin(t)]);
    for (const token of [undefined, student.token, other.token, teacher.token]) {
      const status = (await call(t, 'POST', `/api/formateur/${teacherId}/accept/`, token)).statusCode;
      expect(status).toBe(token ? 403 : 401);
      expect((await call(t, 'POST', `/api/formateur/${teacherId}/refuse/`, token, { reason: 'Pas de place cette année.' })).statusCode).toBe(token ? 403 : 401);
    }
    const cases: [unknown, string][] = [
      [{}, 'Indiquez la raison du refus : elle sera envoyée au formateur.'],
      [{ reason: 42 }, 'Indiquez la raison du refus : elle sera envoyée au formateur.'],
      [{ reason: '   ' }, 'Indiquez la raison du refus (entre 5 et 1000 caractères) : elle sera envoyée au formateur.'],
      [{ reason: 'x'.repeat(1001) }, 'Indiquez la raison du refus (entre 5 et 1000 caractères) : elle sera envoyée au formateur.'],
    ];
    for (const [body, message] of cases) {
      const response = await call(t, 'POST', `/api/formateur/${teacherId}/refuse/`, admin.token, body as object);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expect((await call(t, 'POST', '/api/formateur/999999/accept/', admin.token)).statusCode).toBe(404);
    expect((await call(t, 'POST', '/api/formateur/abc/accept/', admin.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/formateur/?approval=maybe&page=1', admin.token)).statusCode).toBe(400);
    // Nothing changed: still waiting.
    expect((await call(t, 'GET', `/api/teacher/${teacherId}`, teacher.token)).json().approval).toBe('pending');
  });

  it('is given no published course by an admin while waiting (assign-course, the course form)', async () => {
    const { teacherId, email } = await registered();
    await signedIn(email);
    const admin = await givenAdmin(t);
    const { categoryId } = await givenCategory(t);
    const created = await call(t, 'POST', '/api/course/', admin.token, { category: categoryId, title: uniqueName('Sans formateur'), description: '' });
    const courseId = created.json().id as number;
    await call(t, 'POST', `/api/course-chapters/${courseId}/`, admin.token, { title: 'Introduction', content_type: 'text', text_content: 'Bienvenue.' });
    await call(t, 'PUT', `/api/course/${courseId}/programme/`, admin.token, COMPLETE_PROGRAMME_FORM);
    expect((await call(t, 'POST', `/api/course/${courseId}/publish/`, admin.token)).statusCode).toBe(200);
    const assigned = await call(t, 'POST', `/api/formateur/${teacherId}/assign-course/`, admin.token, { course_id: courseId });
    expect(assigned.statusCode).toBe(403);
    expect(assigned.json().message).toBe("Ce formateur n'a pas encore été accepté par le centre : un cours publié ne peut pas lui être confié.");
    const edited = await call(t, 'PUT', `/api/course/${courseId}/`, admin.token, { title: 'Renommé', formateur: teacherId });
    expect(edited.statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/teacher-course-detail/${courseId}`, admin.token)).json()).toMatchObject({ formateur: null, status: 'published' });
    // A draft can be prepared for them.
    expect((await call(t, 'POST', `/api/course/${courseId}/unpublish/`, admin.token)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/formateur/${teacherId}/assign-course/`, admin.token, { course_id: courseId })).statusCode).toBe(201);
  });

  it('is given no student to follow by an admin while waiting (student-assignment, assign-student)', async () => {
    const { teacherId, email } = await registered();
    await signedIn(email);
    const [admin, student] = await Promise.all([givenAdmin(t), givenStudent(t)]);
    const refusal = "Ce formateur n'a pas encore été accepté par le centre : aucun étudiant ne peut lui être confié.";
    const viaAssignment = await call(t, 'POST', '/api/student-assignment/', admin.token, { formateur: teacherId, student: student.studentId });
    expect(viaAssignment.statusCode).toBe(403);
    expect(viaAssignment.json().message).toBe(refusal);
    const viaTrainer = await call(t, 'POST', `/api/formateur/${teacherId}/assign-student/`, admin.token, { student_id: student.studentId });
    expect(viaTrainer.statusCode).toBe(403);
    expect(viaTrainer.json().message).toBe(refusal);
    expect((await call(t, 'GET', `/api/formateur/${teacherId}/students/assigned?page=1`, admin.token)).json().count).toBe(0);
    // Once accepted, the same assignment is made.
    expect((await call(t, 'POST', `/api/formateur/${teacherId}/accept/`, admin.token)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/formateur/${teacherId}/assign-student/`, admin.token, { student_id: student.studentId })).statusCode).toBe(201);
  });

  it('is accepted when an admin creates them', async () => {
    const admin = await givenAdmin(t);
    const key = uniqueKey('cree');
    const created = await call(t, 'POST', '/api/formateur/', admin.token, {
      prenom: 'Paul', nom: 'Martin', email: `${key}@test.fr`, user: { username: key, email: `${key}@test.fr`, password: PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    const page = (await call(t, 'GET', `/api/formateur/?search=${key}&page=1`, admin.token)).json();
    expect(page.results[0]).toMatchObject({ approval: 'accepted' });
  });
});

describe('a course in draft', () => {
  let teacher: GivenTeacher;
  beforeAll(async () => {
    teacher = await givenTeacher(t);
  });

  it('is seen by its trainer and admins only; a direct link answers the French 404, enrolment and favourites too', async () => {
    const course = await draftOf(teacher);
    const [student, other, admin] = await Promise.all([givenStudent(t), givenTeacher(t), givenAdmin(t)]);
    for (const token of [undefined, student.token, other.token]) expect(await publiclyVisible(course, teacher.teacherId, token)).toEqual([]);
    const direct = await call(t, 'GET', `/api/course/${course.courseId}/`, student.token);
    expect(direct.json()).toMatchObject({ message: 'Cours introuvable.' });
    expect((await call(t, 'GET', `/api/course/${course.courseId}/`, teacher.token)).json()).toMatchObject({ id: course.courseId, status: 'draft' });
    expect((await call(t, 'GET', `/api/course/${course.courseId}/`, admin.token)).statusCode).toBe(200);
    // The admin's list shows drafts with their status.
    const adminList = (await call(t, 'GET', `/api/course/?search=${encodeURIComponent(course.title)}&page=1`, admin.token)).json();
    expect(adminList.results).toEqual([expect.objectContaining({ id: course.courseId, status: 'draft' })]);
    const enrol = await call(t, 'POST', '/api/student-enroll-course/', student.token, { course: course.courseId, student: student.studentId });
    expect(enrol.statusCode).toBe(404);
    expect(enrol.json().message).toBe('Cours introuvable.');
    expect((await call(t, 'POST', '/api/student-enroll-course/', admin.token, { course: course.courseId, student: student.studentId })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/fetch-enrolled-courses/${student.studentId}`, admin.token)).json()).toEqual([]);
    const recommended = (await call(t, 'GET', `/api/fetch-recommended-courses/${student.studentId}`, student.token)).json();
    expect(JSON.stringify(recommended)).not.toContain(course.title);
    // Its content is not served to others either.
    const chapters = await call(t, 'GET', `/api/course-chapters/${course.courseId}`, student.token);
    expect(chapters.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('says what is missing when « Publier » finds no chapter with content', async () => {
    const empty = await draftOf(teacher, { empty: true });
    const none = await call(t, 'POST', `/api/course/${empty.courseId}/publish/`, teacher.token);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Ce cours ne peut pas être publié : ajoutez au moins un chapitre avec un contenu (vidéo, texte, quiz ou paquet SCORM).');
    expect((await call(t, 'GET', `/api/teacher-course-detail/${empty.courseId}`, teacher.token)).json().status).toBe('draft');
    expect((await call(t, 'POST', `/api/course/${empty.courseId}/publish/`, (await givenTeacher(t)).token)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/course/999999/publish/', teacher.token)).statusCode).toBe(404);
    expect((await call(t, 'POST', '/api/course/abc/publish/', teacher.token)).statusCode).toBe(404);
  });

  it('goes back to draft: out of the catalogue, closed to new students, while the enrolled keep the course and its history', async () => {
    const course = await draftOf(teacher);
    expect((await call(t, 'POST', `/api/course/${course.courseId}/publish/`, teacher.token)).statusCode).toBe(200);
    const [enrolled, late] = await Promise.all([givenStudent(t), givenStudent(t)]);
    expect((await call(t, 'POST', '/api/student-enroll-course/', enrolled.token, { course: course.courseId, student: enrolled.studentId })).statusCode).toBe(201);

    const back = await call(t, 'POST', `/api/course/${course.courseId}/unpublish/`, teacher.token);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ success: true, status: 'draft' });
    expect((await events('catalogue.course', course.courseId)).at(-1)).toEqual({
      event_type: 'CourseReturnedToDraft', payload: { courseId: course.courseId, categoryId: course.categoryId, teacherId: teacher.teacherId },
    });
    expect(await publiclyVisible(course, teacher.teacherId, late.token)).toEqual([]);
    expect((await call(t, 'POST', '/api/student-enroll-course/', late.token, { course: course.courseId, student: late.studentId })).statusCode).toBe(404);
    // The enrolled student keeps it: their list, the course page, its chapters and their progress.
    const admin = await givenAdmin(t);
    expect((await call(t, 'GET', `/api/fetch-enrolled-courses/${enrolled.studentId}`, admin.token)).json()).toEqual([expect.objectContaining({ course: expect.objectContaining({ id: course.courseId }) })]);
    expect((await call(t, 'GET', `/api/course/${course.courseId}/`, enrolled.token)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/course-chapters/${course.courseId}`, enrolled.token)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/fetch-enroll-status/${enrolled.studentId}/${course.courseId}`, enrolled.token)).json()).toEqual({ bool: true });
    // Published again: back in the catalogue.
    expect((await call(t, 'POST', `/api/course/${course.courseId}/publish/`, teacher.token)).statusCode).toBe(200);
    expect(await publiclyVisible(course, teacher.teacherId)).toContain('/api/course/?page=1');
  });
});
