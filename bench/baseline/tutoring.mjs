// Baseline of the tutoring scenarios (bench/scenarios/tutoring.mjs) in bare Fastify + pg: the
// app's statements in the app's order (tutoring-access.ts, then what MikroORM sends for
// send-message.command.ts: the conversation, the message insert, the version update) with the
// event appended through the app's own EventLog in the same transaction and the debounced NOTIFY
// after commit; and the history read (get-messages.query.ts with the app's own SQL).
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { liveClaims } from '../lib/baseline-auth.mjs';
import { projectRoot } from '../lib/deps.mjs';

const dist = (path) => import(pathToFileURL(join(projectRoot, 'backend/dist', path)).href);
const [{ EventLog }, { SystemClock }, { AppendNotifier }, { HISTORY_SQL }, { STUDENT_DASHBOARD_SQL }, { CLOSED_PROFILES_SQL }, store, { conversationWriters }] = await Promise.all([
  dist('platform/event-log/event-log.js'),
  dist('shared-kernel/clock.js'),
  dist('platform/event-log/append-notifier.js'),
  dist('contexts/tutoring/application/queries/tutoring.sql.js'),
  dist('contexts/learning-progress/application/queries/get-student-dashboard.query.js'),
  dist('contexts/identity/application/queries/get-closed-profiles.query.js'),
  dist('platform/aggregate-store/aggregate-store.js'),
  dist('contexts/tutoring/application/tutoring-access.js'),
]);
const SERIALIZE_LOCK = store.SERIALIZE_LOCK_SQL.replace('?', '$1');

const EXCHANGED_SQL = `select exists (select 1 from tutoring.tutorship where teacher_id = $1 and student_id = $2 and active)
         or exists (select 1 from tutoring.conversation where teacher_id = $1 and student_id = $2) as yes`;

/** @param {import('fastify').FastifyInstance} app */
export default async function tutoringRoutes(app, { sql, orm, config }) {
  const events = new EventLog(new SystemClock());
  const notifier = new AppendNotifier(orm, 10);

  app.post('/api/send-message/:teacher/:student', async (request, reply) => {
    const claims = await liveClaims(request, reply, { sql, config });
    if (!claims) return reply;
    const [teacherId, studentId] = [Number(request.params.teacher), Number(request.params.student)];
    const { msg_to: text, msg_from: from } = request.body ?? {};
    if (!(claims.role === 'student' && claims.pid === studentId && from === 'student')) return reply.code(403).send({ statusCode: 403 });
    if (typeof text !== 'string' || text.trim() === '' || [...text].length > 5000) return reply.code(400).send({ statusCode: 400, message: "Veuillez saisir un message avant d'envoyer." });
    const follows = (await sql.query('select 1 from tutoring.tutorship where teacher_id = $1 and student_id = $2 and active', [teacherId, studentId])).rows[0];
    if (!follows) return reply.code(403).send({ statusCode: 403 });
    // As assertPairOpen: neither account closed (ADR 0015).
    const [closedTeacher, closedStudent] = await Promise.all([
      sql.query(CLOSED_PROFILES_SQL.teacher, [[teacherId]]),
      sql.query(CLOSED_PROFILES_SQL.student, [[studentId]]),
    ]);
    if (closedTeacher.rows.length > 0 || closedStudent.rows.length > 0) return reply.code(409).send({ statusCode: 409 });
    const client = await orm.connect();
    try {
      await client.query('begin');
      // As the conversation's writers (docs/adr/0022): they queue on the pair.
      for (const key of conversationWriters(teacherId, [studentId]).serialize) await client.query(SERIALIZE_LOCK, [store.serializeLockKey(key)]);
      const conversation = (
        await client.query('select c0.* from tutoring.conversation as c0 where c0.teacher_id = $1 and c0.student_id = $2 limit 1', [teacherId, studentId])
      ).rows[0];
      const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
      const message = (
        await client.query('insert into tutoring.message (conversation_id, sender, body, sha256, group_id, sent_at) values ($1, $2, $3, $4, $5, $6) returning id', [
          conversation.id, 'student', text, sha256, null, new Date(),
        ])
      ).rows[0];
      await client.query('update tutoring.conversation set version = $1 where id = $2', [conversation.version + 1, conversation.id]);
      await events.append(client, {
        streamType: 'tutoring.conversation',
        streamId: conversation.id,
        expectedVersion: conversation.version,
        events: [
          {
            type: 'MessageSent',
            payload: { conversationId: conversation.id, messageId: Number(message.id), teacherId, studentId, from: 'student', sha256, length: [...text].length, groupId: null },
          },
        ],
        metadata: { actor: { accountId: Number(claims.sub), role: 'student' }, correlationId: randomUUID() },
      });
      await client.query('commit');
      notifier.notify();
      return reply.code(201).send({ bool: true, msg: 'Message envoyé.', id: Number(message.id) });
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });

  app.get('/api/get-message/:teacher/:student', async (request, reply) => {
    const claims = await liveClaims(request, reply, { sql, config });
    if (!claims) return reply;
    const [teacherId, studentId] = [Number(request.params.teacher), Number(request.params.student)];
    if (!((claims.role === 'student' && claims.pid === studentId) || (claims.role === 'teacher' && claims.pid === teacherId))) return reply.code(403).send({ statusCode: 403 });
    if (!(await sql.query(EXCHANGED_SQL, [teacherId, studentId])).rows[0]?.yes) return reply.code(403).send({ statusCode: 403 });
    return (await sql.query(HISTORY_SQL, [teacherId, studentId])).rows;
  });

  // The student dashboard's counters: one SELECT of the student-dashboard projection.
  app.get('/api/student/dashboard/:id', async (request, reply) => {
    const claims = await liveClaims(request, reply, { sql, config });
    if (!claims) return reply;
    const studentId = Number(request.params.id);
    if (!(claims.role === 'admin' || (claims.role === 'student' && claims.pid === studentId))) return reply.code(403).send({ statusCode: 403 });
    return (await sql.query(STUDENT_DASHBOARD_SQL, [studentId])).rows[0];
  });
}
