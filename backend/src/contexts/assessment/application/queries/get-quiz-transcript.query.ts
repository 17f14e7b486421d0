import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { STUDENT_QUIZ_STREAM } from '../../contracts/assessment.events.js';
import { GetQuizTranscript, type TranscriptAnswer, type TranscriptQuizAttempt } from '../../contracts/assessment.transcript.js';

/** The student's attempts at the course's quizzes (assigned to it, or named by its steps), with their scores counted in SQL. */
export const TRANSCRIPT_ATTEMPTS_SQL = `with quizzes as (
    select quiz_id from assessment.quiz_course where course_id = $2 union select unnest($3::int[])
  )
  select sq.id as student_quiz_id, q.id as quiz_id, q.title as quiz_title, qa.attempt, qa.started_at, qa.completed_at,
         count(a.id)::int as answered, (count(a.id) filter (where a.correct))::int as correct,
         coalesce(r.total, coalesce(q.draw_count, (select count(*) from assessment.question x where x.quiz_id = q.id and x.archived_at is null)))::int as total,
         -- The verdict as the server recorded it when the attempt closed (ADR 0043): its own QuizCompleted
         -- (one stream per student and quiz, read by its key); one written before pass marks has none: it passed.
         case when done.payload is null then null else coalesce((done.payload->>'passed')::boolean, true) end as passed,
         (done.payload->>'passMark')::int as pass_mark, done.payload->>'closedBy' as closed_by,
         (select v.occurred_at from eventlog.event v
           where v.stream_type = '${STUDENT_QUIZ_STREAM}' and v.stream_id = sq.id::text and v.event_type = 'QuizValidatedByTrainer'
             and (v.payload->>'attempt')::int = qa.attempt limit 1) as validated_by_trainer_at
    from assessment.student_quiz sq
    join quizzes using (quiz_id)
    join assessment.quiz q on q.id = sq.quiz_id
    join assessment.quiz_attempt qa on qa.student_quiz_id = sq.id
    left join assessment.quiz_answer a on a.student_quiz_id = sq.id and a.attempt = qa.attempt
    left join assessment.attempt_result r on r.student_id = sq.student_id and r.quiz_id = sq.quiz_id and r.attempt = qa.attempt
    left join lateral (
      select e.payload from eventlog.event e
       where e.stream_type = '${STUDENT_QUIZ_STREAM}' and e.stream_id = sq.id::text and e.event_type = 'QuizCompleted'
         and (e.payload->>'attempt')::int = qa.attempt
       limit 1
    ) done on qa.completed_at is not null
   where sq.student_id = $1
   group by sq.id, q.id, q.title, qa.attempt, qa.started_at, qa.completed_at, r.total, done.payload
   order by qa.started_at, q.id, qa.attempt`;

/**
 * The answers of those attempts, in the order given, with the text of the option(s) chosen (several
 * joined by « ; »): from the attempt's paper when it has one (ADR 0045), else from the quiz's question.
 */
export const TRANSCRIPT_ANSWERS_SQL = `select a.student_quiz_id, a.attempt, a.question_id, coalesce(aq.questions, qu.questions) as question,
         case when aq.id is not null then
                (select string_agg(o->>'text', ' ; ' order by (o->>'id')::int) from jsonb_array_elements(aq.options) o
                  where (o->>'id')::int in (select jsonb_array_elements_text(coalesce(a.choices, jsonb_build_array(a.chosen)))::int))
              when a.choices is not null then
                (select string_agg(o.t, ' ; ' order by o.n) from unnest(array[qu.ans1, qu.ans2, qu.ans3, qu.ans4]) with ordinality as o(t, n)
                  where o.n in (select jsonb_array_elements_text(a.choices)::int))
              else case a.chosen when 1 then qu.ans1 when 2 then qu.ans2 when 3 then qu.ans3 else qu.ans4 end end as chosen,
         a.correct, a.answered_at
    from assessment.quiz_answer a
    left join assessment.quiz_attempt qa on qa.student_quiz_id = a.student_quiz_id and qa.attempt = a.attempt
    left join assessment.attempt_question aq on aq.attempt_id = qa.id and aq.question_id = a.question_id
    left join assessment.question qu on qu.id = a.question_id and aq.id is null
   where a.student_quiz_id = any($1::int[]) and (aq.id is not null or qu.id is not null)
   order by a.answered_at, a.id`;

type AttemptRow = Omit<TranscriptQuizAttempt, 'answers' | 'started_at' | 'completed_at' | 'validated_by_trainer_at'> & {
  student_quiz_id: number; started_at: Date; completed_at: Date | null; validated_by_trainer_at: Date | null;
};
type AnswerRow = Omit<TranscriptAnswer, 'answered_at'> & { student_quiz_id: number; attempt: number; answered_at: Date };

@QueryHandler(GetQuizTranscript)
export class GetQuizTranscriptHandler implements IQueryHandler<GetQuizTranscript> {
  constructor(private readonly db: Database) {}

  async execute({ studentId, courseId, quizIds }: GetQuizTranscript): Promise<TranscriptQuizAttempt[]> {
    const attempts = await this.db.query<AttemptRow>(TRANSCRIPT_ATTEMPTS_SQL, [studentId, courseId, [...quizIds]]);
    if (attempts.length === 0) return [];
    const answers = await this.db.query<AnswerRow>(TRANSCRIPT_ANSWERS_SQL, [[...new Set(attempts.map((a) => a.student_quiz_id))]]);
    return attempts.map(({ student_quiz_id, started_at, completed_at, validated_by_trainer_at, ...attempt }) => ({
      ...attempt,
      started_at: started_at.toISOString(),
      completed_at: completed_at ? completed_at.toISOString() : null,
      validated_by_trainer_at: validated_by_trainer_at ? validated_by_trainer_at.toISOString() : null,
      answers: answers
        .filter((a) => a.student_quiz_id === student_quiz_id && a.attempt === attempt.attempt)
        .map((a) => ({ question_id: a.question_id, question: a.question, chosen: a.chosen, correct: a.correct, answered_at: a.answered_at.toISOString() })),
    }));
  }
}
