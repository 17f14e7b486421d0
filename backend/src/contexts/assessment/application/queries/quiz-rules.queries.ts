import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { Clock, ConflictError, ForbiddenError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { GetStudentSummaries } from '../../../identity/contracts/identity.queries.js';
import { QuizNotFoundError } from '../../domain/assessment.errors.js';
import type { AttemptState, QuizAlert, QuizReview, QuizStatusView, ReviewQuestion } from './quiz-rules.views.js';

const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The quiz (archived ones too: results stay readable) if the reader is the student themself, its trainer or an admin. */
async function readableQuiz(db: Database, actor: Actor, quizId: number, studentId: number) {
  const quiz = await db.one<{ title: string; teacher_id: number | null; pass_mark: number | null; max_attempts: number | null; time_limit_minutes: number | null }>(
    'select title, teacher_id, pass_mark, max_attempts, time_limit_minutes from assessment.quiz where id = $1',
    [quizId],
  );
  if (!quiz) throw new QuizNotFoundError();
  const self = actor.role === 'student' && actor.profileId === studentId;
  const author = actor.role === 'admin' || (actor.role === 'teacher' && quiz.teacher_id === actor.profileId);
  if (!self && !author) throw new ForbiddenError("Ce résultat n'est pas le vôtre.");
  return quiz;
}

interface StateRow {
  attempt: number;
  extra_attempts: number;
  exhausted: boolean;
  validated: boolean;
  started_at: string | null;
  deadline: string | null;
  remaining_seconds: number | null;
  completed_at: string | null;
  expired: boolean;
  score: number | null;
  total: number | null;
  passed: boolean | null;
  closed_by: 'answers' | 'time-limit' | null;
  last_passed: boolean | null;
}

/** A learner's state in a quiz under its rules (GET /quiz-status/): the quiz screen's counters and what happens next. */
export class GetQuizStatus extends Query<QuizStatusView> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(GetQuizStatus)
export class GetQuizStatusHandler implements IQueryHandler<GetQuizStatus> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, quizId, studentId }: GetQuizStatus): Promise<QuizStatusView> {
    const quiz = await readableQuiz(this.db, actor, quizId, studentId);
    const now = this.clock.now();
    const row = await this.db.one<StateRow>(
      `select s.attempt, s.extra_attempts, s.exhausted_at is not null as exhausted, s.validated_at is not null as validated,
              ${ISO('a.started_at')} as started_at, ${ISO('a.deadline')} as deadline,
              case when a.deadline is null then null else greatest(0, ceil(extract(epoch from a.deadline - $3::timestamptz)))::int end as remaining_seconds,
              ${ISO('a.completed_at')} as completed_at, (a.completed_at is null and a.deadline < $3::timestamptz) as expired,
              a.score, a.total, a.passed, a.closed_by,
              (select p.passed from assessment.quiz_attempt p where p.student_quiz_id = s.id and p.completed_at is not null order by p.attempt desc limit 1) as last_passed
         from assessment.student_quiz s
         left join assessment.quiz_attempt a on a.student_quiz_id = s.id and a.attempt = s.attempt
        where s.quiz_id = $1 and s.student_id = $2`,
      [quizId, studentId, now],
    );
    const allowed = quiz.max_attempts === null ? null : quiz.max_attempts + (row?.extra_attempts ?? 0);
    const started = row?.started_at ? row.attempt : (row?.attempt ?? 1) - 1;
    const current: AttemptState | null = row?.started_at
      ? {
          attempt: row.attempt, started_at: row.started_at, deadline: row.deadline, remaining_seconds: row.completed_at ? null : row.remaining_seconds,
          completed_at: row.completed_at, score: row.score, total: row.total, passed: row.passed, closed_by: row.expired ? 'time-limit' : row.closed_by,
        }
      : null;
    const closed = current !== null && (current.completed_at !== null || row!.expired);
    const outOfAttempts = row?.exhausted ?? false;
    const validated = row?.validated ?? false;
    const canRestart = current !== null && (allowed === null || row!.attempt < allowed);
    const passed = row?.last_passed ?? false;
    return {
      pass_mark: quiz.pass_mark, attempts_allowed: allowed, time_limit: quiz.time_limit_minutes, attempts_used: started, current,
      out_of_attempts: outOfAttempts, validated_by_trainer: validated, can_restart: canRestart, passed,
      message: nextStep({ allowed, outOfAttempts, validated, closed, canRestart, passed, expired: row?.expired ?? false, passMark: quiz.pass_mark }),
    };
  }
}

/** What the learner is told happens next, in French. */
function nextStep(s: { allowed: number | null; outOfAttempts: boolean; validated: boolean; closed: boolean; canRestart: boolean; passed: boolean; expired: boolean; passMark: number | null }): string | null {
  const used = s.allowed === 1 ? 'votre tentative' : `vos ${s.allowed} tentatives`;
  if (s.validated) return 'Votre formateur a validé ce quiz.';
  if (s.outOfAttempts) {
    return `Vous avez utilisé ${used} sans atteindre le seuil de réussite (${s.passMark} %). Votre formateur en est informé : il peut vous accorder une nouvelle tentative ou valider cette étape.`;
  }
  if (s.expired) return 'Le temps imparti est écoulé : la tentative est close avec les réponses déjà données.';
  if (!s.closed) return null;
  if (s.passMark !== null && !s.passed && s.canRestart) return `Seuil de réussite non atteint (${s.passMark} %) : vous pouvez recommencer le quiz.`;
  if (!s.canRestart && s.allowed !== null) return `Vous avez utilisé ${used}.`;
  return null;
}

/**
 * A closed attempt corrected (GET /quiz-review/): the questions it was answered against, the
 * learner's answer, the right one and the explanation. Refused while the attempt is under way: the
 * right answers never reach a learner who can still answer.
 */
export class GetQuizReview extends Query<QuizReview> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly studentId: number,
    readonly attempt: number | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetQuizReview)
export class GetQuizReviewHandler implements IQueryHandler<GetQuizReview> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, quizId, studentId, attempt }: GetQuizReview): Promise<QuizReview> {
    const quiz = await readableQuiz(this.db, actor, quizId, studentId);
    const row = await this.db.one<{ id: number; attempt_id: number; attempt: number; closed: boolean; score: number | null; total: number | null; passed: boolean | null; started_at: Date }>(
      `select s.id, a.id as attempt_id, a.attempt, (a.completed_at is not null or a.deadline < $4::timestamptz) as closed, a.score, a.total, a.passed, a.started_at
         from assessment.student_quiz s join assessment.quiz_attempt a on a.student_quiz_id = s.id
        where s.quiz_id = $1 and s.student_id = $2 and a.attempt = coalesce($3::int, s.attempt)`,
      [quizId, studentId, attempt ?? null, this.clock.now()],
    );
    if (!row) throw new NotFoundError('Aucune tentative à corriger pour ce quiz.', 'attempt');
    if (!row.closed) throw new ConflictError('La correction sera disponible une fois la tentative terminée.');
    // A shuffled or drawn attempt is corrected against its paper, as served (ADR 0045).
    const paper = await this.db.query<ReviewSource>(
      `select aq.question_id as id, aq.position as number, aq.kind, aq.questions, aq.options, aq.right_answers, aq.explanation,
              a.chosen, a.choices, coalesce(a.correct, false) as correct
         from assessment.attempt_question aq
         left join assessment.quiz_answer a on a.question_id = aq.question_id and a.student_quiz_id = $2 and a.attempt = $3
        where aq.attempt_id = $1
        order by aq.position`,
      [row.attempt_id, row.id, row.attempt],
    );
    // Otherwise the questions live when the attempt ran (archived since included when answered), in their order.
    const sources =
      paper.length > 0
        ? paper
        : await this.db.query<ReviewSource>(
            `select q.id, row_number() over (order by q.position, q.id)::int as number, q.kind, q.questions,
                    (select coalesce(jsonb_agg(jsonb_build_object('id', o.n, 'text', o.t) order by o.n), '[]') from unnest(array[q.ans1, q.ans2, q.ans3, q.ans4]) with ordinality as o(t, n) where o.t <> '') as options,
                    coalesce(q.right_answers, jsonb_build_array(array_position(array[q.ans1, q.ans2, q.ans3, q.ans4], q.right_ans))) as right_answers,
                    q.explanation, a.chosen, a.choices, coalesce(a.correct, false) as correct
               from assessment.question q
               left join assessment.quiz_answer a on a.question_id = q.id and a.student_quiz_id = $2 and a.attempt = $3
              where q.quiz_id = $1 and (a.id is not null or q.archived_at is null or q.archived_at > $4::timestamptz)
              order by q.position, q.id`,
            [quizId, row.id, row.attempt, row.started_at],
          );
    const questions = sources.map(reviewQuestion);
    const score = row.score ?? questions.filter((q) => q.correct).length;
    return {
      quiz: quizId, title: quiz.title, attempt: row.attempt, score, total: row.total ?? questions.length, passed: row.passed, pass_mark: quiz.pass_mark, questions,
    };
  }
}

interface ReviewSource {
  id: number;
  number: number;
  kind: string;
  questions: string;
  options: { id: number; text: string }[];
  right_answers: number[];
  explanation: string;
  chosen: number | null;
  choices: number[] | null;
  correct: boolean;
}

/** Texts of several options, as the review and the transcript show them. */
export const joinOptions = (texts: string[]): string => texts.join(' ; ');

/** A question corrected: the options as shown, those chosen and the right ones (by number and as text). */
function reviewQuestion(q: ReviewSource): ReviewQuestion {
  const text = (n: number) => q.options.find((o) => o.id === n)?.text ?? '';
  const chosenOptions = q.choices ?? (q.chosen === null ? [] : [q.chosen]);
  const [ans1 = '', ans2 = '', ans3 = '', ans4 = ''] = q.options.map((o) => o.text);
  return {
    id: q.id, number: q.number, kind: q.kind, questions: q.questions, ans1, ans2, ans3, ans4, options: q.options,
    chosen: chosenOptions.length === 0 ? null : joinOptions(chosenOptions.map(text)), chosen_options: chosenOptions,
    right_ans: joinOptions(q.right_answers.map(text)), right_answers: q.right_answers, correct: q.correct, explanation: q.explanation,
  };
}

/** The learners out of attempts below the pass mark on the actor's quizzes (all quizzes for an admin), awaiting a decision. */
export class ListQuizAlerts extends Query<QuizAlert[]> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListQuizAlerts)
export class ListQuizAlertsHandler implements IQueryHandler<ListQuizAlerts> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor }: ListQuizAlerts): Promise<QuizAlert[]> {
    const rows = await this.db.query<Omit<QuizAlert, 'student_name'>>(
      `select z.id as quiz, z.title as quiz_title, s.student_id as student, s.attempt as attempts, a.score, a.total, z.pass_mark,
              ${ISO('s.exhausted_at')} as since
         from assessment.student_quiz s
         join assessment.quiz z on z.id = s.quiz_id
         left join assessment.quiz_attempt a on a.student_quiz_id = s.id and a.attempt = s.attempt
        where s.exhausted_at is not null and ($1::int is null or z.teacher_id = $1)
        order by s.exhausted_at, s.id`,
      [actor.role === 'admin' ? null : actor.profileId],
    );
    const students = await this.queries.execute(new GetStudentSummaries([...new Set(rows.map((r) => r.student))]));
    // A closed account leaves the list (ADR 0015).
    return rows.flatMap((row) => {
      const student = students.get(row.student);
      return student ? [{ ...row, student_name: student.fullname }] : [];
    });
  }
}
