// The back office's trainers (issue 13): create, read, edit, courses given to them, removal.
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCategory, givenCourse, givenStudent, givenTeacher, login, uniqueKey, uniqueName } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

function newTrainer(overrides: Record<string, unknown> = {}) {
  const key = uniqueKey('formatrice');
  return {
    prenom: 'Sophie',
    nom: uniqueName('Garnier'),
    email: `${key}@test.fr`,
    telephone: '+33 6 11 22 33 44',
    calendly: 'https://calendly.com/sophie-garnier',
    user: { username: key, email: `${key}@test.fr`, password: 'Formatrice-2026!' },
    ...overrides,
  };
}

it('creates a trainer who signs in, reads and edits them; the username stays', async () => {
  const admin = await givenAdmin(t);
  const body = newTrainer();
  const created = await call(t, 'POST', '/api/formateur/', admin.token, body);
  expect(created.statusCode).toBe(201);
  const trainer = created.json();
  expect(trainer).toMatchObject({
    prenom: 'Sophie', nom: body.nom, full_name: `Sophie ${body.nom}`, email: body.email, telephone: '+33 6 11 22 33 44',
    calendly: 'https://calendly.com/sophie-garnier', is_active: true, closed_at: null, user_read: { username: body.user.username, email: body.email },
  });
  expect((await login(t, 'teacher', body.email, 'Formatrice-2026!')).json().bool).toBe(true);
  expect((await call(t, 'GET', `/api/formateur/${trainer.id}/`, admin.token)).json()).toEqual(trainer);
  const edited = await call(t, 'PATCH', `/api/formateur/${trainer.id}/`, admin.token, { prenom: 'Sophie-Anne', calendly: '', telephone: null });
  expect(edited.json()).toMatchObject({ prenom: 'Sophie-Anne', full_name: `Sophie-Anne ${body.nom}`, calendly: '', telephone: '', user_read: { username: body.user.username } });
  // The list (5 per page, searched) shows the record fields.
  const page = (await call(t, 'GET', `/api/formateur/?search=${encodeURIComponent(body.nom)}&page=1`, admin.token)).json();
  expect(page).toMatchObject({ count: 1, results: [{ id: trainer.id, prenom: 'Sophie-Anne', nom: body.nom, telephone: '', calendly: '', user_read: { username: body.user.username } }] });
  // Its password through /users/{account}/change_password/.
  const password = await call(t, 'PUT', `/api/users/${trainer.user_read.id}/change_password/`, admin.token, { password: 'NouveauSecret-2026', send_email: false });
  expect(password.json().success).toBe('Mot de passe mis à jour.');
  expect((await login(t, 'teacher', body.email, 'NouveauSecret-2026')).json().bool).toBe(true);
});

it('refuses bad fields and taken e-mails or usernames in French', async () => {
  const admin = await givenAdmin(t);
  const first = newTrainer();
  await call(t, 'POST', '/api/formateur/', admin.token, first);
  const cases: [Record<string, unknown>, number, string][] = [
    [newTrainer({ email: first.email, user: { ...newTrainer().user, email: undefined } }), 409, 'Cette adresse e-mail est déjà utilisée par un autre compte.'],
    [newTrainer({ user: { ...newTrainer().user, username: first.user.username, email: undefined } }), 409, "Ce nom d'utilisateur est déjà pris."],
    [newTrainer({ calendly: 'calendly.com/x' }), 400, 'Le lien Calendly doit être une adresse web complète (https://…).'],
    [newTrainer({ prenom: '' }), 400, 'Le prénom est obligatoire.'],
    [newTrainer({ user: undefined }), 400, 'Le compte (user) doit être un objet { username, email, password }.'],
    [newTrainer({ user: { username: 'sans-mot-de-passe' } }), 400, 'Le mot de passe est obligatoire.'],
    [newTrainer({ user: { ...newTrainer().user, email: undefined, password: 'court' } }), 400, 'Le mot de passe doit contenir au moins 12 caractères.'],
  ];
  for (const [index, [body, status, message]] of cases.entries()) {
    const response = await call(t, 'POST', '/api/formateur/', admin.token, body);
    expect([index, response.statusCode, response.json().message]).toEqual([index, status, message]);
  }
  expect((await call(t, 'GET', '/api/formateur/2000000/', admin.token)).json()).toMatchObject({ message: 'Formateur non trouvé.' });
});

it('gives an unassigned course to a trainer, and refuses a course that has one', async () => {
  const admin = await givenAdmin(t);
  const trainer = await givenTeacher(t);
  const category = await givenCategory(t);
  const title = uniqueName('Cours sans formateur');
  const course = (await call(t, 'POST', '/api/course/', admin.token, { title, category: category.categoryId })).json();
  const unassigned = (await call(t, 'GET', `/api/formateur/${trainer.teacherId}/courses/unassigned/`, admin.token)).json();
  expect(unassigned.results).toContainEqual({ id: course.id, title });
  expect(unassigned.count).toBe(unassigned.results.length);
  const assigned = await call(t, 'POST', `/api/formateur/${trainer.teacherId}/assign-course/`, admin.token, { course_id: course.id });
  expect(assigned.json()).toEqual({ success: true });
  expect((await call(t, 'GET', `/api/formateur/${trainer.teacherId}/courses/unassigned/`, admin.token)).json().results).not.toContainEqual({ id: course.id, title });
  // Again to the same trainer: nothing changes; to another: refused.
  expect((await call(t, 'POST', `/api/formateur/${trainer.teacherId}/assign-course/`, admin.token, { course_id: course.id })).statusCode).toBe(201);
  const other = await givenTeacher(t);
  const refused = await call(t, 'POST', `/api/formateur/${other.teacherId}/assign-course/`, admin.token, { course_id: course.id });
  expect([refused.statusCode, refused.json().message]).toEqual([409, 'Ce cours a déjà un formateur : choisissez un cours non assigné.']);
  expect((await call(t, 'POST', `/api/formateur/${other.teacherId}/assign-course/`, admin.token, {})).json().message).toBe('Veuillez sélectionner un cours (course_id).');
  expect((await call(t, 'POST', `/api/formateur/${other.teacherId}/assign-course/`, admin.token, { course_id: 2_000_000 })).statusCode).toBe(404);
  expect((await call(t, 'POST', '/api/formateur/2000000/assign-course/', admin.token, { course_id: course.id })).statusCode).toBe(404);
  const db = t.app.get(Database);
  const events = await db.query<{ type: string; payload: object }>(`select event_type as type, payload from eventlog.event where stream_type = 'catalogue.course' and stream_id = $1 order by position`, [String(course.id)]);
  expect(events.map((e) => e.type)).toEqual(['CourseCreated', 'CourseAssignedToTrainer']);
  expect(events[1].payload).toEqual({ courseId: course.id, teacherId: trainer.teacherId, categoryId: category.categoryId });
  // The trainer now sees it among their courses.
  const mine = (await call(t, 'GET', `/api/teacher-course/${trainer.teacherId}`, trainer.token)).json();
  expect(JSON.stringify(mine)).toContain(title);
});

it('deletes a trainer without history and closes one who gives courses', async () => {
  const admin = await givenAdmin(t);
  const fresh = (await call(t, 'POST', '/api/formateur/', admin.token, newTrainer())).json();
  expect((await call(t, 'GET', `/api/formateur/${fresh.id}/removal`, admin.token)).json()).toMatchObject({ mode: 'delete', reasons: [] });
  expect((await call(t, 'DELETE', `/api/formateur/${fresh.id}/`, admin.token)).json()).toEqual({ success: true, mode: 'delete', message: 'Le formateur a été supprimé.' });
  expect((await call(t, 'GET', `/api/formateur/${fresh.id}/`, admin.token)).statusCode).toBe(404);

  const teacher = await givenTeacher(t, { fullName: uniqueName('Formateur à fermer') });
  await givenCourse(t, { teacherId: teacher.teacherId });
  expect((await call(t, 'GET', `/api/formateur/${teacher.teacherId}/removal`, admin.token)).json()).toMatchObject({ mode: 'close', reasons: [{ code: 'catalogue', count: 1 }] });
  expect((await call(t, 'DELETE', `/api/formateur/${teacher.teacherId}/`, admin.token)).json().mode).toBe('close');
  expect((await login(t, 'teacher', teacher.email, teacher.password)).json().bool).toBe(false);
  expect((await call(t, 'GET', `/api/formateur/?search=${encodeURIComponent(teacher.details.fullName)}&page=1`, admin.token)).json().count).toBe(0);
  expect((await call(t, 'GET', `/api/formateur/${teacher.teacherId}/`, admin.token)).json()).toMatchObject({ is_active: false, closed_at: expect.any(String) });
  expect((await call(t, 'POST', `/api/api/toggle-formateur-active/${teacher.teacherId}/`, admin.token)).statusCode).toBe(409);
});

it('keeps every trainer call to admins', async () => {
  const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
  const calls: [string, string, object?][] = [
    ['POST', '/api/formateur/', newTrainer()],
    ['GET', `/api/formateur/${teacher.teacherId}/`],
    ['PATCH', `/api/formateur/${teacher.teacherId}/`, { prenom: 'X' }],
    ['DELETE', `/api/formateur/${teacher.teacherId}/`],
    ['GET', `/api/formateur/${teacher.teacherId}/removal`],
    ['GET', `/api/formateur/${teacher.teacherId}/courses/unassigned/`],
    ['POST', `/api/formateur/${teacher.teacherId}/assign-course/`, { course_id: 1 }],
  ];
  for (const [method, url, body] of calls) {
    for (const [token, status] of [[teacher.token, 403], [student.token, 403], [undefined, 401]] as const) {
      const response = await call(t, method as 'GET', url, token, body);
      expect([method, url, response.statusCode]).toEqual([method, url, status]);
    }
  }
});

it('clears a trainer’s phone and Calendly link with null, and refuses null on a name or the e-mail in French (issue 22)', async () => {
  const admin = await givenAdmin(t);
  const trainer = (await call(t, 'POST', '/api/formateur/', admin.token, newTrainer({ telephone: null }))).json();
  expect(trainer).toMatchObject({ telephone: '', calendly: 'https://calendly.com/sophie-garnier' });
  const url = `/api/formateur/${trainer.id}/`;
  await call(t, 'PATCH', url, admin.token, { telephone: '+33 6 11 22 33 44' });
  const cleared = await call(t, 'PATCH', url, admin.token, { telephone: null, calendly: null });
  expect(cleared.statusCode).toBe(200);
  const read = (await call(t, 'GET', url, admin.token)).json();
  expect(read).toMatchObject({ telephone: '', calendly: '', prenom: 'Sophie', email: trainer.email });
  for (const field of ['nom', 'prenom', 'email']) {
    const refused = await call(t, 'PATCH', url, admin.token, { [field]: null, telephone: '01 02 03 04 05' });
    expect([field, refused.statusCode, refused.json().message]).toEqual([field, 400, `Le champ « ${field} » est obligatoire.`]);
  }
  expect((await call(t, 'GET', url, admin.token)).json()).toEqual(read);
});
