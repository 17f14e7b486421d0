// Baselines of POST /api/progress/ and POST /api/scorm-progress/ (bench/scenarios/progress.mjs) in bare Fastify + pg: the app's
// statements in the app's order, imported from its build where they are named (the course
// outline, the beats, session-time and SCORM SQL of the evidence repository), the time computed by the app's own
// method v1 (timeOnTask), the SCORM run-time rules and the chapter's judgement by the app's own domain functions
// (acceptCmi, applyRunTimeRules, readCmi, scoStanding, judgeScorm), the event (ScormCommitted of schema version 2)
// appended through the app's own EventLog in the same transaction, then the debounced NOTIFY. A heartbeat on a text step: no validation.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { liveClaims } from '../lib/baseline-auth.mjs';
import { projectRoot } from '../lib/deps.mjs';

const dist = (path) => import(pathToFileURL(join(projectRoot, 'backend/dist', path)).href);
const [{ EventLog }, { SystemClock }, { AppendNotifier }, outline, evidenceSql, { timeOnTask, TIME_METHOD, MAX_GAP_SECONDS }, { readCmi, acceptCmi, applyRunTimeRules, NO_SETTINGS }, { StreamVersionConflictError }, store, { progressWriters }, { scoStanding }, { judgeScorm }] = await Promise.all([
  dist('platform/event-log/event-log.js'),
  dist('shared-kernel/clock.js'),
  dist('platform/event-log/append-notifier.js'),
  dist('contexts/catalogue/application/queries/get-course-outline.query.js'),
  dist('contexts/learning-progress/application/evidence.repository.js'),
  dist('contexts/learning-progress/domain/time-on-task.js'),
  dist('contexts/learning-progress/domain/scorm-commits.js'),
  dist('platform/event-log/event-log.errors.js'),
  dist('platform/aggregate-store/aggregate-store.js'),
  dist('contexts/learning-progress/application/progress-access.js'),
  dist('contexts/learning-progress/domain/scorm-trace.js'),
  dist('contexts/learning-progress/domain/validation-rules.js'),
]);

/** As the app's progress writers (docs/adr/0022): they queue on the student's progress in the course. */
const progressLock = (client, studentId, courseId) =>
  client.query(numbered(store.SERIALIZE_LOCK_SQL), progressWriters(studentId, courseId).serialize.map(store.serializeLockKey));

/** As the app's commands ({ retryOnConflict: 3 }): a transaction that lost a version race is run again. */
async function retryingOnConflict(work) {
  for (let retries = 3; ; retries--) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StreamVersionConflictError) || retries === 0) throw error;
    }
  }
}

/** MikroORM's `?` placeholders as pg's `$n`. */
const numbered = (sql) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const BEAT_INSERT = numbered(evidenceSql.BEAT_INSERT_SQL);
const SESSION_BEATS = numbered(evidenceSql.SESSION_BEATS_SQL);
const SESSION_TIME = numbered(evidenceSql.SESSION_TIME_SQL);
const SESSION_TIME_UPSERT = numbered(evidenceSql.SESSION_TIME_UPSERT_SQL);
const STEP_TIME = numbered(evidenceSql.STEP_TIME_SQL);
const LAST_COMMIT_SEQ = numbered(evidenceSql.LAST_COMMIT_SEQ_SQL);
const COMMIT_INSERT = numbered(evidenceSql.COMMIT_INSERT_SQL);
const SCO_STATE_UPSERT = numbered(evidenceSql.SCO_STATE_UPSERT_SQL);
const SCO_STATE_CMI = numbered(evidenceSql.SCO_STATE_CMI_SQL);
const SCO_STATES = numbered(evidenceSql.SCO_STATES_SQL);
const SESSION_ATTEMPT = numbered(evidenceSql.SESSION_ATTEMPT_SQL);
const CURRENT_ATTEMPT = numbered(evidenceSql.CURRENT_ATTEMPT_SQL);

/** @param {import('fastify').FastifyInstance} app */
export default async function progressRoutes(app, { sql, orm, config }) {
  const events = new EventLog(new SystemClock());
  const notifier = new AppendNotifier(orm, 10);

  /** The checks both writes start with: the student themselves, enrolled, and the course's first chapter of that type. */
  async function learnerOnFirstChapter(request, reply, contentType) {
    const claims = await liveClaims(request, reply, { sql, config });
    if (!claims) return null;
    const body = request.body ?? {};
    const [studentId, courseId, chapterId] = [body.student, body.course, body.chapter];
    if (!(claims.role === 'student' && claims.pid === studentId)) return void reply.code(403).send({ statusCode: 403 });
    const enrolled = (await sql.query('select enrolled_at is not null as yes from enrolment.student_course where student_id = $1 and course_id = $2', [studentId, courseId])).rows[0];
    if (!enrolled?.yes) return void reply.code(403).send({ statusCode: 403 });
    await sql.query(outline.OUTLINE_COURSE_SQL, [courseId]);
    const steps = (await sql.query(outline.COURSE_STEPS_SQL, [courseId])).rows;
    const chapters = steps.filter((s) => s.chapter_id === null);
    const index = chapters.findIndex((c) => c.id === chapterId);
    if (index !== 0 || chapters[0].content_type !== (contentType ?? body.content_type)) return void reply.code(400).send({ statusCode: 400 });
    return { claims, body, studentId, courseId, chapterId, chapter: chapters[0] };
  }

  app.post('/api/progress', async (request, reply) => {
    const learner = await learnerOnFirstChapter(request, reply);
    if (!learner) return reply;
    const { claims, body, studentId, courseId, chapterId } = learner;
    return retryingOnConflict(async () => {
      const client = await orm.connect();
      try {
        await client.query('begin');
        await progressLock(client, studentId, courseId);
        const now = new Date();
        const progress = (await client.query('select c0.* from progress.course_progress as c0 where c0.student_id = $1 and c0.course_id = $2 limit 1', [studentId, courseId])).rows[0];
        const stepRows = (await client.query('select s0.* from progress.step_progress as s0 where s0.course_progress_id in ($1)', [progress.id])).rows;
        const step = stepRows.find((s) => s.kind === 'chapter' && s.step_id === chapterId);
        const rows = JSON.stringify(body.beats.map((b) => ({ seq: b.seq, at: new Date(b.at).toISOString(), visible: b.visible, focused: b.focused, playing: b.playing, last_input_at: new Date(b.last_input_at).toISOString() })));
        const inserted = (await client.query(BEAT_INSERT, [body.session_id, studentId, courseId, 'chapter', chapterId, now.toISOString(), rows])).rows;
        const stored = (await client.query(SESSION_BEATS, [body.session_id, studentId, courseId, 'chapter', chapterId])).rows;
        const firstReceived = Math.min(...stored.map((b) => new Date(b.received_at).getTime()));
        const bound = Math.max(0, (now.getTime() - firstReceived) / 1000) + MAX_GAP_SECONDS;
        const time = timeOnTask(stored.map((b) => ({ seq: b.seq, at: new Date(b.at).getTime(), visible: b.visible, focused: b.focused, playing: b.playing, lastInputAt: new Date(b.last_input_at).getTime() })));
        const connected = Math.round(Math.min(time.connectedSeconds, bound));
        const active = Math.round(Math.min(time.activeSeconds, bound));
        const before = (await client.query(SESSION_TIME, [body.session_id, 'chapter', chapterId])).rows[0];
        await client.query(SESSION_TIME_UPSERT, [body.session_id, 'chapter', chapterId, studentId, courseId, TIME_METHOD, new Date(firstReceived).toISOString(), connected, active]);
        const sums = (await client.query(STEP_TIME, [studentId, courseId, 'chapter', chapterId])).rows[0];
        await client.query('update progress.step_progress set connected_seconds = $1, active_seconds = $2 where id = $3', [sums.connected, sums.active, step.id]);
        await client.query('update progress.course_progress set version = $1 where id = $2', [progress.version + 1, progress.id]);
        await events.append(client, {
          streamType: 'learning-progress.course-progress',
          streamId: progress.id,
          expectedVersion: progress.version,
          events: [{
            type: 'LearningTimeRecorded',
            payload: {
              studentId, courseId, kind: 'chapter', stepId: chapterId, sessionId: body.session_id, beats: inserted.length, connectedSeconds: connected, activeSeconds: active,
              method: TIME_METHOD, addedConnectedSeconds: connected - (before?.connected_seconds ?? 0), addedActiveSeconds: active - (before?.active_seconds ?? 0),
            },
          }],
          metadata: { actor: { accountId: Number(claims.sub), role: 'student' }, correlationId: randomUUID() },
        });
        await client.query('commit');
        notifier.notify();
        return reply.code(201).send({ validated: false, chapter: chapterId, subchapter: null, rule: null, reason: 'Cliquez sur « Terminer » une fois la lecture achevée.', time_spent: sums.active, connected_time: sums.connected });
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    });
  });

  app.post('/api/scorm-progress', async (request, reply) => {
    const learner = await learnerOnFirstChapter(request, reply, 'scorm');
    if (!learner) return reply;
    const { claims, body, studentId, courseId, chapterId, chapter } = learner;
    const version = chapter.scorm_version;
    const sco = body.sco ?? chapter.scos[0];
    // As RecordScormCommit: the fields kept, the run-time rules with the manifest's values (from the outline), the report.
    const accepted = acceptCmi(version, body.cmi_data);
    const setting = chapter.sco_settings.find((s) => s.sco === sco);
    const settings = setting
      ? { masteryScore: setting.mastery_score, completionThreshold: setting.completion_threshold, scaledPassingScore: setting.scaled_passing_score }
      : NO_SETTINGS;
    const cmi = applyRunTimeRules(version, accepted.cmi, settings, body.final === true);
    const report = readCmi(version, cmi);
    const refused = Object.keys(accepted.refused);
    const answer = (outcome, validated) => (refused.length > 0 ? { bool: true, outcome, validated, refused: accepted.refused } : { bool: true, outcome, validated });
    return retryingOnConflict(async () => {
      const client = await orm.connect();
      try {
        await client.query('begin');
        await progressLock(client, studentId, courseId);
        const now = new Date();
        const progress = (await client.query('select c0.* from progress.course_progress as c0 where c0.student_id = $1 and c0.course_id = $2 limit 1', [studentId, courseId])).rows[0];
        await client.query('select s0.* from progress.step_progress as s0 where s0.course_progress_id in ($1)', [progress.id]);
        const last = (await client.query(LAST_COMMIT_SEQ, [body.session_id, sco])).rows[0];
        const outcome = last?.seq === null || last?.seq === undefined || body.seq > last.seq ? 'applied' : body.seq === last.seq ? 'duplicate' : 'stale';
        if (outcome === 'duplicate') {
          await client.query('commit');
          return reply.code(201).send(answer(outcome, false));
        }
        // As EvidenceRepository.recordCommit: the server numbers the attempt (the session's, else the one under way).
        const ofSession = (await client.query(SESSION_ATTEMPT, [body.session_id, studentId, chapterId])).rows[0];
        const current = (await client.query(CURRENT_ATTEMPT, [studentId, chapterId])).rows[0];
        const attempt = Number(ofSession?.attempt ?? current?.attempt ?? 1);
        const kept = JSON.stringify(cmi);
        await client.query(COMMIT_INSERT, [studentId, courseId, chapterId, sco, body.session_id, body.seq, outcome, kept, report.sessionSeconds, now.toISOString(), attempt]);
        let previous = null;
        if (outcome === 'applied') {
          let state = kept;
          if (refused.length > 0) {
            // A refused field keeps its stored value (EvidenceRepository.withStoredFields).
            const stored = (await client.query(SCO_STATE_CMI, [studentId, chapterId, sco, attempt])).rows[0];
            state = JSON.stringify({ ...cmi, ...Object.fromEntries(refused.filter((f) => stored?.cmi[f] !== undefined).map((f) => [f, stored.cmi[f]])) });
          }
          previous = (await client.query(SCO_STATE_UPSERT, [studentId, courseId, chapterId, sco, version, state, studentId, chapterId, sco, attempt, now.toISOString(), attempt])).rows[0]?.previous ?? null;
        }
        const states = (await client.query(SCO_STATES, [studentId, chapterId, attempt])).rows;
        // As CourseProgress.commitScorm: the chapter judged by its trainer's choice over its required SCOs.
        const reported = new Map(states.map((s) => [s.sco, readCmi(version, s.cmi)]));
        const scos = (chapter.scos.length > 0 ? chapter.scos : [sco]).map((id) => {
          const r = reported.get(id);
          return { id, version, lessonStatus: r?.completionStatus ?? null, completionStatus: r?.completionStatus ?? null, successStatus: r?.successStatus ?? null };
        });
        const validated = judgeScorm(scos, chapter.scorm_rule ?? undefined).validated;
        if (outcome === 'applied') {
          // ScormCommitted of schema version 2 (ADR 0027, docs/event-catalogue.md): the SCO's standing, the four scores, the standing stored before.
          const standing = scoStanding(version, report);
          const before = previous ? scoStanding(version, readCmi(version, previous)) : null;
          await client.query('update progress.course_progress set version = $1 where id = $2', [progress.version + 1, progress.id]);
          await events.append(client, {
            streamType: 'learning-progress.course-progress',
            streamId: progress.id,
            expectedVersion: progress.version,
            events: [{
              type: 'ScormCommitted',
              schemaVersion: 2,
              payload: {
                studentId, courseId, chapterId, sco, sessionId: body.session_id, seq: body.seq,
                completionStatus: standing.completionStatus, successStatus: standing.successStatus, score: report.scores.raw, sessionSeconds: report.sessionSeconds,
                version, lessonStatus: version === '1.2' ? report.completionStatus : null,
                scoreMin: report.scores.min, scoreMax: report.scores.max, scoreScaled: report.scores.scaled,
                previous: before && { completionStatus: before.completionStatus, successStatus: before.successStatus },
              },
            }],
            metadata: { actor: { accountId: Number(claims.sub), role: 'student' }, correlationId: randomUUID() },
          });
        }
        await client.query('commit');
        if (outcome === 'applied') notifier.notify();
        return reply.code(201).send(answer(outcome, validated));
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    });
  });
}
