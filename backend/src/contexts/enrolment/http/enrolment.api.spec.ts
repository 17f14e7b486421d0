import { CommandBus } from '@nestjs/cqrs';
import { eventually } from '../../../platform/testing/eventually.js';
import { startTestApp, type TestApp } from '../../../platform/testing/test-app.js';
import { CreateCategory, PublishCourse } from '../../catalogue/testing.js';
import { CreateAdmin, RegisterStudent, RegisterTeacher } from '../../identity/testing.js';

let t: TestApp;
let alice: number;
let bruno: number;
let courseA: number;
let courseB: number;
let courseC: number;
const tokens: Record<string, string> = {};

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, json?: object) =>
  t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(json ? { payload: json } : {}) });

async function login(path: string, email: string, password: string) {
  return (await t.app.inject({ method: 'POST', url: path, payload: { email, password } })).json().access as string;
}

beforeAll(async () => {
  t = await startTestApp();
  const commands = t.app.get(CommandBus);
  await commands.execute(new CreateAdmin('Admin', 'admin@test.fr', 'admin', 'motdepasse-admin'));
  alice = await commands.execute(new RegisterStudent('Alice', 'alice@test.fr', 'alice', 'motdepasse-alice', 'Bureautique, Web'));
  bruno = await commands.execute(new RegisterStudent('Bruno', 'bruno@test.fr', 'bruno', 'motdepasse-bruno', ''));
  await commands.execute(new RegisterStudent('Fanny', 'fanny@test.fr', 'fanny', 'motdepasse-fanny', ''));
  const teacher = await commands.execute(
    new RegisterTeacher('prof@test.fr', 'prof', 'motdepasse-prof', {
      fullName: 'Paula Prof', qualification: '', mobileNo: '', skills: 'Excel', detail: '', faceUrl: '', instaUrl: '', twitUrl: '', webUrl: '', youUrl: '',
    }),
  );
  const other = await commands.execute(
    new RegisterTeacher('autre@test.fr', 'autre', 'motdepasse-autre', {
      fullName: 'Oscar Autre', qualification: '', mobileNo: '', skills: '', detail: '', faceUrl: '', instaUrl: '', twitUrl: '', webUrl: '', youUrl: '',
    }),
  );
  const office = await commands.execute(new CreateCategory('Bureautique', ''));
  const cooking = await commands.execute(new CreateCategory('Cuisine', ''));
  courseA = await commands.execute(new PublishCourse({ title: 'Excel avancé', description: '', categoryId: office, teacherId: teacher, techs: 'Excel' }));
  courseB = await commands.execute(new PublishCourse({ title: 'Word pour tous', description: '', categoryId: office, teacherId: teacher, techs: 'Word' }));
  courseC = await commands.execute(new PublishCourse({ title: 'Pâtisserie', description: '', categoryId: cooking, teacherId: other, techs: '' }));
  tokens.alice = await login('/api/student-login-jwt/', 'alice@test.fr', 'motdepasse-alice');
  tokens.bruno = await login('/api/student-login-jwt/', 'bruno@test.fr', 'motdepasse-bruno');
  tokens.fanny = await login('/api/student-login-jwt/', 'fanny@test.fr', 'motdepasse-fanny');
  tokens.teacher = await login('/api/formateur/token/', 'prof@test.fr', 'motdepasse-prof');
  tokens.admin = await login('/api/admin/token/', 'admin@test.fr', 'motdepasse-admin');
});

afterAll(() => t?.close());

describe('POST /student-enroll-course/', () => {
  it('refuses a visitor with 401 and a trainer with 403', async () => {
    expect((await call('POST', '/api/student-enroll-course/', undefined, { course: courseA, student: alice })).statusCode).toBe(401);
    expect((await call('POST', '/api/student-enroll-course/', tokens.teacher, { course: courseA, student: alice })).statusCode).toBe(403);
  });

  it("refuses enrolling in another student's name", async () => {
    const response = await call('POST', '/api/student-enroll-course/', tokens.alice, { course: courseA, student: bruno });
    expect(response.statusCode).toBe(403);
    expect((await call('GET', `/api/fetch-enroll-status/${bruno}/${courseA}`, tokens.bruno)).json()).toEqual({ bool: false });
  });

  it('enrols the student, from multipart too, and the course count follows', async () => {
    const form = new FormData();
    form.append('course', String(courseA));
    form.append('student', String(alice));
    const response = await t.app.inject({ method: 'POST', url: '/api/student-enroll-course/', headers: { authorization: `Bearer ${tokens.alice}` }, payload: form });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ course: courseA, student: alice });
    expect((await call('GET', `/api/fetch-enroll-status/${alice}/${courseA}/`, tokens.alice)).json()).toEqual({ bool: true });
    await eventually(async () => expect((await call('GET', `/api/course/${courseA}`)).json().total_enrolled_students).toBe(1));
  });

  it('refuses a second enrolment with 409 and a French message', async () => {
    const response = await call('POST', '/api/student-enroll-course/', tokens.alice, { course: courseA, student: alice });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Vous êtes déjà inscrit à ce cours.');
  });

  it('answers 404 for an unknown course and 400 for a missing one', async () => {
    expect((await call('POST', '/api/student-enroll-course/', tokens.alice, { course: 99999, student: alice })).statusCode).toBe(404);
    const missing = await call('POST', '/api/student-enroll-course/', tokens.alice, { student: alice });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.course).toEqual(['Le cours est obligatoire.']);
    const huge = await call('POST', '/api/student-enroll-course/', tokens.alice, { course: 3_000_000_000, student: alice });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors.course).toEqual(['Cours introuvable.']);
  });

  it('lets an admin enrol a student (the back office "Assigner cours")', async () => {
    expect((await call('POST', '/api/student-enroll-course/', tokens.admin, { course: courseB, student: bruno })).statusCode).toBe(201);
    expect((await call('GET', `/api/fetch-enroll-status/${bruno}/${courseB}`, tokens.admin)).json()).toEqual({ bool: true });
  });

  it("refuses reading another student's enrolment status", async () => {
    expect((await call('GET', `/api/fetch-enroll-status/${bruno}/${courseB}`, tokens.alice)).statusCode).toBe(403);
  });
});

describe('POST /course-rating/', () => {
  it('refuses a rating from a student who is not enrolled', async () => {
    const response = await call('POST', '/api/course-rating/', tokens.bruno, { course: courseA, student: bruno, rating: 5 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Seuls les étudiants inscrits peuvent noter ce cours.');
  });

  it("refuses rating in another student's name", async () => {
    expect((await call('POST', '/api/course-rating/', tokens.bruno, { course: courseA, student: alice, rating: 1 })).statusCode).toBe(403);
  });

  it('refuses a visitor', async () => {
    expect((await call('POST', '/api/course-rating/', undefined, { course: courseA, student: alice, rating: 1 })).statusCode).toBe(401);
  });

  it.each([0, 6, 2.5, 'abc'])('refuses the rating %p with 400 and changes nothing', async (rating) => {
    const response = await call('POST', '/api/course-rating/', tokens.alice, { course: courseA, student: alice, rating });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.rating).toEqual(['La note doit être un nombre entier de 1 à 5 étoiles.']);
    expect((await call('GET', `/api/fetch-rating-status/${alice}/${courseA}`, tokens.alice)).json()).toEqual({ bool: false });
  });

  it('records a rating once; the average follows; a second one gets 409', async () => {
    const response = await call('POST', '/api/course-rating/', tokens.alice, { course: courseA, student: alice, rating: 4, reviews: 'Clair et utile' });
    expect(response.statusCode).toBe(201);
    expect((await call('GET', `/api/fetch-rating-status/${alice}/${courseA}`, tokens.alice)).json()).toEqual({ bool: true });
    await eventually(async () => expect((await call('GET', `/api/course/${courseA}`)).json()).toMatchObject({ course_rating: 4, rating_count: 1 }));
    const again = await call('POST', '/api/course-rating/', tokens.alice, { course: courseA, student: alice, rating: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Vous avez déjà noté ce cours.');
  });
});

describe('formation title rule', () => {
  it('counts a student whose formation title is the course title (any case) as enrolled, and lets them rate', async () => {
    const commands = t.app.get(CommandBus);
    const id = await commands.execute(new RegisterStudent('Gaël', 'gael@test.fr', 'gael', 'motdepasse-gael', '', 'word POUR tous'));
    const token = await login('/api/student-login-jwt/', 'gael@test.fr', 'motdepasse-gael');
    expect((await call('GET', `/api/fetch-enroll-status/${id}/${courseB}`, token)).json()).toEqual({ bool: true });
    expect((await call('GET', `/api/fetch-enroll-status/${id}/${courseA}`, token)).json()).toEqual({ bool: false });
    expect((await call('POST', '/api/course-rating/', token, { course: courseB, student: id, rating: 5 })).statusCode).toBe(201);
  });
});

describe('favourites', () => {
  it('adds, lists and removes a favourite, only for oneself', async () => {
    expect((await call('POST', '/api/favorite-course/', tokens.fanny, { course: courseC, student: alice })).statusCode).toBe(403);
    expect((await call('POST', '/api/favorite-course/', tokens.alice, { course: courseC, student: alice })).statusCode).toBe(201);
    expect((await call('POST', '/api/favorite-course/', tokens.alice, { course: courseB, student: alice })).statusCode).toBe(201);
    expect((await call('POST', '/api/favorite-course/', tokens.alice, { course: courseB, student: alice })).statusCode).toBe(201);
    const list = (await call('GET', `/api/fetch-favorite-coourses/${alice}`, tokens.alice)).json();
    expect(list.map((c: { id: number }) => c.id)).toEqual([courseB, courseC]);
    expect(list[0]).toMatchObject({ title: 'Word pour tous', teacher: { full_name: 'Paula Prof' } });
    expect((await call('GET', `/api/fetch-favorite-coourses/${alice}`, tokens.fanny)).statusCode).toBe(403);
    expect((await call('GET', `/api/fetch-favorite-status/${alice}/${courseC}`, tokens.alice)).json()).toEqual({ bool: true });
    expect((await call('DELETE', `/api/favorite-course/${alice}/${courseC}`, tokens.fanny)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/favorite-course/${alice}/${courseC}/`, tokens.alice)).statusCode).toBe(204);
    expect((await call('GET', `/api/fetch-favorite-coourses/${alice}`, tokens.alice)).json().map((c: { id: number }) => c.id)).toEqual([courseB]);
  });
});

describe('GET /fetch-recommended-courses/{studentId}', () => {
  it('suggests courses of the areas of interest and of the trainers followed, never one already followed', async () => {
    const ids = (await call('GET', `/api/fetch-recommended-courses/${alice}`, tokens.alice)).json().map((c: { id: number }) => c.id);
    expect(ids).toContain(courseB);
    expect(ids).not.toContain(courseA);
    expect(ids).not.toContain(courseC);
  });

  it('puts the best rated first', async () => {
    const ids = (await call('GET', `/api/fetch-recommended-courses/${bruno}`, tokens.bruno)).json().map((c: { id: number }) => c.id);
    expect(ids).toEqual([courseA]);
  });

  it("refuses another student's recommendations", async () => {
    expect((await call('GET', `/api/fetch-recommended-courses/${alice}`, tokens.bruno)).statusCode).toBe(403);
  });
});
