// The aggregate store, proven on the catalogue's course: state and events commit together, a
// staged upload disappears with a rolled-back change, and a stale writer gets a 409.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { mediaRoot } from '../../../../platform/platform.module.js';
import { givenCategory, givenTeacher } from '../../../../testing/fixtures.js';
import { PNG } from '../../../../platform/testing/images.js';
import { startTestApp, type TestApp } from '../../../../testing/test-app.js';
import { ConflictError } from '../../../../shared-kernel/index.js';
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

it('answers 409 to a writer whose aggregate changed since it loaded it, and keeps the other writer’s change', async () => {
  const id = await publish([{ title: 'Un', contentType: 'text', duration: 10, textContent: 'x' }]);
  const store = t.app.get(AggregateStore);
  const load = (uow: Parameters<Parameters<AggregateStore['transaction']>[0]>[0]) =>
    uow.load(Course, { id }, () => new CourseNotFoundError(), { populate: ['chapters'] });
  let loaded!: () => void;
  let otherDone!: () => void;
  const firstLoaded = new Promise<void>((resolve) => (loaded = resolve));
  const otherSaved = new Promise<void>((resolve) => (otherDone = resolve));

  const stale = store.transaction(async (uow) => {
    const course = await load(uow);
    loaded();
    await otherSaved;
    course.addChapter({ title: 'Deux (périmé)', contentType: 'text', duration: 10, textContent: 'x' });
  });
  await firstLoaded;
  await store.transaction(async (uow) => void (await load(uow)).addChapter({ title: 'Deux', contentType: 'text', duration: 10, textContent: 'x' }));
  otherDone();

  await expect(stale).rejects.toBeInstanceOf(ConflictError);
  expect((await db.query<{ title: string }>('select title from catalogue.chapter where course_id = $1 order by position', [id])).map((c) => c.title)).toEqual(['Un', 'Deux']);
  expect((await streamOf(id)).map((e) => e.event_type)).toEqual(['CourseCreated', 'ChapterAdded', 'ChapterAdded']);
});
