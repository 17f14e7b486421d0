// Received files reach the object store before their change's transaction opens (docs/adr/0060,
// issue 32): no transaction stays open, idle, with the course locked while a video uploads; a change
// refused after the upload leaves no object; a caller without the right makes the server upload
// nothing; a request sent twice with the same key leaves one copy; what a node never finished with
// (staged and never committed, replaced and never removed) is named in media.pending_file and swept.
// Against s3rver, through the app.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { jest } from '@jest/globals';
import { projectRoot } from './platform/config/config.js';
import { AggregateStore } from './platform/aggregate-store/index.js';
import { StreamVersionConflictError } from './platform/event-log/index.js';
import { Database } from './platform/database/database.js';
import { PendingFilesSweep } from './platform/storage/pending-files-sweep.js';
import { startTestS3, type TestS3 } from './platform/testing/s3rver.js';
import { call, givenCourse, givenFollowing, givenStudent, givenTeacher, type GivenStudent, type GivenTeacher } from './testing/fixtures.js';
import { startTestApp, type TestApp } from './testing/test-app.js';
import { MediaStorage } from './platform/storage/media-storage.js';
import type { S3MediaStorage } from './platform/storage/s3-storage.js';

let s3: TestS3;
let t: TestApp;
let storage: S3MediaStorage;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await startTestApp(s3.env);
  storage = t.app.get(MediaStorage) as S3MediaStorage;
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const WEBM = readFileSync(join(projectRoot, 'backend/src/demo/assets/video/demo-video.webm'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

function form(fields: Record<string, string>, files: { field: string; name: string; bytes: Buffer; type: string }[]): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}
const video = (title: string) => form({ title, content_type: 'video_file' }, [{ field: 'video', name: 'demo.webm', bytes: WEBM, type: 'video/webm' }]);
const homework = (key: string) => form({ answer: 'Mon analyse.', submission_key: key }, [{ field: 'upload', name: 'devoir.pdf', bytes: PDF, type: 'application/pdf' }]);

/** Every object key under a folder of the media, read from the bucket itself. */
async function objectsUnder(folder: string): Promise<string[]> {
  const page = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: folder }));
  return (page.Contents ?? []).map((object) => object.Key!);
}

/** Holds every upload of a received file until `release`; `entered` resolves once `count` have started. */
function holdUploads(count = 1) {
  const putFileAt = storage.putFileAt.bind(storage);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  let entered!: () => void;
  const allEntered = new Promise<void>((resolve) => (entered = resolve));
  const spy = jest.spyOn(storage, 'putFileAt').mockImplementation(async (...args) => {
    if (++started === count) entered();
    await gate;
    return putFileAt(...args);
  });
  return { spy, entered: allEntered, release };
}

/** The lines of media.pending_file under a path. */
const lines = async (prefix: string) =>
  t.app.get(Database).query<{ path: string; reason: string }>("select path, reason from media.pending_file where path like $1 || '%' order by path", [prefix]);

const within = <T>(ms: number, promise: Promise<T>): Promise<T | 'délai dépassé'> =>
  Promise.race([promise, new Promise<'délai dépassé'>((resolve) => setTimeout(() => resolve('délai dépassé'), ms))]);

async function givenHomework(): Promise<{ teacher: GivenTeacher; student: GivenStudent; id: number }> {
  const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
  await givenFollowing(t, teacher, student);
  const given = await call(t, 'POST', `/api/student-assignment/${teacher.teacherId}/${student.studentId}`, teacher.token, { title: 'Étude de cas', detail: 'Analysez le cas n° 3.' });
  expect(given.statusCode).toBe(201);
  return { teacher, student, id: given.json().id as number };
}

describe('uploads to the object store before the transaction', () => {
  it('holds no transaction open while a video uploads: another edit of the same course commits meanwhile', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const held = holdUploads();
    const uploading = call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, video('Vidéo lente'));
    await held.entered;
    try {
      // No connection idle inside a transaction for longer than a moment (the projection runner's last a few ms).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const idle = await t.app.get(Database).query<{ count: string }>(
        "select count(*) from pg_stat_activity where datname = current_database() and state like 'idle in transaction%' and now() - state_change > interval '400 milliseconds'",
      );
      expect(Number(idle[0]!.count)).toBe(0);
      // With the course row locked for the upload, this edit would wait until the upload ends.
      const other = await within(5_000, call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, { title: 'Introduction', content_type: 'text', text_content: 'Bienvenue dans la formation.', duration: 60 }));
      expect(other === 'délai dépassé' ? other : other.statusCode).toBe(201);
    } finally {
      held.release();
    }
    const uploaded = await uploading;
    expect(uploaded.statusCode).toBe(201);
    expect(await objectsUnder(`content/courses/${course.courseId}/videos/`)).toEqual([uploaded.json().video.slice('/media/'.length)]);
  });

  it('uploads nothing for a caller without the right: another trainer’s course, an unknown step, another learner’s homework', async () => {
    const [owner, stranger] = await Promise.all([givenTeacher(t), givenTeacher(t)]);
    const course = await givenCourse(t, { teacherId: owner.teacherId });
    const uploads = jest.spyOn(storage, 'putFileAt');
    const chapter = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, stranger.token, video('Intrusion'));
    expect(chapter.statusCode).toBe(403);
    const document = await call(t, 'POST', `/api/study-material/${course.courseId}`, stranger.token,
      form({ title: 'Intrusion' }, [{ field: 'upload', name: 'notes.pdf', bytes: PDF, type: 'application/pdf' }]));
    expect(document.statusCode).toBe(403);
    expect((await call(t, 'PUT', '/api/chapter/999999999', owner.token, video('Absente'))).statusCode).toBe(404);
    const { id } = await givenHomework();
    const intruder = await givenStudent(t);
    const handedIn = await call(t, 'POST', `/api/homework/${id}/submissions`, intruder.token, homework(randomUUID()));
    expect(handedIn.statusCode).toBe(403);
    expect(uploads).not.toHaveBeenCalled();
    expect(await objectsUnder(`content/courses/${course.courseId}/`)).toEqual([]);
    expect(await objectsUnder(`homework/${id}/`)).toEqual([]);
  });

  it('removes what it uploaded when the change is then refused (homework already graded)', async () => {
    const { teacher, student, id } = await givenHomework();
    expect((await call(t, 'POST', `/api/homework/${id}/submissions`, student.token, homework(randomUUID()))).statusCode).toBe(201);
    expect(await objectsUnder(`homework/${id}/`)).toHaveLength(1);
    expect((await call(t, 'PUT', `/api/homework/${id}/grade`, teacher.token, { grade: 14 })).statusCode).toBe(200);
    const uploads = jest.spyOn(storage, 'putFileAt');
    const late = await call(t, 'POST', `/api/homework/${id}/submissions`, student.token, homework(randomUUID()));
    expect([late.statusCode, late.json().message]).toEqual([409, 'Ce devoir est déjà noté : il ne peut plus être rendu.']);
    expect(uploads).toHaveBeenCalledTimes(1);
    expect(await objectsUnder(`homework/${id}/`)).toHaveLength(1);
    // Its line went with it: the book names nothing under the homework.
    expect(await lines(`/media/homework/${id}/`)).toEqual([]);
  });

  it('leaves one copy when the same submission is sent twice at once: the second answers the first and its upload is removed', async () => {
    const { student, id } = await givenHomework();
    const key = randomUUID();
    const held = holdUploads(2);
    const sent = [call(t, 'POST', `/api/homework/${id}/submissions`, student.token, homework(key)), call(t, 'POST', `/api/homework/${id}/submissions`, student.token, homework(key))];
    // Both staged a copy before either transaction opened.
    await held.entered;
    held.release();
    const [first, second] = await Promise.all(sent);
    expect([first!.statusCode, second!.statusCode]).toEqual([201, 201]);
    expect(first!.json().submissions).toHaveLength(1);
    expect(second!.json().submissions).toEqual(first!.json().submissions);
    const stored = await objectsUnder(`homework/${id}/`);
    expect(stored).toHaveLength(1);
    // A third sending, after both, finds the key before uploading anything.
    held.spy.mockClear();
    const again = await call(t, 'POST', `/api/homework/${id}/submissions`, student.token, homework(key));
    expect([again.statusCode, again.json().submissions]).toEqual([201, first!.json().submissions]);
    expect(held.spy).not.toHaveBeenCalled();
    expect(await objectsUnder(`homework/${id}/`)).toEqual(stored);
  });
});

describe('the book of files no committed row owns (media.pending_file) and its sweep', () => {
  const db = () => t.app.get(Database);
  const tempPdf = () => {
    const dir = mkdtempSync(join(tmpdir(), 'lms-pending-'));
    writeFileSync(join(dir, 'devoir.pdf'), PDF);
    return join(dir, 'devoir.pdf');
  };

  it('leaves no line once a change has committed its files', async () => {
    const { student, id } = await givenHomework();
    expect((await call(t, 'POST', `/api/homework/${id}/submissions`, student.token, homework(randomUUID()))).statusCode).toBe(201);
    expect(await objectsUnder(`homework/${id}/`)).toHaveLength(1);
    expect(await lines(`/media/homework/${id}/`)).toEqual([]);
  });

  it('removes, with its line, a file a node staged and never committed (killed in between); a recent one stays', async () => {
    const folder = `homework/abandon-${randomUUID()}`;
    const staged = await t.app.get(AggregateStore).stage((read) => read.uploads.putFile(folder, 'pdf', tempPdf()));
    // The node stops here: no transaction takes the file.
    expect(await lines(`/media/${folder}/`)).toEqual([{ path: staged.value, reason: 'staged' }]);
    expect(await objectsUnder(`${folder}/`)).toEqual([staged.value.slice('/media/'.length)]);

    expect(await t.app.get(PendingFilesSweep).sweep()).toEqual({ removed: 0, failed: 0 });
    expect(await objectsUnder(`${folder}/`)).toHaveLength(1);

    await db().query("update media.pending_file set since = now() - interval '7 hours' where path = $1", [staged.value]);
    expect(await t.app.get(PendingFilesSweep).sweep()).toEqual({ removed: 1, failed: 0 });
    expect([await objectsUnder(`${folder}/`), await lines(`/media/${folder}/`)]).toEqual([[], []]);
  });

  it('refuses a change whose staged file the sweep took, waiting for the sweep’s transaction rather than racing it', async () => {
    const store = t.app.get(AggregateStore);
    const folder = `homework/course-${randomUUID()}`;
    const staged = await store.stage((read) => read.uploads.putFile(folder, 'pdf', tempPdf()));
    await db().query("update media.pending_file set since = now() - interval '7 hours' where path = $1", [staged.value]);
    // The sweep has taken the line and is removing the file (held) when the change commits.
    const remove = storage.remove.bind(storage);
    let releaseRemoval!: () => void;
    let removing!: () => void;
    const removalStarted = new Promise<void>((resolve) => (removing = resolve));
    jest.spyOn(storage, 'remove').mockImplementation(async (path) => {
      removing();
      await new Promise<void>((resolve) => (releaseRemoval = resolve));
      return remove(path);
    });
    const sweeping = t.app.get(PendingFilesSweep).sweep();
    await removalStarted;
    const outcome = store.transaction(async (uow) => uow.uploads.keep(staged), { staged }).then(() => 'enregistré', (error: Error) => error.message);
    expect(await within(300, outcome)).toBe('délai dépassé');
    releaseRemoval();
    expect(await sweeping).toEqual({ removed: 1, failed: 0 });
    expect(await outcome).toBe('Le fichier envoyé a expiré avant l’enregistrement : envoyez-le de nouveau.');
    expect([await objectsUnder(`${folder}/`), await lines(`/media/${folder}/`)]).toEqual([[], []]);
  });

  it('keeps a staged file through a lost race: the retry takes the line the first try gave back', async () => {
    const store = t.app.get(AggregateStore);
    const folder = `homework/course-${randomUUID()}`;
    const staged = await store.stage((read) => read.uploads.putFile(folder, 'pdf', tempPdf()));
    let tries = 0;
    const kept = await store.transaction(async (uow) => {
      const path = uow.uploads.keep(staged);
      if (++tries === 1) throw new StreamVersionConflictError('test.stream', 'course', 1, 2);
      return path;
    }, { staged });
    expect([tries, kept]).toEqual([2, staged.value]);
    expect([await objectsUnder(`${folder}/`), await lines(`/media/${folder}/`)]).toEqual([[staged.value.slice('/media/'.length)], []]);
  });

  it('does not remove a file a committed change took, when the commit’s answer was lost and the change reads as failed', async () => {
    const store = t.app.get(AggregateStore);
    const folder = `homework/course-${randomUUID()}`;
    const staged = await store.stage((read) => read.uploads.putFile(folder, 'pdf', tempPdf()));
    // The commit took the line, but its answer never reached the node: the node rolls its staged files back.
    await db().query('delete from media.pending_file where path = $1', [staged.value]);
    await staged.uploads.rolledBack();
    expect(await objectsUnder(`${folder}/`)).toEqual([staged.value.slice('/media/'.length)]);
  });

  it('books a replaced file once, however many times a change names it, and only the store’s own paths', async () => {
    const old = await storage.put('homework/remplace', 'pdf', PDF);
    await t.app.get(AggregateStore).transaction(async (uow) => {
      uow.uploads.supersede(old);
      uow.uploads.supersede(old);
      uow.uploads.supersede('https://cdn.exemple.fr/ancienne-image.png');
    });
    expect(await storage.exists(old)).toBe(false);
    expect(await t.app.get(Database).query("select path from media.pending_file where path = $1 or path like 'https:%'", [old])).toEqual([]);
  });

  it('names a replaced file its node could not remove, and the sweep removes it once the store takes removals again', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const first = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, video('Première version'));
    expect(first.statusCode).toBe(201);
    const old = first.json().video as string;
    const refusing = jest.spyOn(storage, 'remove').mockRejectedValue(new Error('stockage indisponible'));
    const replaced = await call(t, 'PUT', `/api/chapter/${first.json().id}`, teacher.token, video('Seconde version'));
    expect(replaced.statusCode).toBe(200);
    refusing.mockRestore();
    expect(await storage.exists(old)).toBe(true);
    expect(await lines(old)).toEqual([{ path: old, reason: 'superseded' }]);

    await db().query("update media.pending_file set since = now() - interval '11 minutes' where path = $1", [old]);
    expect(await t.app.get(PendingFilesSweep).sweep()).toEqual({ removed: 1, failed: 0 });
    expect([await storage.exists(old), await lines(old)]).toEqual([false, []]);
    expect(await storage.exists(replaced.json().video as string)).toBe(true);
  });

  it('keeps the line when the store refuses the removal, and tries again next time', async () => {
    const folder = `homework/refus-${randomUUID()}`;
    const staged = await t.app.get(AggregateStore).stage((read) => read.uploads.putFile(folder, 'pdf', tempPdf()));
    await db().query("update media.pending_file set since = now() - interval '7 hours' where path = $1", [staged.value]);
    const refusing = jest.spyOn(storage, 'remove').mockRejectedValue(new Error('stockage indisponible'));
    expect(await t.app.get(PendingFilesSweep).sweep()).toEqual({ removed: 0, failed: 1 });
    refusing.mockRestore();
    expect(await lines(`/media/${folder}/`)).toEqual([{ path: staged.value, reason: 'staged' }]);
    expect(await t.app.get(PendingFilesSweep).sweep()).toEqual({ removed: 1, failed: 0 });
    expect(await objectsUnder(`${folder}/`)).toEqual([]);
  });
});
