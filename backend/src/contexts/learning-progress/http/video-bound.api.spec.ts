// Video evidence bounded by the server's clock, over HTTP on a real database (issue 22): played
// seconds are credited at most as fast as the server's own time since it first saw the step allows
// (× 2, the player's fastest rate, + 10 s). Time passes by the application's TestClock, never by a
// sleep; each save is its own request, so what the bound rests on is what the database kept.
import { randomUUID } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { call, givenCourse, givenEnrolled, givenStudent, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import type { ContentInput } from '../../catalogue/testing.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => t.clock.set(new Date()));
afterEach(() => t.clock.release());

const TOO_FAST = /^Lecture trop rapide : \d+ s de vidéo déclarées n’ont pas été comptées/;

const uploaded = (duration: number): ContentInput => ({
  title: 'Vidéo déposée', contentType: 'video_file', duration, video: { path: `videos/${randomUUID()}.webm`, format: 'webm', bytes: 1024, duration },
});
const linked = (url: string, duration: number): ContentInput => ({ title: 'Vidéo en lien', contentType: 'video_url', duration, videoUrl: url });

/** A course whose only chapter is the given video; a student enrolled in it; and how the player saves on it. */
async function world(content: ContentInput) {
  const course = await givenCourse(t, { chapters: [content] });
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1', [course.courseId]);
  const save = async (body: Record<string, unknown> = {}, who: GivenStudent = student) => {
    const answer = await call(t, 'POST', '/api/progress/', who.token, { student: student.studentId, course: course.courseId, chapter: chapter!.id, content_type: content.contentType, ...body });
    expect(answer.statusCode).toBe(201);
    return answer.json() as { validated: boolean; rule: string | null; reason: string | null };
  };
  const record = async () => {
    const records = (await call(t, 'GET', `/api/progress/?student=${student.studentId}&course=${course.courseId}`, student.token)).json();
    return records.find((r: { chapter: number }) => r.chapter === chapter!.id) as { validated: boolean; rule: string | null; duration: number };
  };
  const events = (type: string) =>
    db.query<{ payload: Record<string, unknown> }>(
      `select payload from eventlog.event where event_type = $1 and (payload->>'studentId')::int = $2 order by position`,
      [type, student.studentId],
    ).then((rows) => rows.map((r) => r.payload));
  return { course, student, chapterId: chapter!.id, save, record, events };
}

const seconds = (n: number) => t.clock.advance(n * 1000);

/** Beats of a session, one every 10 s up to now, for the `span` seconds before it (what the player batches). */
function beats(span: number, firstSeq = 1) {
  const now = t.clock.now().getTime();
  return Array.from({ length: span / 10 }, (_, i) => {
    const at = now - span * 1000 + (i + 1) * 10_000;
    return { seq: firstSeq + i, at, visible: true, focused: true, playing: true, last_input_at: at };
  });
}

describe('POST /progress/ on a video, bounded by the server clock', () => {
  it('refuses a whole 900 s video claimed a second after opening: not validated, a French reason, the excess recorded as ignored', async () => {
    const { save, record, events, chapterId, course, student } = await world(uploaded(900));
    await save();
    seconds(1);
    const forged = await save({ played: [[0, 900]] });
    expect(forged).toMatchObject({ validated: false, rule: null, reason: expect.stringMatching(TOO_FAST) });
    expect(await record()).toMatchObject({ validated: false, duration: 12 });
    expect(await events('ChapterValidated')).toEqual([]);
    expect(await events('PlaybackExcessIgnored')).toEqual([
      {
        studentId: student.studentId, courseId: course.courseId, kind: 'chapter', stepId: chapterId,
        claimedSeconds: 900, creditedSeconds: 12, ignoredSeconds: 888, uniqueSeconds: 12, elapsedSeconds: 1, maxRate: 2, allowanceSeconds: 12,
      },
    ]);
    // The finish button with the same forged claim: the 120 s rule counts only the credited seconds.
    expect(await save({ played: [[0, 900]], validated: true })).toMatchObject({ validated: false, reason: expect.stringMatching(TOO_FAST) });
    expect(await events('ChapterValidated')).toEqual([]);
  });

  it('credits a replayed old range once: saved again, even much later, it adds nothing', async () => {
    const { save, record, events } = await world(uploaded(900));
    await save();
    seconds(100);
    expect(await save({ played: [[0, 200]] })).toMatchObject({ validated: false, reason: 'La vidéo n’a pas encore été assez regardée.' });
    seconds(1);
    await save({ played: [[0, 200], [50, 150]] });
    seconds(3600);
    expect(await save({ played: [[0, 200]] })).toMatchObject({ validated: false });
    expect(await record()).toMatchObject({ validated: false, duration: 200 });
    expect(await events('PlaybackExcessIgnored')).toEqual([]);
  });

  it('shares the bound between two tabs: overlapping ranges count once, and together they get no more than real time allows', async () => {
    const { save, record, events } = await world(uploaded(900));
    const [tabA, tabB] = [randomUUID(), randomUUID()];
    await save({ session_id: tabA, beats: beats(10) });
    seconds(60);
    await save({ session_id: tabA, beats: beats(60, 2), played: [[0, 60]] });
    await save({ session_id: tabB, beats: beats(60), played: [[30, 100]] });
    expect(await record()).toMatchObject({ duration: 100 });
    expect(await events('PlaybackExcessIgnored')).toEqual([]);
    seconds(30);
    // 90 s after the opening: 190 s at most, whichever tab claims them.
    await save({ session_id: tabA, played: [[0, 150]] });
    expect(await save({ session_id: tabB, played: [[100, 250]] })).toMatchObject({ validated: false, reason: expect.stringMatching(TOO_FAST) });
    expect(await record()).toMatchObject({ duration: 190 });
    expect(await events('PlaybackExcessIgnored')).toEqual([expect.objectContaining({ claimedSeconds: 100, creditedSeconds: 40, ignoredSeconds: 60, uniqueSeconds: 190, allowanceSeconds: 190 })]);
  });

  it('validates a save queued offline and delivered later: the server time since the opening allows it', async () => {
    const { save, events } = await world(uploaded(900));
    const session = randomUUID();
    await save({ session_id: session, beats: beats(10) });
    // Offline for twenty minutes; the player's queue then delivers everything at once.
    seconds(1200);
    const delivered = await save({ session_id: session, beats: beats(900, 2), played: [[0, 900]] });
    expect(delivered).toMatchObject({ validated: true, rule: 'video-played-90-percent', reason: null });
    const [validation] = await events('ChapterValidated');
    expect(validation!.figures).toMatchObject({ unique_seconds: 900, elapsed_seconds: 1200, max_rate: 2, allowance_seconds: 2410 });
    expect(await events('PlaybackExcessIgnored')).toEqual([]);
    // Validated: never judged again, whatever comes next.
    expect(await save({ played: [[0, 900]], validated: true })).toMatchObject({ validated: true, rule: 'video-played-90-percent', reason: null });
    expect(await events('ChapterValidated')).toHaveLength(1);
  });

  it('validates a real playback at 2×, saved every 30 s, with the figures that prove the bound held', async () => {
    const { save, events, course, student, chapterId } = await world(uploaded(900));
    const session = randomUUID();
    const openedAt = t.clock.now();
    await save({ session_id: session, beats: beats(10) });
    let answer = { validated: false } as Awaited<ReturnType<typeof save>>;
    let seq = 2;
    for (let position = 60; !answer.validated && position <= 900; position += 60) {
      seconds(30);
      answer = await save({ session_id: session, beats: beats(30, seq), played: [[0, position]] });
      seq += 3;
    }
    expect(answer).toMatchObject({ validated: true, rule: 'video-played-90-percent' });
    expect(await events('PlaybackExcessIgnored')).toEqual([]);
    expect(await events('ChapterValidated')).toEqual([
      {
        studentId: student.studentId, courseId: course.courseId, kind: 'chapter', stepId: chapterId, rule: 'video-played-90-percent',
        figures: {
          unique_seconds: 840, duration: 900, share: 93.3, first_seen_at: openedAt.toISOString(), validated_at: new Date(openedAt.getTime() + 420_000).toISOString(),
          elapsed_seconds: 420, max_rate: 2, allowance_seconds: 850,
        },
      },
    ]);
  });

  it('bounds the finish button after 120 s by the server time: refused 30 s after opening, accepted 60 s after', async () => {
    const { save, events } = await world(uploaded(900));
    await save();
    seconds(30);
    expect(await save({ played: [[0, 200]], validated: true })).toMatchObject({ validated: false, reason: expect.stringMatching(TOO_FAST) });
    seconds(30);
    expect(await save({ played: [[0, 200]], validated: true })).toMatchObject({ validated: true, rule: 'video-finish-after-120s', reason: null });
    const [validation] = await events('ChapterValidated');
    expect(validation!.figures).toMatchObject({ unique_seconds: 130, elapsed_seconds: 60, allowance_seconds: 130 });
  });

  it.each([
    ['YouTube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['Vimeo', 'https://vimeo.com/76979871'],
  ])('bounds the played ranges a %s player reports the same way', async (_provider, url) => {
    const { save, record } = await world(linked(url, 300));
    await save();
    seconds(5);
    expect(await save({ played: [[0, 300]] })).toMatchObject({ validated: false, reason: expect.stringMatching(TOO_FAST) });
    expect(await record()).toMatchObject({ validated: false, duration: 20 });
    seconds(125);
    // 130 s after the opening: 270 s allowed, 90 % of 300.
    expect(await save({ played: [[0, 300]] })).toMatchObject({ validated: true, rule: 'video-played-90-percent' });
    expect(await record()).toMatchObject({ validated: true, duration: 270 });
  });
});
