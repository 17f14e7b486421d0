// The xAPI trace of SCORM (issue 23, item 7; ADR 0027): a SCORM commit becomes a statement only
// when the SCO's standing changed from the one the server had stored, with the score in its four
// figures (a 2004 score of 100 % is raw 100, scaled 1), SCORM 1.2's lesson_status mapped to
// passed/failed, a duplicate or a commit that changes nothing saying nothing; and the statements
// mapping 1 stored are voided and reissued by `xapi:remap-scorm`, once, `xapi:verify` passing after.
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { CommandBus } from '@nestjs/cqrs';
import { buildScormPackage } from '../../../demo/scorm/build-package.js';
import { output } from '../../../cli/testing/event-log-workload.js';
import { xapiRemapScormCommand } from '../../../cli/xapi-remap-scorm.js';
import { xapiVerifyCommand } from '../../../cli/xapi-verify.js';
import { Database } from '../../../platform/database/database.js';
import { EventLog, eventIdFor } from '../../../platform/event-log/index.js';
import { toRecordedEvent, type EventRow } from '../../../platform/event-log/recorded-event.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenStudent, scormForm } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { StoreStatements } from '../application/commands/store-statements.command.js';
import { PlayerStatementsPolicy } from '../application/policies/player-statements.policy.js';

type Obj = Record<string, unknown>;
const ADL = 'http://adlnet.gov/expapi/verbs';
const MAPPING = 'https://lms-formation.fr/xapi/extensions/scorm-mapping';

let t: TestApp;
let db: Database;
let home: string;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  home = t.config.xapiHomePage;
});

afterAll(async () => {
  await t?.close();
});

/** A course whose one chapter is the project's own SCORM package of that version; a student enrolled. */
async function world(kind: 'scorm2004' | 'scorm12') {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, scormForm({ title: 'Module', content_type: 'scorm', duration: 600 }, await buildScormPackage(kind)));
  expect(added.statusCode).toBe(201);
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  const chapter = added.json().id as number;
  const session = randomUUID();
  const commit = async (seq: number, cmi: Obj) => {
    const response = await call(t, 'POST', '/api/scorm-progress/', student.token, { student: student.studentId, course: course.courseId, chapter, session_id: session, seq, cmi_data: cmi });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  return { course, student, chapter, commit };
}

/** The SCORM statements about a student (passed, failed, completed on a SCO or, for mapping 1, the chapter), in stored order. */
async function scormStatements(student: GivenStudent, options: { voided?: boolean } = {}): Promise<Obj[]> {
  const rows = await db.query<{ statement: Obj }>(
    `select statement from xapi.statement
      where statement->'actor'->'account'->>'name' = $1 and verb_id = any($2) and ($3::boolean or not voided) order by seq`,
    [String(student.studentId), [`${ADL}/passed`, `${ADL}/failed`, `${ADL}/completed`], options.voided ?? false],
  );
  return rows.map((r) => r.statement).filter((s) => String((s.object as Obj).id).includes('/sco/') || (s.verb as Obj).id !== `${ADL}/completed`);
}

const verbOf = (s: Obj) => String((s.verb as Obj).id).replace(`${ADL}/`, '');

async function verified(): Promise<void> {
  const report = output();
  expect(await xapiVerifyCommand([], { DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir }, report.out)).toBe(0);
  expect(report.lines.error).toEqual([]);
}

describe('the xAPI trace of a SCORM package', () => {
  it('says a 2004 score of 100 % as raw 100, min 0, max 100, scaled 1, once per change of status: no statement for a commit that changes nothing or a duplicate', async () => {
    const { course, student, chapter, commit } = await world('scorm2004');
    const full = { completion_status: 'completed', success_status: 'passed', score_raw: 100, score_min: 0, score_max: 100, score_scaled: 1, session_time: 'PT1M' };
    expect(await commit(1, { completion_status: 'incomplete', success_status: 'unknown', score_raw: 40, score_min: 0, score_max: 100, score_scaled: 0.4 })).toMatchObject({ outcome: 'applied' });
    expect(await commit(2, full)).toMatchObject({ outcome: 'applied', validated: true });
    expect(await commit(3, { ...full, location: 'fin' })).toMatchObject({ outcome: 'applied' });
    expect(await commit(3, { ...full, location: 'fin' })).toMatchObject({ outcome: 'duplicate' });
    // A new attempt that fails: the success status changed, one more statement.
    expect(await commit(4, { ...full, success_status: 'failed', score_raw: 30, score_scaled: 0.3 })).toMatchObject({ outcome: 'applied' });

    const statements = await eventually(async () => {
      const found = await scormStatements(student);
      expect(found.map(verbOf)).toContain('failed');
      return found;
    }, 60_000);
    expect(statements.map(verbOf)).toEqual(['passed', 'failed']);
    const [passed, failed] = statements as [Obj, Obj];
    const chapterIri = `${home}/xapi/activities/course/${course.courseId}/chapter/${chapter}`;
    expect(passed).toMatchObject({
      actor: { objectType: 'Agent', account: { homePage: home, name: String(student.studentId) } },
      object: { objectType: 'Activity', id: expect.stringMatching(new RegExp(`^${chapterIri.replace(/[.]/g, '\\.')}/sco/.+`)), definition: { type: 'http://adlnet.gov/expapi/activities/lesson' } },
      result: { success: true, completion: true, score: { raw: 100, min: 0, max: 100, scaled: 1 } },
      context: {
        contextActivities: { parent: [{ id: chapterIri }], grouping: [{ id: `${home}/xapi/activities/course/${course.courseId}` }] },
        extensions: { [MAPPING]: 2 },
      },
    });
    expect(failed.result).toEqual({ success: false, completion: true, score: { raw: 30, min: 0, max: 100, scaled: 0.3 } });

    // The policy run again over the same events (a re-delivery, a subscription re-run) stores nothing more.
    const events = await db.query<EventRow>(`select * from eventlog.event where event_type = 'ScormCommitted' and (payload->>'studentId')::int = $1 order by position`, [student.studentId]);
    expect(events).toHaveLength(4);
    const policy = t.app.get(PlayerStatementsPolicy, { strict: false });
    for (const event of events) await policy.handle(toRecordedEvent(event) as never);
    expect((await scormStatements(student)).map((s) => s.id)).toEqual(statements.map((s) => s.id));
    await verified();
  });

  it('says a SCORM 1.2 lesson_status passed as passed (success and completion), the raw score alone, and its later failed', async () => {
    const { student, commit } = await world('scorm12');
    expect(await commit(1, { lesson_status: 'incomplete', score_raw: null })).toMatchObject({ outcome: 'applied' });
    expect(await commit(2, { lesson_status: 'passed', score_raw: 85, score_min: null, score_max: null })).toMatchObject({ outcome: 'applied', validated: true });
    expect(await commit(3, { lesson_status: 'passed', score_raw: 85, score_min: null, score_max: null })).toMatchObject({ outcome: 'applied' });
    // The spec's client sends one `score`: the raw score.
    expect(await commit(4, { lesson_status: 'failed', score: 20 })).toMatchObject({ outcome: 'applied' });
    const statements = await eventually(async () => {
      const found = await scormStatements(student);
      expect(found.map(verbOf)).toContain('failed');
      return found;
    }, 60_000);
    expect(statements.map(verbOf)).toEqual(['passed', 'failed']);
    expect(statements.map((s) => s.result)).toEqual([
      { success: true, completion: true, score: { raw: 85 } },
      { success: false, completion: true, score: { raw: 20 } },
    ]);
  });

  it('refuses a score that breaks a rule, its fields alone, in French: the rest of the commit kept, the stored score unchanged', async () => {
    const { student, chapter, commit } = await world('scorm2004');
    expect(await commit(1, { completion_status: 'incomplete', score_raw: 50, score_min: 0, score_max: 100, location: 'p1' })).toMatchObject({ outcome: 'applied' });
    const outOfBounds = await commit(2, { completion_status: 'incomplete', score_raw: 120, score_min: 0, score_max: 100, location: 'p2' });
    const message = 'Le score brut (120) doit être entre 0 et 100, les bornes que le module a données.';
    expect(outOfBounds).toEqual({ bool: true, outcome: 'applied', validated: false, refused: { score_raw: message, score_min: message, score_max: message } });
    const state = (await call(t, 'GET', `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter}`, student.token)).json();
    expect(state.scos[0].cmi).toMatchObject({ location: 'p2', score_raw: 50, score_min: 0, score_max: 100 });
    expect((await commit(3, { completion_status: 'incomplete', score_scaled: 2, location: 'p3' })).refused).toEqual({ score_scaled: 'score_scaled doit être compris entre -1 et 1 (2 reçu).' });
    expect((await commit(4, { completion_status: 'incomplete', score_raw: 'beaucoup', location: 'p4' })).refused).toEqual({ score_raw: 'score_raw doit être un nombre.' });
    expect((await commit(5, { completion_status: 'incomplete', score_min: 10, score_max: 5 })).refused).toEqual({ score_min: 'score_min (10) ne doit pas dépasser score_max (5).', score_max: 'score_min (10) ne doit pas dépasser score_max (5).' });
  });
});

describe('xapi:remap-scorm: the statements of mapping 1', () => {
  it('voids each, reissues by mapping 2 from the commits kept (2004 raw 100 scaled 1; 1.2 passed), stores nothing on a second run, and xapi:verify passes', async () => {
    const { course, student, chapter } = await world('scorm2004');
    const em = t.app.get(MikroORM).em;
    const log = t.app.get(EventLog);
    const session = randomUUID();
    // The history mapping 1 left: the commits in the trace and the SCOs' states as the player of
    // issue 11 sent them (2004: `score` its scaled figure), ScormCommitted of version 1, and the
    // statements mapping 1 stored for them (a passed per commit, 100 % as raw 1, scaled 0.01).
    const old2004 = { completion_status: 'completed', success_status: 'passed', score: 1, score_raw: '100', score_min: '0', score_max: '100', score_scaled: '1', location: '', suspend_data: '' };
    const old12 = { lesson_status: 'passed', score: 85, score_raw: '85', score_min: '', score_max: '', location: '', suspend_data: '' };
    const commits = [
      { sco: 'sco-2004', seq: 1, cmi: old2004, completionStatus: 'completed', successStatus: 'passed', score: 1 },
      { sco: 'sco-2004', seq: 2, cmi: old2004, completionStatus: 'completed', successStatus: 'passed', score: 1 },
      { sco: 'sco-12', seq: 1, cmi: old12, completionStatus: 'passed', successStatus: null, score: 85 },
    ];
    const eventIds: string[] = [];
    for (const c of commits) {
      await db.query(
        `insert into progress.scorm_commit (student_id, course_id, chapter_id, sco, session_id, seq, outcome, cmi, session_seconds, received_at) values ($1, $2, $3, $4, $5, $6, 'applied', $7, null, now())`,
        [student.studentId, course.courseId, chapter, c.sco, session, c.seq, JSON.stringify(c.cmi)],
      );
      const eventId = randomUUID();
      eventIds.push(eventId);
      await em.fork().transactional((tx) =>
        log.append(tx, {
          streamType: 'learning-progress.course-progress',
          streamId: `remap-${student.studentId}`,
          expectedVersion: 'any',
          events: [{
            type: 'ScormCommitted', eventId,
            payload: { studentId: student.studentId, courseId: course.courseId, chapterId: chapter, sco: c.sco, sessionId: session, seq: c.seq, completionStatus: c.completionStatus, successStatus: c.successStatus, score: c.score, sessionSeconds: null },
          }],
        }),
      );
    }
    for (const [sco, version, cmi] of [['sco-2004', '2004', old2004], ['sco-12', '1.2', old12]] as const) {
      await db.query(`insert into progress.scorm_state (student_id, course_id, chapter_id, sco, version, cmi, total_seconds, updated_at) values ($1, $2, $3, $4, $5, $6, 0, now())`, [
        student.studentId, course.courseId, chapter, sco, version, JSON.stringify(cmi),
      ]);
    }
    const chapterIri = `${home}/xapi/activities/course/${course.courseId}/chapter/${chapter}`;
    const v1 = eventIds.slice(0, 2).map((eventId) => ({
      id: eventIdFor(eventId, 'xapi-statement'),
      timestamp: new Date().toISOString(),
      actor: { objectType: 'Agent', account: { homePage: home, name: String(student.studentId) } },
      verb: { id: `${ADL}/passed`, display: { 'fr-FR': 'passed', 'en-US': 'passed' } },
      object: { objectType: 'Activity', id: chapterIri, definition: { type: 'http://adlnet.gov/expapi/activities/module' } },
      result: { success: true, score: { raw: 1, min: 0, max: 100, scaled: 0.01 } },
      context: { contextActivities: { parent: [{ objectType: 'Activity', id: `${home}/xapi/activities/course/${course.courseId}` }] } },
    }));
    await t.app.get(CommandBus).execute(new StoreStatements({ kind: 'platform' }, v1));
    await verified();

    const env = { DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir };
    const first = output();
    expect(await xapiRemapScormCommand(['--json'], env, first.out)).toBe(0);
    expect(JSON.parse(first.lines.log.join(''))).toEqual({ commits: 3, voided: 2, issued: 2 });
    const again = output();
    expect(await xapiRemapScormCommand([], env, again.out)).toBe(0);
    expect(again.lines.log.at(-1)).toBe('3 envoi(s) SCORM enregistré(s) avant la correspondance v2 : 0 déclaration(s) v1 annulée(s), 0 déclaration(s) v2 émise(s).');

    const voided = await db.query<{ id: string; voided: boolean }>('select id, voided from xapi.statement where id = any($1::uuid[]) order by id', [v1.map((s) => s.id)]);
    expect(voided.map((s) => s.voided)).toEqual([true, true]);
    const reissued = await scormStatements(student);
    expect(reissued.map((s) => [(s.object as Obj).id, verbOf(s), s.result, s.timestamp])).toEqual([
      [`${chapterIri}/sco/sco-2004`, 'passed', { success: true, completion: true, score: { raw: 100, min: 0, max: 100, scaled: 1 } }, expect.any(String)],
      [`${chapterIri}/sco/sco-12`, 'passed', { success: true, completion: true, score: { raw: 85 } }, expect.any(String)],
    ]);
    expect(reissued.map((s) => s.id)).toEqual([eventIdFor(eventIds[0]!, 'xapi-statement-v2'), eventIdFor(eventIds[2]!, 'xapi-statement-v2')]);
    // Each voiding statement names the statement that replaces it, when there is one.
    const voiding = await db.query<{ statement: Obj }>(`select statement from xapi.statement where verb_id = 'http://adlnet.gov/expapi/verbs/voided' and statement->'object'->>'id' = any($1) order by statement->'object'->>'id'`, [v1.map((s) => s.id)]);
    expect(voiding).toHaveLength(2);
    const replacedBy = Object.fromEntries(voiding.map(({ statement }) => [(statement.object as Obj).id, (statement.context as Obj | undefined)?.statement ?? null]));
    expect(replacedBy[v1[0]!.id]).toEqual({ objectType: 'StatementRef', id: eventIdFor(eventIds[0]!, 'xapi-statement-v2') });
    expect(replacedBy[v1[1]!.id]).toBeNull();
    await verified();
  });
});
