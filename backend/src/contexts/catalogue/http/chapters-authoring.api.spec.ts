// Chapters and sub-chapters over HTTP: each content type's rule, order, the spec's PATCH {order}
// and the atomic reorder under concurrent calls, archive versus delete, and every other trainer,
// student and visitor refused with nothing changed.
import { Database } from '../../../platform/database/database.js';
import { call, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

const text = (title: string) => ({ title, content_type: 'text', text_content: `Contenu de ${title}`, duration: 60 });

async function courseOf(teacher: GivenTeacher, chapters = 0) {
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  const ids: number[] = [];
  for (let i = 1; i <= chapters; i++) {
    const response = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, text(`Chapitre ${i}`));
    expect(response.statusCode).toBe(201);
    ids.push(response.json().id);
  }
  return { ...course, chapterIds: ids };
}

const positions = (courseId: number) =>
  db.query<{ id: number; position: number }>('select id, position from catalogue.chapter where course_id = $1 and archived_at is null order by position', [courseId]);
const eventTypes = async (courseId: number) =>
  (await db.query<{ event_type: string }>(`select event_type from eventlog.event where stream_type = 'catalogue.course' and stream_id = $1 order by stream_version`, [String(courseId)])).map(
    (e) => e.event_type,
  );

describe('chapters', () => {
  it('adds each type with its own field, last, and answers the view with the player address of a video link', async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, 1);
    const video = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, {
      title: 'Vidéo', content_type: 'video_url', video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', duration: 120,
    });
    expect(video.statusCode).toBe(201);
    expect(video.json()).toMatchObject({ order: 2, course: course.courseId, video_embed_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=42', scorm_url: null });
    const fetched = await call(t, 'GET', `/api/chapter/${video.json().id}`, teacher.token);
    expect(fetched.json()).toMatchObject({ course: course.courseId, course_title: course.title });
    expect((await call(t, 'GET', `/api/course-chapters/${course.courseId}`, teacher.token)).json().map((c: { order: number }) => c.order)).toEqual([1, 2]);
  });

  it.each([
    [{ title: 'Texte vide', content_type: 'text', text_content: '  ' }, 'text_content'],
    [{ title: 'Lien absent', content_type: 'video_url' }, 'video_url'],
    [{ title: 'Lien dangereux', content_type: 'video_url', video_url: 'javascript:alert(1)' }, 'video_url'],
    [{ title: 'Vidéo absente', content_type: 'video_file' }, 'video'],
    [{ title: 'SCORM absent', content_type: 'scorm' }, 'scorm_file'],
    [{ title: 'Quiz absent', content_type: 'quiz' }, 'quiz'],
    [{ title: 'Type inconnu', content_type: 'pdf' }, 'content_type'],
    [{ title: 'Durée', content_type: 'text', text_content: 'x', duration: -5 }, 'duration'],
  ])('refuses %j in French, naming %s, and stores nothing', async (body, field) => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher);
    const response = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors ?? {})).toContain(field);
    expect(await positions(course.courseId)).toEqual([]);
    expect(await eventTypes(course.courseId)).toEqual(['CourseCreated']);
  });

  it('edits a chapter and logs ChapterUpdated', async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, 1);
    const id = course.chapterIds[0]!;
    const edited = await call(t, 'PUT', `/api/chapter/${id}/`, teacher.token, { title: 'Nouveau titre', content_type: 'video_url', video_url: 'https://vimeo.com/76979871', duration: 30 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Nouveau titre', text_content: '', video_embed_url: 'https://player.vimeo.com/video/76979871?autoplay=1&title=0&byline=0&portrait=0' });
    expect((await eventTypes(course.courseId)).at(-1)).toBe('ChapterUpdated');
  });

  it('keeps a text of 50,000 characters and refuses 50,001 in French, for a chapter and a sub-chapter, changing nothing (issue 22)', async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, 1);
    const longest = 'é'.repeat(49_999) + '.';
    const kept = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, { ...text('Long'), text_content: longest });
    expect(kept.statusCode).toBe(201);
    expect((await call(t, 'GET', `/api/chapter/${kept.json().id}`, teacher.token)).json().text_content).toHaveLength(50_000);
    const sub = await call(t, 'POST', '/api/subchapters/', teacher.token, { ...text('Sous-chapitre long'), chapter: kept.json().id, text_content: longest });
    expect(sub.statusCode).toBe(201);
    const events = await eventTypes(course.courseId);
    const tooLong = longest + 'x';
    for (const [method, url, body] of [
      ['POST', `/api/course-chapters/${course.courseId}/`, { ...text('Trop long'), text_content: tooLong }],
      ['PUT', `/api/chapter/${course.chapterIds[0]}/`, { ...text('Trop long'), text_content: tooLong }],
      ['POST', '/api/subchapters/', { ...text('Trop long'), chapter: kept.json().id, text_content: tooLong }],
      ['PUT', `/api/subchapter/${sub.json().id}/`, { ...text('Trop long'), text_content: tooLong }],
    ] as const) {
      const refused = await call(t, method, url, teacher.token, body);
      expect([url, refused.statusCode, refused.json().message, Object.keys(refused.json().errors ?? {})]).toEqual([url, 400, 'Le texte est trop long (50 000 caractères au plus).', ['text_content']]);
    }
    expect(await eventTypes(course.courseId)).toEqual(events);
  });

  it('empties an optional field sent null in a PUT, as one left out (issue 22)', async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, 1);
    const id = course.chapterIds[0]!;
    await call(t, 'PUT', `/api/chapter/${id}/`, teacher.token, { ...text('Avec description'), description: 'Une description' });
    const edited = await call(t, 'PUT', `/api/chapter/${id}/`, teacher.token, { ...text('Sans description'), description: null, duration: null, quiz: null, video_url: null, video: null, course: null });
    expect([edited.statusCode, edited.json()]).toEqual([200, expect.objectContaining({ title: 'Sans description', description: '' })]);
    const refused = await call(t, 'PUT', `/api/chapter/${id}/`, teacher.token, { ...text('Sans titre'), title: null });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Le champ « title » est obligatoire.']);
  });

  it("refuses another trainer, a student and a visitor every chapter call, and changes nothing", async () => {
    const [teacher, intruder, student] = await Promise.all([givenTeacher(t), givenTeacher(t), givenStudent(t)]);
    const course = await courseOf(teacher, 2);
    const [a, b] = course.chapterIds;
    const calls: [('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'), string, object?][] = [
      ['GET', `/api/course-chapters/${course.courseId}`], ['POST', `/api/course-chapters/${course.courseId}/`, text('Intrus')],
      ['PUT', `/api/course-chapters/${course.courseId}/order/`, { chapters: [b, a] }], ['GET', `/api/chapter/${a}/`], ['PUT', `/api/chapter/${a}/`, text('Piraté')],
      ['PATCH', `/api/chapter/${a}/`, { order: 2 }], ['DELETE', `/api/chapter/${a}/`], ['GET', `/api/chapter/${a}/removal/`],
      ['POST', '/api/subchapters/', { ...text('Intrus'), chapter: a }], ['GET', `/api/subchapters/?chapter=${a}`],
    ];
    for (const [method, url, body] of calls) {
      expect([method, url, (await call(t, method, url, intruder.token, body)).statusCode]).toEqual([method, url, 403]);
      expect([method, url, (await call(t, method, url, student.token, body)).statusCode]).toEqual([method, url, 403]);
      expect([method, url, (await call(t, method, url, undefined, body)).statusCode]).toEqual([method, url, 401]);
    }
    expect(await positions(course.courseId)).toEqual([{ id: a, position: 1 }, { id: b, position: 2 }]);
    expect(await eventTypes(course.courseId)).toEqual(['CourseCreated', 'ChapterAdded', 'ChapterAdded']);
  });
});

describe('ordering', () => {
  it("reaches the new order when the spec's client sends one PATCH {order} per chapter all at once, never two in one place", async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, 5);
    const target = [...course.chapterIds].reverse();
    const answers = await Promise.all(target.map((id, index) => call(t, 'PATCH', `/api/chapter/${id}/`, teacher.token, { order: index + 1 })));
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204]);
    expect(await positions(course.courseId)).toEqual(target.map((id, index) => ({ id, position: index + 1 })));
  });

  it('applies concurrent whole reorders one after the other: positions stay 1..n without duplicates', async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, 4);
    const [a, b, c, d] = course.chapterIds as [number, number, number, number];
    const orders = [[d, c, b, a], [b, a, d, c], [c, d, a, b]];
    const answers = await Promise.all(orders.map((chapters) => call(t, 'PUT', `/api/course-chapters/${course.courseId}/order/`, teacher.token, { chapters })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const final = await positions(course.courseId);
    expect(final.map((r) => r.position)).toEqual([1, 2, 3, 4]);
    expect(orders.map((o) => o.join())).toContain(final.map((r) => r.id).join());
    expect((await eventTypes(course.courseId)).filter((type) => type === 'ChapterReordered').length).toBeGreaterThanOrEqual(1);
  });

  it('refuses an order that is not exactly the live chapters', async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, 3);
    const [a, b] = course.chapterIds;
    for (const chapters of [[a, b], [a, a, b], [a, b, 2_000_000_000]]) {
      const response = await call(t, 'PUT', `/api/course-chapters/${course.courseId}/order/`, teacher.token, { chapters });
      expect(response.statusCode).toBe(400);
    }
    expect((await call(t, 'PATCH', `/api/chapter/${a}/`, teacher.token, { order: 4 })).statusCode).toBe(400);
  });
});

describe('sub-chapters', () => {
  it('adds them last under their chapter, numbers them, moves one to another chapter, and reorders them at once', async () => {
    const teacher = await givenTeacher(t);
    const course = await courseOf(teacher, 2);
    const [first, second] = course.chapterIds as [number, number];
    const ids: number[] = [];
    for (const title of ['Un', 'Deux', 'Trois']) {
      const response = await call(t, 'POST', '/api/subchapters/', teacher.token, { ...text(title), chapter: first });
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
    }
    const list = (await call(t, 'GET', `/api/subchapters/?chapter=${first}`, teacher.token)).json();
    expect(list.map((s: { order: number; title: string }) => `${s.order}:${s.title}`)).toEqual(['1:Un', '2:Deux', '3:Trois']);
    const scorm = await call(t, 'POST', '/api/subchapters/', teacher.token, { title: 'SCORM', content_type: 'scorm', chapter: first });
    expect(scorm.statusCode).toBe(400);
    const moved = await call(t, 'PUT', `/api/subchapter/${ids[0]}/`, teacher.token, { ...text('Un'), chapter: second });
    expect(moved.json()).toMatchObject({ chapter: second, order: 1 });
    expect((await call(t, 'GET', `/api/subchapters/?chapter=${first}`, teacher.token)).json().map((s: { order: number }) => s.order)).toEqual([1, 2]);
    const reordered = await call(t, 'PUT', '/api/subchapters/order/', teacher.token, { chapter: first, subchapters: [ids[2], ids[1]] });
    expect(reordered.json().map((s: { id: number; order: number }) => [s.id, s.order])).toEqual([[ids[2], 1], [ids[1], 2]]);
    expect((await call(t, 'PATCH', `/api/subchapter/${ids[1]}/`, teacher.token, { order: 1 })).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/subchapter/${ids[1]}/`, teacher.token)).json().order).toBe(1);
  });
});

describe('removal', () => {
  it('deletes a step of a course nobody follows, and archives one of a followed course; the others close up', async () => {
    const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    const course = await courseOf(teacher, 3);
    const [a, b, c] = course.chapterIds as [number, number, number];
    expect((await call(t, 'GET', `/api/chapter/${a}/removal/`, teacher.token)).json()).toEqual({ mode: 'delete', enrolled_students: 0 });
    expect((await call(t, 'DELETE', `/api/chapter/${a}/`, teacher.token)).json()).toEqual({ archived: false });
    expect(await db.query('select 1 from catalogue.chapter where id = $1', [a])).toHaveLength(0);
    expect(await positions(course.courseId)).toEqual([{ id: b, position: 1 }, { id: c, position: 2 }]);

    await givenEnrolled(t, student, course);
    expect((await call(t, 'GET', `/api/chapter/${b}/removal/`, teacher.token)).json()).toEqual({ mode: 'archive', enrolled_students: 1 });
    expect((await call(t, 'DELETE', `/api/chapter/${b}/`, teacher.token)).json()).toEqual({ archived: true });
    expect(await db.query('select 1 from catalogue.chapter where id = $1 and archived_at is not null', [b])).toHaveLength(1);
    expect(await positions(course.courseId)).toEqual([{ id: c, position: 1 }]);
    const detail = (await call(t, 'GET', `/api/course/${course.courseId}`)).json();
    expect(detail.course_chapters.map((ch: { id: number }) => ch.id)).toEqual([c]);
    expect((await call(t, 'GET', `/api/chapter/${b}/`, teacher.token)).statusCode).toBe(404);
    expect(await eventTypes(course.courseId)).toEqual(['CourseCreated', 'ChapterAdded', 'ChapterAdded', 'ChapterAdded', 'ChapterDeleted', 'ChapterArchived']);
  });
});
