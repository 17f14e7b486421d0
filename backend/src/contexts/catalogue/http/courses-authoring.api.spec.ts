// Course authoring over HTTP: who may create, edit and remove which course, the spec's client
// checks enforced by the server, archive versus delete, and the trainer's dashboard figures.
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import {
  call, givenAdmin, givenCategory, givenCourse, givenEnrolled, givenStudent, givenTeacher, uniqueName, type GivenTeacher,
} from '../../../testing/fixtures.js';
import { PNG } from '../../../platform/testing/images.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

function form(fields: Record<string, string | number>, image?: Buffer): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  if (image) data.append('featured_img', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'image.png');
  return data;
}

const eventsOf = (courseId: number) =>
  db.query<{ event_type: string; payload: Record<string, unknown> }>(
    `select event_type, payload from eventlog.event where stream_type = 'catalogue.course' and stream_id = $1 order by stream_version`,
    [String(courseId)],
  );

async function createAs(teacher: GivenTeacher, categoryId: number, title = uniqueName('Cours')) {
  const response = await call(t, 'POST', '/api/course/', teacher.token, form({ formateur: teacher.teacherId, category: categoryId, title, description: 'Une description' }));
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; title: string; formateur: number | null; category: number };
}

describe('POST /course/', () => {
  it('lets a trainer create their own course, with its image, and logs CourseCreated in the same change', async () => {
    const [teacher, { categoryId }] = await Promise.all([givenTeacher(t), givenCategory(t)]);
    const title = uniqueName('Excel avancé');
    const response = await call(t, 'POST', '/api/course/', teacher.token, form({ formateur: teacher.teacherId, category: categoryId, title, techs: 'Excel, VBA' }, PNG));
    expect(response.statusCode).toBe(201);
    const course = response.json();
    expect(course).toMatchObject({ title, formateur: teacher.teacherId, category: categoryId, techs: 'Excel, VBA' });
    expect(course.featured_img).toMatch(/^\/media\/courses\/.+\.png$/);
    // Its responsive WebP copies are public beside it (docs/adr/0010, « Images »).
    const copy = await t.app.inject({ method: 'GET', url: course.featured_img.replace(/\.png$/, '.w640.webp') });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(copy.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await eventsOf(course.id)).map((e) => e.event_type)).toEqual(['CourseCreated']);
    expect((await eventsOf(course.id))[0]!.payload).toEqual({ courseId: course.id, title, categoryId, teacherId: teacher.teacherId, status: 'draft' });
    // A new course is a draft (ADR 0030): its trainer reads it, a visitor gets the 404.
    expect((await call(t, 'GET', `/api/course/${course.id}`, teacher.token)).json()).toMatchObject({ id: course.id, status: 'draft' });
    expect((await call(t, 'GET', `/api/course/${course.id}`)).statusCode).toBe(404);
  });

  it.each([
    [{}, 400, 'Identifiant formateur manquant.'],
    [{ formateur: 'abc' }, 400, 'Identifiant formateur invalide.'],
    [{ formateur: '0x10' }, 400, 'Identifiant formateur invalide.'],
  ])('refuses a trainer\'s course %j without a valid trainer id (%i)', async (extra, status, message) => {
    const [teacher, { categoryId }] = await Promise.all([givenTeacher(t), givenCategory(t)]);
    const response = await call(t, 'POST', '/api/course/', teacher.token, form({ category: categoryId, title: uniqueName('Cours'), ...extra }));
    expect(response.statusCode).toBe(status);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('refuses a trainer creating a course in another trainer\'s name, and changes nothing', async () => {
    const [teacher, other, { categoryId }] = await Promise.all([givenTeacher(t), givenTeacher(t), givenCategory(t)]);
    const title = uniqueName('Usurpé');
    const response = await call(t, 'POST', '/api/course/', teacher.token, form({ formateur: other.teacherId, category: categoryId, title }));
    expect(response.statusCode).toBe(403);
    expect(await db.query('select 1 from catalogue.course where title = $1', [title])).toHaveLength(0);
  });

  it('requires a title and an existing category, in French', async () => {
    const [teacher, { categoryId }] = await Promise.all([givenTeacher(t), givenCategory(t)]);
    const noTitle = await call(t, 'POST', '/api/course/', teacher.token, form({ formateur: teacher.teacherId, category: categoryId, title: '   ' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors.title).toEqual(['Le titre du cours est obligatoire.']);
    const noCategory = await call(t, 'POST', '/api/course/', teacher.token, form({ formateur: teacher.teacherId, title: 'Sans catégorie' }));
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().message).toBe('La catégorie est obligatoire.');
    const unknown = await call(t, 'POST', '/api/course/', teacher.token, form({ formateur: teacher.teacherId, category: 2_000_000_000, title: 'Catégorie inconnue' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Catégorie introuvable.');
  });

  it('lets an admin create an unassigned course, listed in the back office only, or one for an existing trainer', async () => {
    const [admin, teacher, { categoryId }] = await Promise.all([givenAdmin(t), givenTeacher(t), givenCategory(t)]);
    const title = uniqueName('Non assigné');
    const unassigned = await call(t, 'POST', '/api/course/', admin.token, form({ category: categoryId, title }));
    expect(unassigned.statusCode).toBe(201);
    expect(unassigned.json().formateur).toBeNull();
    const adminList = (await call(t, 'GET', `/api/course/?search=${encodeURIComponent(title)}&page=1`, admin.token)).json();
    expect(adminList.results.map((c: { title: string }) => c.title)).toEqual([title]);
    const publicList = (await call(t, 'GET', `/api/course/?search=${encodeURIComponent(title)}`)).json();
    expect(publicList.results).toEqual([]);

    const assigned = await call(t, 'POST', '/api/course/', admin.token, form({ formateur: teacher.teacherId, category: categoryId, title: uniqueName('Assigné') }));
    expect(assigned.json().formateur).toBe(teacher.teacherId);
    const unknownTrainer = await call(t, 'POST', '/api/course/', admin.token, form({ formateur: 2_000_000_000, category: categoryId, title: uniqueName('X') }));
    expect(unknownTrainer.statusCode).toBe(400);
    expect(unknownTrainer.json().message).toBe('Identifiant formateur invalide.');
  });

  it('lists 5 courses per page for an admin\'s ?search=&page=, and refuses students and visitors', async () => {
    const [admin, student, { categoryId }] = await Promise.all([givenAdmin(t), givenStudent(t), givenCategory(t)]);
    const prefix = uniqueName('Lot');
    for (let i = 0; i < 6; i++) await call(t, 'POST', '/api/course/', admin.token, form({ category: categoryId, title: `${prefix} ${i}` }));
    const first = (await call(t, 'GET', `/api/course/?search=${encodeURIComponent(prefix)}&page=1`, admin.token)).json();
    expect(first.results).toHaveLength(5);
    expect(first.count).toBe(6);
    expect((await call(t, 'POST', '/api/course/', student.token, form({ category: categoryId, title: 'x' }))).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/course/', undefined, form({ category: categoryId, title: 'x' }))).statusCode).toBe(401);
  });
});

describe('editing a course', () => {
  it('lets its trainer edit it by either path, and logs CourseUpdated', async () => {
    const [teacher, { categoryId }, other] = await Promise.all([givenTeacher(t), givenCategory(t), givenCategory(t)]);
    const course = await createAs(teacher, categoryId);
    const put = await call(t, 'PUT', `/api/teacher-course-detail/${course.id}`, teacher.token, form({ formateur: teacher.teacherId, title: 'Nouveau titre', description: 'Nouvelle', category: other.categoryId }));
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ title: 'Nouveau titre', description: 'Nouvelle', category: other.categoryId });
    const again = await call(t, 'PUT', `/api/course/${course.id}/`, teacher.token, form({ title: 'Titre 3' }));
    expect(again.json()).toMatchObject({ title: 'Titre 3', description: 'Nouvelle', category: other.categoryId, formateur: teacher.teacherId });
    expect((await eventsOf(course.id)).map((e) => e.event_type)).toEqual(['CourseCreated', 'CourseUpdated', 'CourseUpdated']);
    expect((await call(t, 'GET', `/api/teacher-course-detail/${course.id}`, teacher.token)).json().title).toBe('Titre 3');
  });

  it('refuses another trainer (read and write), a student and a visitor; changes nothing', async () => {
    const [teacher, intruder, student, { categoryId }] = await Promise.all([givenTeacher(t), givenTeacher(t), givenStudent(t), givenCategory(t)]);
    const course = await createAs(teacher, categoryId, 'Original');
    for (const [method, url] of [['GET', `/api/teacher-course-detail/${course.id}`], ['PUT', `/api/teacher-course-detail/${course.id}`], ['PUT', `/api/course/${course.id}/`], ['DELETE', `/api/course/${course.id}/`], ['GET', `/api/course/${course.id}/removal/`]] as const) {
      expect((await call(t, method, url, intruder.token, form({ formateur: intruder.teacherId, title: 'Piraté' }))).statusCode).toBe(403);
      expect((await call(t, method, url, student.token, form({ title: 'Piraté' }))).statusCode).toBe(403);
      expect((await call(t, method, url, undefined, form({ title: 'Piraté' }))).statusCode).toBe(401);
    }
    expect((await db.one<{ title: string }>('select title from catalogue.course where id = $1', [course.id]))!.title).toBe('Original');
    expect((await eventsOf(course.id)).map((e) => e.event_type)).toEqual(['CourseCreated']);
  });

  it('lets an admin hand the course to another trainer, but not its trainer', async () => {
    const [admin, teacher, next, { categoryId }] = await Promise.all([givenAdmin(t), givenTeacher(t), givenTeacher(t), givenCategory(t)]);
    const course = await createAs(teacher, categoryId);
    expect((await call(t, 'PUT', `/api/course/${course.id}/`, teacher.token, form({ formateur: next.teacherId, title: 'x' }))).statusCode).toBe(403);
    const handed = await call(t, 'PUT', `/api/course/${course.id}/`, admin.token, form({ formateur: next.teacherId, title: 'Confié' }));
    expect(handed.json().formateur).toBe(next.teacherId);
    expect((await call(t, 'GET', `/api/teacher-course-detail/${course.id}`, teacher.token)).statusCode).toBe(403);
  });
});

describe('removing a course', () => {
  it('deletes a course nobody enrolled in: gone, with its CourseDeleted event kept', async () => {
    const [teacher, { categoryId }] = await Promise.all([givenTeacher(t), givenCategory(t)]);
    const course = await createAs(teacher, categoryId);
    expect((await call(t, 'GET', `/api/course/${course.id}/removal/`, teacher.token)).json()).toEqual({ mode: 'delete', enrolled_students: 0 });
    const removed = await call(t, 'DELETE', `/api/course/${course.id}/`, teacher.token);
    expect(removed.json()).toEqual({ archived: false });
    expect(await db.query('select 1 from catalogue.course where id = $1', [course.id])).toHaveLength(0);
    expect((await eventsOf(course.id)).map((e) => e.event_type)).toEqual(['CourseCreated', 'CourseDeleted']);
    expect((await call(t, 'GET', `/api/course/${course.id}`)).statusCode).toBe(404);
  });

  it('archives a course with learners: hidden from the catalogue, kept with their enrolment, no longer open to enrolment', async () => {
    const [admin, teacher, student, late] = await Promise.all([givenAdmin(t), givenTeacher(t), givenStudent(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Intro', contentType: 'text', duration: 60, textContent: 'Bonjour' }] });
    await givenEnrolled(t, student, course);
    expect((await call(t, 'GET', `/api/course/${course.courseId}/removal/`, admin.token)).json()).toEqual({ mode: 'archive', enrolled_students: 1 });
    expect((await call(t, 'DELETE', `/api/course/${course.courseId}/`, admin.token)).json()).toEqual({ archived: true });
    expect(await db.query('select 1 from catalogue.course where id = $1 and archived_at is not null', [course.courseId])).toHaveLength(1);
    expect(await db.query('select 1 from enrolment.student_course where course_id = $1', [course.courseId])).toHaveLength(1);
    expect((await call(t, 'GET', `/api/course/${course.courseId}`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/course/?search=${encodeURIComponent(course.title)}`)).json().results).toEqual([]);
    const enrol = await call(t, 'POST', '/api/student-enroll-course/', late.token, { student: late.studentId, course: course.courseId });
    expect(enrol.statusCode).toBe(404);
    expect((await eventsOf(course.courseId)).map((e) => e.event_type).at(-1)).toBe('CourseArchived');
    // An archived course is no longer edited.
    expect((await call(t, 'PUT', `/api/course/${course.courseId}/`, admin.token, form({ title: 'x' }))).statusCode).toBe(409);
  });
});

describe("the trainer's courses and dashboard", () => {
  it('lists the trainer\'s live courses with rating, chapters and duration, and counts distinct students', async () => {
    const [teacher, s1, s2] = await Promise.all([givenTeacher(t), givenStudent(t), givenStudent(t)]);
    const a = await givenCourse(t, {
      teacherId: teacher.teacherId,
      chapters: [
        { title: 'Un', contentType: 'text', duration: 600, textContent: 'a', subchapters: [{ title: 'Un.1', contentType: 'text', duration: 300, textContent: 'b' }] },
        { title: 'Deux', contentType: 'video_url', duration: 120, videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk' },
      ],
    });
    const b = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Seul', contentType: 'text', duration: 60, textContent: 'c' }] });
    await givenEnrolled(t, s1, a);
    await givenEnrolled(t, s1, b);
    await givenEnrolled(t, s2, b);

    // Enrolled students come from a projection, updated just after the enrolment commits.
    await eventually(async () => {
      for (const path of [`/api/teacher-course/${teacher.teacherId}`, `/api/formateur-course/${teacher.teacherId}`]) {
        const rows = (await call(t, 'GET', path, teacher.token)).json();
        expect(rows.map((r: { id: number }) => r.id)).toEqual([b.courseId, a.courseId]);
        expect(rows[1]).toMatchObject({ chapter_count: 2, total_duration: 1020, total_enrolled_students: 1 });
      }
    });
    await eventually(async () => {
      const dashboard = (await call(t, 'GET', `/api/formateur/dashboard/${teacher.teacherId}/`, teacher.token)).json();
      expect(dashboard).toEqual({ total_formateur_course: 2, total_formateur_students: 2, total_formateur_chapters: 3 });
    });
  });

  it("refuses another trainer's list and dashboard", async () => {
    const [teacher, other] = await Promise.all([givenTeacher(t), givenTeacher(t)]);
    expect((await call(t, 'GET', `/api/teacher-course/${teacher.teacherId}`, other.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/formateur/dashboard/${teacher.teacherId}/`, other.token)).statusCode).toBe(403);
  });
});
