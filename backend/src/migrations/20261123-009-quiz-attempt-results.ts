import { Migration } from '@mikro-orm/migrations';

/**
 * The quiz-attempts projection (issue 9): one row per attempt of a student at a quiz, built from
 * the student-quiz events, serving the trainers' attempt lists (GET /attempted-quiz/{quiz_id}).
 * Filled from the log by the projection runner on its first run (the demo's attempts included).
 */
export class Migration20261123009QuizAttemptResults extends Migration {
  override name = '20261123-009-quiz-attempt-results';

  override up(): void {
    this.addSql(`create table assessment.attempt_result (
      student_id integer not null,
      quiz_id integer not null,
      attempt integer not null,
      attempt_id bigint not null,
      started_at timestamptz not null,
      last_answer_at timestamptz,
      completed_at timestamptz,
      answered integer not null default 0,
      correct integer not null default 0,
      total integer,
      primary key (student_id, quiz_id, attempt)
    )`);
    this.addSql(`create index attempt_result_quiz on assessment.attempt_result (quiz_id, started_at desc)`);
  }
}
