// The aggregate store, proven on the catalogue's course: state and events commit together, a
// staged upload disappears with a rolled-back change, and a writer that lost a race runs again on the
// fresh state, or gets the retryable 409 once its tries are spent (docs/adr/0022).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { mediaRoot } from '../../../../platform/platform.module.js';
import { givenCategory, givenTeacher } from '../../../../testing/fixtures.js';
import { PNG } from '../../../../platform/testing/images.js';
import { startTestApp, type TestApp } from '../../../../testing/test-app.js';
import { ConcurrentWriteError } from '../../../../shared-kernel/index.js';
import { Course } from '../../domain/course.aggregate.js';
import { CourseNotFoundError } from '../../domain/catalogue.errors.js';
import { PublishCourse } from './publish-course.command.js';

// The trainer and category are only read; each test publishes its own course, and compares the
// media folder with what it held before: the tests pass in any order or alone.
let t: TestApp;
let commands: CommandBus;
let db: Database;
let teacherId: number;
let categoryId: number;

beforeAll(async () => {
  t = await startTestApp();
  commands = t.app.get(CommandBus);
  db = t.app.get(Database);
  ({ teacherId } = await givenTeacher(t, { fullName: 'Claire Martin' }));
  ({ categoryId } = await givenCategory(t, { title: 'Bureautique' }));
});
afterAll(() => t?.close());

const streamOf = (courseId: number) =>
  db.query<{ stream_version: number; event_type: string }>(
    `select stream_version, event_type from eventlog.event where stream_type = 'catalogue.course' and stream_id = $1 order by stream_version`,
    [String(courseId)],
  );
const publish = (chapters: PublishCourse['chapters'], extra: Partial<PublishCourse['course']> = {}) =>
  commands.execute(new PublishCourse({ title: 'Excel', description: '', categoryId, teacherId, techs: '', ...extra }, chapters));

it('saves the course and appends its events, with ids, in one transaction; the row keeps the stream version', async () => {
  const id = await publish([
    { title: 'Prise en main', contentType: 'text', duration: 60, textContent: 'Bonjour', subchapters: [{ title: 'Raccourcis', contentType: 'text', duration: 30, textContent: 'Ctrl+C' }] },
    { title: 'Formules', contentType: 'video_url', duration: 300, videoUrl: 'https://example.org/v' },
  ]);
  expect((await streamOf(id)).map((e) => `${e.stream_version}:${e.event_type}`)).toEqual(['1:CourseCreated', '2:ChapterAdded', '3:SubchapterAdded', '4:ChapterAdded']);
  const [added] = await db.query<{ payload: { chapterId: number; courseId: number } }>(
    `select payload from eventlog.event where stream_type = 'catalogue.course' and stream_id = $1 and event_type = 'ChapterAdded' order by stream_version limit 1`,
    [String(id)],
  );
  const chapter = await db.one<{ id: number }>('select id from catalogue.chapter where course_id = $1 and position = 1', [id]);
  expect(added.payload).toMatchObject({ courseId: id, chapterId: chapter!.id });
  expect((await db.one<{ version: number }>('select version from catalogue.course where id = $1', [id]))?.version).toBe(4);
});

it('removes the staged image and stores nothing when the change is refused inside the transaction', async () => {
  const folder = join(mediaRoot(t.config), 'courses');
  const images = () => (existsSync(folder) ? readdirSync(folder).sort() : []);
  const imagesBefore = images();
  const before = await db.one<{ n: number }>("select count(*)::int as n from eventlog.event where stream_type = 'catalogue.course'");
  await expect(publish([], { categoryId: 999_999, featuredImg: PNG })).rejects.toMatchObject({ message: 'Catégorie introuvable.' });
  expect(images()).toEqual(imagesBefore);
  expect(await db.one<{ n: number }>("select count(*)::int as n from eventlog.event where stream_type = 'catalogue.course'")).toEqual(before);
});

it('keeps the image of a course that was saved', async () => {
  const id = await publish([], { featuredImg: PNG });
  const row = await db.one<{ featured_img: string }>('select featured_img from catalogue.course where id = $1', [id]);
  expect(existsSync(join(mediaRoot(t.config), row!.featured_img.slice('/media/'.length)))).toBe(true);
});

/**
 * A writer that loads the course, waits while `other` saves a change (on the tries it names), then
 * adds its own chapter. `other` runs outside the writer's transaction (a transaction of its own,
 * as another request's would be): the writer signals each load and the test's loop answers.
 */
function racing(id: number, title: string, other: (tries: number) => Promise<unknown>, retryOnConflict?: number) {
  const store = t.app.get(AggregateStore);
  let tries = 0;
  let signal: ((tries: number) => void) | null = null;
  let release: (() => void) | null = null;
  const loadedOnce = () => new Promise<number>((resolve) => (signal = resolve));
  let loaded = loadedOnce();
  const done = store.transaction(
    async (uow) => {
      tries += 1;
      const course = await uow.load(Course, { id }, () => new CourseNotFoundError(), { populate: ['chapters'] });
      const saved = new Promise<void>((resolve) => (release = resolve));
      signal!(tries);
      await saved;
      course.addChapter({ title, contentType: 'text', duration: 10, textContent: 'x' });
    },
    retryOnConflict === undefined ? {} : { retryOnConflict },
  );
  const finished = done.then(() => 0, () => 0);
  void (async () => {
    for (;;) {
      const n = await Promise.race([loaded, finished]);
      if (n === 0) return;
      loaded = loadedOnce();
      await other(n);
      release!();
    }
  })();
  return { done, tries: () => tries };
}

const addChapter = (id: number, title: string) =>
  t.app.get(AggregateStore).transaction(async (uow) => void (await uow.load(Course, { id }, () => new CourseNotFoundError(), { populate: ['chapters'] })).addChapter({ title, contentType: 'text', duration: 10, textContent: 'x' }));

const titles = async (id: number) => (await db.query<{ title: string }>('select title from catalogue.chapter where course_id = $1 order by position', [id])).map((c) => c.title);

it('runs a writer whose aggregate changed since it loaded it again, on the fresh state: both changes kept, in order', async () => {
  const id = await publish([{ title: 'Un', contentType: 'text', duration: 10, textContent: 'x' }]);
  const writer = racing(id, 'Trois', (tries) => (tries === 1 ? addChapter(id, 'Deux') : Promise.resolve()));
  await writer.done;
  expect(writer.tries()).toBe(2);
  expect(await titles(id)).toEqual(['Un', 'Deux', 'Trois']);
  expect((await streamOf(id)).map((e) => e.event_type)).toEqual(['CourseCreated', 'ChapterAdded', 'ChapterAdded', 'ChapterAdded']);
});

it('answers the retryable 409 (conflit_concurrent) once a writer lost the race on every try, keeping the others’ changes', async () => {
  const id = await publish([{ title: 'Un', contentType: 'text', duration: 10, textContent: 'x' }]);
  const writer = racing(id, 'Perdant', (tries) => addChapter(id, `Autre ${tries}`));
  await expect(writer.done).rejects.toBeInstanceOf(ConcurrentWriteError);
  expect(writer.tries()).toBe(5);
  expect(await titles(id)).toEqual(['Un', 'Autre 1', 'Autre 2', 'Autre 3', 'Autre 4', 'Autre 5']);

  const once = racing(id, 'Une seule fois', () => addChapter(id, 'Autre 6'), 0);
  await expect(once.done).rejects.toMatchObject({ code: 'conflit_concurrent', retryAfterSeconds: 1 });
  expect(once.tries()).toBe(1);
  expect((await streamOf(id)).map((e) => e.event_type)).toEqual(['CourseCreated', ...Array(7).fill('ChapterAdded')]);
});
