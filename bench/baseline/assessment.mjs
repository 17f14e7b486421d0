// Baseline of POST /api/attempt-quiz/ (bench/scenarios/assessment.mjs) in bare Fastify + pg: the
// app's statements in the app's order (quiz-access.ts, get-quiz-step-courses.query.ts,
// is-following-course.query.ts, the live questions, then what MikroORM sends for
// answer-question.command.ts: the lock on the student's quiz, the student's quiz with its attempts
// (whether each has a paper) and the attempt in progress's answers in one statement, the inserts and updates; the access
// check and the questions at once) and the event append through the app's own EventLog (its hash chain and stream_head call) in the
// same transaction, then the debounced NOTIFY after commit, as the app does.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { liveClaims, signAccess } from '../lib/baseline-auth.mjs';
import { projectRoot } from '../lib/deps.mjs';

const dist = (path) => import(pathToFileURL(join(projectRoot, 'backend/dist', path)).href);
const [{ EventLog }, { SystemClock }, { AppendNotifier }, { LIVE_QUESTIONS_SQL }, { SERIALIZE_LOCK_SQL, serializeLockKey }, { studentQuizKey }, { GIVEN_ANSWERS_SQL, ON_PAPER_SQL }] = await Promise.all([
  dist('platform/event-log/event-log.js'),
  dist('shared-kernel/clock.js'),
  dist('platform/event-log/append-notifier.js'),
  dist('contexts/assessment/application/quiz-access.js'),
  dist('platform/aggregate-store/aggregate-store.js'),
  dist('contexts/assessment/application/commands/answer-question.command.js'),
  dist('contexts/assessment/domain/student-quiz.aggregate.js'),
]);

const STEP_COURSES_SQL = `select ch.course_id from catalogue.chapter ch where ch.quiz_id = $1 and ch.archived_at is null
       union
       select ch.course_id from catalogue.subchapter sc join catalogue.chapter ch on ch.id = sc.chapter_id
        where sc.quiz_id = $1 and sc.archived_at is null and ch.archived_at is null`;

class Refusal extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

const isId = (value) => Number.isInteger(value) && value > 0 && value <= 2_147_483_647;

/** @param {import('fastify').FastifyInstance} app */
export default async function assessmentRoutes(app, { sql, orm, config }) {
  const events = new EventLog(new SystemClock());
  const notifier = new AppendNotifier(orm, 10);

  async function mayTake(studentId, quizId) {
    const [assigned, steps] = await Promise.all([
      sql.query('select course_id from assessment.quiz_course where quiz_id = $1', [quizId]),
      sql.query(STEP_COURSES_SQL, [quizId]),
    ]);
    for (const courseId of new Set([...assigned.rows.map((r) => r.course_id), ...steps.rows.map((r) => r.course_id)])) {
      const { rows } = await sql.query('select enrolled_at is not null as yes from enrolment.student_course where student_id = $1 and course_id = $2', [studentId, courseId]);
      if (rows[0]?.yes) return true;
    }
    return false;
  }

  async function answer(client, claims, { student, quiz: quizId, question: questionId, right_ans: chosenText }, questions, question) {
    const now = new Date();
    // The app's writers on one student's quiz queue on one key (ADR 0043), then read it in one joined
    // statement: its attempts, each saying whether it was served on a paper (the app's `onPaper`
    // formula: ADR 0043 item 11), the attempt in progress's answers as one JSON value (the app's
    // `givenAnswers` formula: ADR 0043 item 10), the same text from the build. The bench's quizzes
    // are neither shuffled nor drawn: no paper to read after it, on either side.
    await client.query(SERIALIZE_LOCK_SQL.replace('?', '$1'), [serializeLockKey(studentQuizKey(student, quizId))]);
    const joined = (
      await client.query(
        `select s0.*, ${GIVEN_ANSWERS_SQL('s0.id', 's0.attempt')} as given_answers,
                a1.id as a_id, a1.attempt as a_attempt, a1.completed_at as a_completed_at, ${ON_PAPER_SQL('a1.id')} as a_on_paper
           from assessment.student_quiz as s0
           left join assessment.quiz_attempt as a1 on s0.id = a1.student_quiz_id
          where s0.student_id = $1 and s0.quiz_id = $2`,
        [student, quizId],
      )
    ).rows;
    let taken = joined[0];
    const attempts = [...new Map(joined.filter((r) => r.a_id !== null).map((r) => [r.a_id, { id: r.a_id, attempt: r.a_attempt, completed_at: r.a_completed_at }])).values()];
    const attemptNo = taken?.attempt ?? 1;
    const current = attempts.find((a) => a.attempt === attemptNo);
    if (joined.some((r) => r.a_id === current?.id && r.a_on_paper)) throw new Error('Le banc ne sert pas de quiz sur copie (ADR 0045).');
    if (current?.completed_at) throw new Refusal(409, 'Vous avez terminé ce quiz : recommencez-le pour répondre à nouveau.');
    const mine = (taken?.given_answers ?? []).filter((a) => a.attempt === attemptNo);
    if (mine.some((a) => a.questionId === questionId)) throw new Refusal(409, 'Vous avez déjà répondu à cette question.');
    const options = [question.ans1, question.ans2, question.ans3, question.ans4];
    const chosen = options.indexOf(chosenText.trim()) + 1;
    if (chosen < 1) throw new Refusal(400, 'Cette réponse ne fait pas partie des réponses proposées.');
    const correct = chosen === options.indexOf(question.right_ans) + 1;
    const answered = mine.length + 1;
    const completed = answered >= questions.length;
    const score = mine.filter((a) => a.correct).length + (correct ? 1 : 0);
    const who = { studentId: student, quizId, attempt: attemptNo };
    // The quiz's rules (ADR 0043): the pass mark decides `passed` (the bench's quizzes have none: every completion passes).
    const passMark = questions[0]?.pass_mark ?? null;
    const passed = passMark === null || score * 100 >= passMark * questions.length;
    const recorded = [
      ...(current ? [] : [{ type: 'QuizAttemptStarted', payload: { ...who, deadline: null } }]),
      { type: 'QuestionAnswered', payload: { ...who, questionId, chosen, correct } },
      ...(completed
        ? [{ type: 'QuizCompleted', payload: { ...who, score, total: questions.length, courseId: null, chapterId: null, subchapterId: null, passed, passMark, closedBy: 'answers' } }]
        : []),
    ];
    const expectedVersion = taken?.version ?? 0;
    const version = expectedVersion + recorded.length;
    if (!taken) {
      const { rows } = await client.query('insert into assessment.student_quiz (student_id, quiz_id, attempt, version) values ($1, $2, $3, $4) returning id', [
        student, quizId, attemptNo, version,
      ]);
      taken = { id: rows[0].id };
    }
    await client.query(
      'insert into assessment.quiz_answer (student_quiz_id, attempt, question_id, chosen, correct, answered_at) values ($1, $2, $3, $4, $5, $6) returning id',
      [taken.id, attemptNo, questionId, chosen, correct, now],
    );
    if (expectedVersion > 0) await client.query('update assessment.student_quiz set version = $1 where id = $2', [version, taken.id]);
    if (!current) {
      await client.query(
        `insert into assessment.quiz_attempt (student_quiz_id, attempt, started_at, completed_at, deadline, course_id, chapter_id, subchapter_id, score, total, passed, closed_by)
         values ($1, $2, $3, $4, null, null, null, null, $5, $6, $7, $8) returning id`,
        [taken.id, attemptNo, now, completed ? now : null, completed ? score : null, completed ? questions.length : null, completed ? passed : null, completed ? 'answers' : null],
      );
    } else if (completed) {
      await client.query('update assessment.quiz_attempt set completed_at = $1, score = $2, total = $3, passed = $4, closed_by = $5 where id = $6', [
        now, score, questions.length, passed, 'answers', current.id,
      ]);
    }
    await events.append(client, {
      streamType: 'assessment.student-quiz',
      streamId: taken.id,
      expectedVersion,
      events: recorded,
      metadata: { actor: { accountId: Number(claims.sub), role: 'student' }, correlationId: randomUUID() },
    });
    return { bool: true, answered, total: questions.length };
  }

  app.post('/api/attempt-quiz', async (request, reply) => {
    const claims = await liveClaims(request, reply, { sql, config });
    if (!claims) return reply;
    const body = request.body ?? {};
    if (!isId(body.student) || !isId(body.quiz) || !isId(body.question) || typeof body.right_ans !== 'string' || body.right_ans.length > 500) {
      return reply.code(400).send({ statusCode: 400, message: 'Requête invalide.' });
    }
    if (claims.role !== 'student' || claims.pid !== body.student) return reply.code(403).send({ statusCode: 403 });
    // As the app: the access check and the questions at once.
    const [may, read] = await Promise.all([mayTake(body.student, body.quiz), sql.query(LIVE_QUESTIONS_SQL, [body.quiz])]);
    if (!may) return reply.code(403).send({ statusCode: 403, message: "Ce quiz n'est proposé dans aucun cours que vous suivez." });
    const questions = read.rows;
    if (questions.length === 0) return reply.code(404).send({ statusCode: 404, message: 'Quiz introuvable.' });
    const live = questions.filter((q) => q.id !== null);
    const question = live.find((q) => q.id === body.question);
    if (!question) return reply.code(404).send({ statusCode: 404, message: 'Question introuvable.' });
    const client = await orm.connect();
    try {
      await client.query('begin');
      const result = await answer(client, claims, body, live, question);
      await client.query('commit');
      notifier.notify();
      return reply.code(201).send(result);
    } catch (error) {
      await client.query('rollback');
      if (error instanceof Refusal) return reply.code(error.status).send({ statusCode: error.status, message: error.message });
      if (error?.code === '23505') return reply.code(409).send({ statusCode: 409, message: 'Vous avez déjà répondu à cette question.' });
      throw error;
    } finally {
      client.release();
    }
  });

  // Bench setup only: a token for a student the setup registered through the app.
  app.post('/bench/student-token', async (request) => {
    const { rows } = await sql.query(
      `select a.id, a.session_epoch, a.username, s.id as student_id from identity.account a join identity.student s on s.account_id = a.id where a.email = $1`,
      [request.body.email],
    );
    return { access: signAccess(config, rows[0], 'student', rows[0].student_id) };
  });
}
