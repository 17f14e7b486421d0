// Every test arranges its own students, trainers and courses (platform/testing/fixtures.ts): they
// share the application and its database, never a world, and pass in any order or alone.
import { eventually } from '../../../platform/testing/eventually.js';
import {
  call,
  givenAdmin,
  givenCategory,
  givenCourse,
  givenEnrolled,
  givenFavourite,
  givenRated,
  givenStudent,
  givenTeacher,
  uniqueName,
  type GivenStudent,
} from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t?.close());

type Status = 'enroll' | 'rating' | 'favorite';
/** `GET /fetch-{kind}-status/{student}/{course}`, as the student unless another token is given. */
const status = (kind: Status, student: GivenStudent, courseId: number, token = student.token, slash = '') =>
  call(t, 'GET', `/api/fetch-${kind}-status/${student.studentId}/${courseId}${slash}`, token);
const ids = (list: { id: number }[]) => list.map((c) => c.id);

describe('POST /student-enroll-course/', () => {
  const enrol = (token: string | undefined, course: number, student: number) => call(t, 'POST', '/api/student-enroll-course/', token, { course, student });

  it('refuses a visitor with 401 and a trainer with 403', async () => {
    const [student, teacher] = await Promise.all([givenStudent(t), givenTeacher(t)]);
    const { courseId } = await givenCourse(t, { teacherId: teacher.teacherId });
    expect((await enrol(undefined, courseId, student.studentId)).statusCode).toBe(401);
    expect((await enrol(teacher.token, courseId, student.studentId)).statusCode).toBe(403);
    expect((await status('enroll', student, courseId)).json()).toEqual({ bool: false });
  });

  it("refuses enrolling in another student's name", async () => {
    const [alice, bruno, { courseId }] = await Promise.all([givenStudent(t), givenStudent(t), givenCourse(t)]);
    expect((await enrol(alice.token, courseId, bruno.studentId)).statusCode).toBe(403);
    expect((await status('enroll', bruno, courseId)).json()).toEqual({ bool: false });
  });

  it('enrols the student, from multipart too, and the course count follows', async () => {
    const [student, { courseId }] = await Promise.all([givenStudent(t), givenCourse(t)]);
    const form = new FormData();
    form.append('course', String(courseId));
    form.append('student', String(student.studentId));
    const response = await call(t, 'POST', '/api/student-enroll-course/', student.token, form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ course: courseId, student: student.studentId });
    expect((await status('enroll', student, courseId, student.token, '/')).json()).toEqual({ bool: true });
    await eventually(async () => expect((await call(t, 'GET', `/api/course/${courseId}`)).json().total_enrolled_students).toBe(1));
  });

  it('refuses a second enrolment with 409 and a French message', async () => {
    const [student, course] = await Promise.all([givenStudent(t), givenCourse(t)]);
    await givenEnrolled(t, student, course);
    const response = await enrol(student.token, course.courseId, student.studentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Vous êtes déjà inscrit à ce cours.');
  });

  it('enrols once when the same enrolment is sent several times at once; the others get the final refusal, not the retryable one', async () => {
    const [student, course] = await Promise.all([givenStudent(t), givenCourse(t)]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => enrol(student.token, course.courseId, student.studentId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ message: 'Vous êtes déjà inscrit à ce cours.' });
      expect(refused.json().code).toBeUndefined();
      expect(refused.headers['retry-after']).toBeUndefined();
    }
  });

  it('answers 404 for an unknown course and 400 for a missing one', async () => {
    const student = await givenStudent(t);
    expect((await enrol(student.token, 99999, student.studentId)).statusCode).toBe(404);
    const missing = await call(t, 'POST', '/api/student-enroll-course/', student.token, { student: student.studentId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.course).toEqual(['Le cours est obligatoire.']);
    const huge = await enrol(student.token, 3_000_000_000, student.studentId);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors.course).toEqual(['Cours introuvable.']);
  });

  it('lets an admin enrol a student (the back office "Assigner cours")', async () => {
    const [admin, student, { courseId }] = await Promise.all([givenAdmin(t), givenStudent(t), givenCourse(t)]);
    expect((await enrol(admin.token, courseId, student.studentId)).statusCode).toBe(201);
    expect((await status('enroll', student, courseId, admin.token)).json()).toEqual({ bool: true });
  });

  it("refuses reading another student's enrolment status", async () => {
    const [alice, bruno, course] = await Promise.all([givenStudent(t), givenStudent(t), givenCourse(t)]);
    await givenEnrolled(t, bruno, course);
    expect((await status('enroll', bruno, course.courseId, alice.token)).statusCode).toBe(403);
  });
});

describe('POST /course-rating/', () => {
  const rate = (token: string | undefined, course: number, student: number, rating: unknown, reviews?: string) =>
    call(t, 'POST', '/api/course-rating/', token, { course, student, rating, ...(reviews ? { reviews } : {}) });

  it('refuses a rating from a student who is not enrolled', async () => {
    const [student, { courseId }] = await Promise.all([givenStudent(t), givenCourse(t)]);
    const response = await rate(student.token, courseId, student.studentId, 5);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Seuls les étudiants inscrits peuvent noter ce cours.');
  });

  it("refuses rating in another student's name", async () => {
    const [alice, bruno, course] = await Promise.all([givenStudent(t), givenStudent(t), givenCourse(t)]);
    await Promise.all([givenEnrolled(t, alice, course), givenEnrolled(t, bruno, course)]);
    expect((await rate(bruno.token, course.courseId, alice.studentId, 1)).statusCode).toBe(403);
    expect((await status('rating', alice, course.courseId)).json()).toEqual({ bool: false });
  });

  it('refuses a visitor', async () => {
    const [student, course] = await Promise.all([givenStudent(t), givenCourse(t)]);
    await givenEnrolled(t, student, course);
    expect((await rate(undefined, course.courseId, student.studentId, 1)).statusCode).toBe(401);
    expect((await status('rating', student, course.courseId)).json()).toEqual({ bool: false });
  });

  it.each([0, 6, 2.5, 'abc'])('refuses the rating %p with 400 and changes nothing', async (rating) => {
    const [student, course] = await Promise.all([givenStudent(t), givenCourse(t)]);
    await givenEnrolled(t, student, course);
    const response = await rate(student.token, course.courseId, student.studentId, rating);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.rating).toEqual(['La note doit être un nombre entier de 1 à 5 étoiles.']);
    expect((await status('rating', student, course.courseId)).json()).toEqual({ bool: false });
  });

  it('records a rating once; the average follows; a second one gets 409', async () => {
    const [student, course] = await Promise.all([givenStudent(t), givenCourse(t)]);
    await givenEnrolled(t, student, course);
    expect((await rate(student.token, course.courseId, student.studentId, 4, 'Clair et utile')).statusCode).toBe(201);
    expect((await status('rating', student, course.courseId)).json()).toEqual({ bool: true });
    await eventually(async () => expect((await call(t, 'GET', `/api/course/${course.courseId}`)).json()).toMatchObject({ course_rating: 4, rating_count: 1 }));
    const again = await rate(student.token, course.courseId, student.studentId, 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Vous avez déjà noté ce cours.');
  });
});

describe('formation title rule', () => {
  it('counts a student whose formation title is the course title (any case) as enrolled, and lets them rate', async () => {
    const title = uniqueName('Word pour tous');
    const [formation, other] = await Promise.all([givenCourse(t, { title }), givenCourse(t)]);
    const student = await givenStudent(t, { formationTitle: title.toLowerCase().replace('pour', 'POUR') });
    expect((await status('enroll', student, formation.courseId)).json()).toEqual({ bool: true });
    expect((await status('enroll', student, other.courseId)).json()).toEqual({ bool: false });
    const rated = await call(t, 'POST', '/api/course-rating/', student.token, { course: formation.courseId, student: student.studentId, rating: 5 });
    expect(rated.statusCode).toBe(201);
  });
});

describe('favourites', () => {
  const favourites = (student: GivenStudent, token = student.token) => call(t, 'GET', `/api/fetch-favorite-coourses/${student.studentId}`, token);

  it('adds, lists and removes a favourite', async () => {
    const teacher = await givenTeacher(t, { fullName: 'Paula Prof' });
    const [alice, word, pastry] = await Promise.all([givenStudent(t), givenCourse(t, { teacherId: teacher.teacherId }), givenCourse(t)]);
    const add = (courseId: number) => call(t, 'POST', '/api/favorite-course/', alice.token, { course: courseId, student: alice.studentId });
    expect((await add(pastry.courseId)).statusCode).toBe(201);
    expect((await add(word.courseId)).statusCode).toBe(201);
    expect((await add(word.courseId)).statusCode).toBe(201);
    const list = (await favourites(alice)).json();
    expect(ids(list)).toEqual([word.courseId, pastry.courseId]);
    expect(list[0]).toMatchObject({ title: word.title, teacher: { full_name: 'Paula Prof' } });
    expect((await status('favorite', alice, pastry.courseId)).json()).toEqual({ bool: true });
    expect((await call(t, 'DELETE', `/api/favorite-course/${alice.studentId}/${pastry.courseId}/`, alice.token)).statusCode).toBe(204);
    expect(ids((await favourites(alice)).json())).toEqual([word.courseId]);
    expect((await status('favorite', alice, pastry.courseId)).json()).toEqual({ bool: false });
  });

  it('lets nobody else add, list or remove a student’s favourites', async () => {
    const [alice, fanny, course, other] = await Promise.all([givenStudent(t), givenStudent(t), givenCourse(t), givenCourse(t)]);
    await givenFavourite(t, alice, course);
    expect((await call(t, 'POST', '/api/favorite-course/', fanny.token, { course: other.courseId, student: alice.studentId })).statusCode).toBe(403);
    expect((await favourites(alice, fanny.token)).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/favorite-course/${alice.studentId}/${course.courseId}`, fanny.token)).statusCode).toBe(403);
    expect(ids((await favourites(alice)).json())).toEqual([course.courseId]);
  });
});

describe('GET /fetch-recommended-courses/{studentId}', () => {
  const recommended = async (student: GivenStudent, token = student.token) => ids((await call(t, 'GET', `/api/fetch-recommended-courses/${student.studentId}`, token)).json());

  it('suggests courses of the areas of interest and of the trainers followed, never one already followed', async () => {
    const [area, teacher] = await Promise.all([givenCategory(t, { title: uniqueName('Bureautique') }), givenTeacher(t)]);
    const [followed, ofTheArea, ofTheTrainer, unrelated] = await Promise.all([
      givenCourse(t, { teacherId: teacher.teacherId, categoryId: area.categoryId }),
      givenCourse(t, { categoryId: area.categoryId }),
      givenCourse(t, { teacherId: teacher.teacherId }),
      givenCourse(t),
    ]);
    const student = await givenStudent(t, { interests: `${area.title}, ${uniqueName('Web')}` });
    await givenEnrolled(t, student, followed);
    const suggested = await recommended(student);
    expect(suggested).toContain(ofTheArea.courseId);
    expect(suggested).toContain(ofTheTrainer.courseId);
    expect(suggested).not.toContain(followed.courseId);
    expect(suggested).not.toContain(unrelated.courseId);
  });

  it('puts the best rated first', async () => {
    const [teacher, admin] = await Promise.all([givenTeacher(t), givenAdmin(t)]);
    // Published in this order, so that neither the newest nor the most followed comes first by chance.
    const followed = await givenCourse(t, { teacherId: teacher.teacherId });
    const best = await givenCourse(t, { teacherId: teacher.teacherId });
    const unrated = await givenCourse(t, { teacherId: teacher.teacherId });
    const worst = await givenCourse(t, { teacherId: teacher.teacherId });
    const [student, fan, critic] = await Promise.all([givenStudent(t), givenStudent(t), givenStudent(t)]);
    await givenEnrolled(t, student, followed, admin);
    await Promise.all([givenEnrolled(t, fan, best), givenEnrolled(t, critic, worst)]);
    await Promise.all([givenRated(t, fan, best, 5), givenRated(t, critic, worst, 2)]);
    await eventually(async () => expect(await recommended(student)).toEqual([best.courseId, worst.courseId, unrated.courseId]));
  });

  it("refuses another student's recommendations", async () => {
    const [alice, bruno] = await Promise.all([givenStudent(t), givenStudent(t)]);
    expect((await call(t, 'GET', `/api/fetch-recommended-courses/${alice.studentId}`, bruno.token)).statusCode).toBe(403);
  });
});
