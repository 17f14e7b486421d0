// What each course promises (issue 26 item 3): objectives, planned duration, nature, and each step's
// declared average duration, set by the course's trainer or an admin, refused to anyone else and on
// bad values (nothing changes), logged in the same change, and published through GetCoursePromises
// and the view catalogue.course_step.
import { QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import {
  call, givenAdmin, givenCategory, givenEnrolled, givenPublished, givenStudent, givenTeacher, uniqueName, type GivenTeacher,
} from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { GetCoursePromises } from '../contracts/catalogue.queries.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

function form(fields: Record<string, string | number>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  return data;
}

const eventsOf = (courseId: number) =>
  db.query<{ event_type: string; payload: Record<string, unknown> }>(
    `select event_type, payload from eventlog.event where stream_type = 'catalogue.course' and stream_id = $1 order by stream_version`,
    [String(courseId)],
  );
const promisesOf = (courseId: number) => t.app.get(QueryBus).execute(new GetCoursePromises(courseId));
const rowOf = async (courseId: number) =>
  (await db.one<{ objectives: string | null; planned_minutes: number | null; nature: string | null }>(
    'select objectives, planned_minutes, nature from catalogue.course where id = $1', [courseId],
  ))!;

async function courseOf(teacher: GivenTeacher, extra: Record<string, string | number> = {}) {
  const { categoryId } = await givenCategory(t);
  const response = await call(t, 'POST', '/api/course/', teacher.token, form({ formateur: teacher.teacherId, category: categoryId, title: uniqueName('Bureautique'), ...extra }));
  expect(response.statusCode).toBe(201);
  return { ...(response.json() as { id: number; title: string }), categoryId };
}

const OBJECTIVES = 'Créer un tableau croisé dynamique\n  \nAutomatiser une tâche répétitive avec une macro ';

describe('the course form', () => {
  it('takes the objectives, planned duration and nature at creation, logs them in the same change, and shows them', async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, { objectives: OBJECTIVES, planned_minutes: 2100, nature: 'bilan_competences' });
    expect(await rowOf(course.id)).toEqual({ objectives: 'Créer un tableau croisé dynamique\nAutomatiser une tâche répétitive avec une macro', planned_minutes: 2100, nature: 'bilan_competences' });
    const events = await eventsOf(course.id);
    expect(events.map((e) => e.event_type)).toEqual(['CourseCreated', 'CoursePromisesDeclared']);
    expect(events[1]!.payload).toEqual({
      courseId: course.id, objectivesCount: 2, objectivesSha256: expect.stringMatching(/^[0-9a-f]{64}$/), plannedMinutes: 2100, nature: 'bilan_competences',
    });
    // The free text stays out of the log.
    expect(JSON.stringify(events)).not.toContain('croisé');
    const edit = (await call(t, 'GET', `/api/teacher-course-detail/${course.id}/`, teacher.token)).json();
    expect(edit).toMatchObject({ planned_minutes: 2100, nature: 'bilan_competences' });
    const detail = (await call(t, 'GET', `/api/course/${course.id}`, teacher.token)).json();
    expect(detail).toMatchObject({
      objectives: ['Créer un tableau croisé dynamique', 'Automatiser une tâche répétitive avec une macro'], planned_minutes: 2100, nature: 'bilan_competences',
    });
  });

  it('makes a new course an action de formation when the form says nothing (the spec\'s shape), with CourseCreated alone', async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher);
    expect(await rowOf(course.id)).toEqual({ objectives: null, planned_minutes: null, nature: 'action_formation' });
    expect((await eventsOf(course.id)).map((e) => e.event_type)).toEqual(['CourseCreated']);
  });

  it('leaves absent fields unchanged (the spec\'s PUT), clears on empty or null, and logs only a real change', async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, { objectives: 'Lire un bilan', planned_minutes: 420, nature: 'vae' });
    // The spec's client: multipart with its own fields only.
    const spec = await call(t, 'PUT', `/api/course/${course.id}/`, teacher.token, form({ title: course.title, category: course.categoryId, description: 'Nouvelle description' }));
    expect(spec.statusCode).toBe(200);
    expect(await rowOf(course.id)).toEqual({ objectives: 'Lire un bilan', planned_minutes: 420, nature: 'vae' });
    expect((await eventsOf(course.id)).map((e) => e.event_type)).toEqual(['CourseCreated', 'CoursePromisesDeclared', 'CourseUpdated']);
    // JSON: null clears; multipart: empty clears.
    const json = await call(t, 'PUT', `/api/course/${course.id}/`, teacher.token, { title: course.title, objectives: null, planned_minutes: 450 });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ objectives: null, planned_minutes: 450, nature: 'vae' });
    const multipart = await call(t, 'PUT', `/api/teacher-course-detail/${course.id}/`, teacher.token, form({ title: course.title, nature: '', planned_minutes: '' }));
    expect(multipart.statusCode).toBe(200);
    expect(await rowOf(course.id)).toEqual({ objectives: null, planned_minutes: null, nature: null });
    const last = (await eventsOf(course.id)).at(-1)!;
    expect(last).toEqual({ event_type: 'CoursePromisesDeclared', payload: { courseId: course.id, objectivesCount: 0, objectivesSha256: null, plannedMinutes: null, nature: null } });
  });

  it.each([
    [{ planned_minutes: -60 }, 'planned_minutes', 'La durée prévue ne peut pas être négative.'],
    [{ planned_minutes: 120_001 }, 'planned_minutes', 'La durée prévue ne doit pas dépasser 2 000 heures.'],
    [{ planned_minutes: '7 h 30' }, 'planned_minutes', 'La durée prévue doit être un nombre entier de minutes.'],
    [{ planned_minutes: 0 }, 'planned_minutes', 'La durée prévue doit être d’au moins une minute'],
    [{ nature: 'stage' }, 'nature', 'La nature de l’action doit être « Action de formation », « Bilan de compétences », « Action de VAE » ou « Action de formation par apprentissage ».'],
    [{ objectives: 'Lire un bilan. '.repeat(334) }, 'objectives', 'Les objectifs ne doivent pas dépasser 5000 caractères.'],
  ])('refuses a bad value (case %#: %s) with a French 400 and changes nothing', async (extra, field, message) => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, { objectives: 'Lire un bilan', planned_minutes: 420 });
    const before = await eventsOf(course.id);
    const response = await call(t, 'PUT', `/api/course/${course.id}/`, teacher.token, form({ title: 'Titre changé', ...extra }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field].join(' ')).toContain(message);
    expect(await rowOf(course.id)).toEqual({ objectives: 'Lire un bilan', planned_minutes: 420, nature: 'action_formation' });
    expect((await db.one<{ title: string }>('select title from catalogue.course where id = $1', [course.id]))!.title).toBe(course.title);
    expect(await eventsOf(course.id)).toHaveLength(before.length);
    // Refused at creation too: no course.
    const title = uniqueName('Refusé');
    const created = await call(t, 'POST', '/api/course/', teacher.token, form({ formateur: teacher.teacherId, category: course.categoryId, title, ...extra }));
    expect(created.statusCode).toBe(400);
    expect(await db.query('select 1 from catalogue.course where title = $1', [title])).toHaveLength(0);
  });

  it('is refused to another trainer (403) and to a learner (403); an admin sets them', async () => {
    const [teacher, other, student, admin] = await Promise.all([givenTeacher(t), givenTeacher(t), givenStudent(t), givenAdmin(t)]);
    const course = await courseOf(teacher);
    const byOther = await call(t, 'PUT', `/api/course/${course.id}/`, other.token, form({ title: course.title, planned_minutes: 60 }));
    expect(byOther.statusCode).toBe(403);
    const byStudent = await call(t, 'PUT', `/api/course/${course.id}/`, student.token, form({ title: course.title, planned_minutes: 60 }));
    expect(byStudent.statusCode).toBe(403);
    expect((await rowOf(course.id)).planned_minutes).toBeNull();
    const byAdmin = await call(t, 'PUT', `/api/course/${course.id}/`, admin.token, form({ title: course.title, planned_minutes: 60, nature: 'apprentissage' }));
    expect(byAdmin.statusCode).toBe(200);
    expect(await rowOf(course.id)).toMatchObject({ planned_minutes: 60, nature: 'apprentissage' });
  });
});

describe('the declared duration of chapters and sub-chapters', () => {
  it('is set, kept when absent, cleared with null, logged, published in course_step and GetCoursePromises, and shown to the learner', async () => {
    const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    const course = await courseOf(teacher, { planned_minutes: 90 });
    const chapter = await call(t, 'POST', `/api/course-chapters/${course.id}/`, teacher.token, { title: 'Les formules', content_type: 'text', text_content: 'SOMME, MOYENNE', declared_minutes: 45 });
    expect(chapter.statusCode).toBe(201);
    const chapterId = chapter.json().id as number;
    expect(chapter.json().declared_minutes).toBe(45);
    const sub = await call(t, 'POST', '/api/subchapters/', teacher.token, form({ chapter: chapterId, title: 'RECHERCHEX', content_type: 'text', text_content: 'Une recherche', declared_minutes: '30' }));
    expect(sub.statusCode).toBe(201);
    const subId = sub.json().id as number;
    // The spec's shape, without the field: unchanged.
    expect((await call(t, 'PUT', `/api/chapter/${chapterId}/`, teacher.token, { title: 'Les formules de base', content_type: 'text', text_content: 'SOMME' })).statusCode).toBe(200);
    expect((await call(t, 'PUT', `/api/subchapter/${subId}/`, teacher.token, { title: 'RECHERCHEX', content_type: 'text', text_content: 'Une recherche', declared_minutes: null })).statusCode).toBe(200);

    const events = (await eventsOf(course.id)).filter((e) => e.event_type === 'StepDurationDeclared').map((e) => e.payload);
    expect(events).toEqual([
      { courseId: course.id, chapterId, subchapterId: null, declaredMinutes: 45 },
      { courseId: course.id, chapterId, subchapterId: subId, declaredMinutes: 30 },
      { courseId: course.id, chapterId, subchapterId: subId, declaredMinutes: null },
    ]);
    expect(await db.query('select kind, step_id, declared_minutes from catalogue.course_step where course_id = $1 order by chapter_position, position', [course.id])).toEqual([
      { kind: 'chapter', step_id: chapterId, declared_minutes: 45 },
      { kind: 'subchapter', step_id: subId, declared_minutes: null },
    ]);
    expect(await db.query('select planned_minutes, nature from catalogue.course_summary where course_id = $1', [course.id])).toEqual([{ planned_minutes: 90, nature: 'action_formation' }]);
    expect(await promisesOf(course.id)).toEqual({
      course_id: course.id, objectives: null, planned_minutes: 90, nature: 'action_formation',
      steps: [{ kind: 'chapter', step_id: chapterId, declared_minutes: 45 }, { kind: 'subchapter', step_id: subId, declared_minutes: null }],
    });
    expect(await promisesOf(2_000_000_000)).toBeNull();

    await givenPublished(t, teacher.token, course.id);
    await givenEnrolled(t, student, { courseId: course.id });
    const player = (await call(t, 'GET', `/api/course-chapters/${course.id}/`, student.token)).json();
    expect(player[0]).toMatchObject({ id: chapterId, declared_minutes: 45, subchapters: [{ id: subId, declared_minutes: null }] });
    const page = (await call(t, 'GET', `/api/course/${course.id}`)).json();
    expect(page.course_chapters[0]).toMatchObject({ id: chapterId, declared_minutes: 45 });
  });

  it.each([
    [-5, 'La durée moyenne estimée ne peut pas être négative.'],
    [200_000, 'La durée moyenne estimée ne doit pas dépasser 2 000 heures.'],
    ['vingt', 'La durée moyenne estimée doit être un nombre entier de minutes.'],
  ])('refuses %j with a French 400, and another trainer with a 403, changing nothing', async (value, message) => {
    const [teacher, other] = await Promise.all([givenTeacher(t), givenTeacher(t)]);
    const course = await courseOf(teacher);
    const chapter = await call(t, 'POST', `/api/course-chapters/${course.id}/`, teacher.token, { title: 'Intro', content_type: 'text', text_content: 'Bonjour', declared_minutes: 10 });
    const chapterId = chapter.json().id as number;
    const bad = await call(t, 'PUT', `/api/chapter/${chapterId}/`, teacher.token, { title: 'Intro changée', content_type: 'text', text_content: 'Bonjour', declared_minutes: value });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.declared_minutes.join(' ')).toContain(message);
    const foreign = await call(t, 'PUT', `/api/chapter/${chapterId}/`, other.token, { title: 'Intro', content_type: 'text', text_content: 'Bonjour', declared_minutes: 20 });
    expect(foreign.statusCode).toBe(403);
    expect(await db.query('select title, declared_minutes from catalogue.chapter where id = $1', [chapterId])).toEqual([{ title: 'Intro', declared_minutes: 10 }]);
  });
});
