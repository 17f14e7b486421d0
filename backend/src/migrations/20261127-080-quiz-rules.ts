import { Migration } from '@mikro-orm/migrations';

/**
 * Quizzes a centre can use as evaluations (issue 28 item 2, docs/adr/0043): per quiz a pass mark,
 * the attempts allowed and a time limit, all null for the quizzes that exist (no pass mark,
 * unlimited attempts, no limit: they keep working as they did); an explanation per question; per
 * attempt what the server decided when it closed (its deadline, place, score, pass, how it closed);
 * per student the attempts a trainer granted and the trainer's validation by hand (its reason).
 */
export class Migration20261127080QuizRules extends Migration {
  override name = '20261127-080-quiz-rules';

  override up(): void {
    this.addSql(`alter table assessment.quiz
      add column pass_mark smallint check (pass_mark between 0 and 100),
      add column max_attempts integer check (max_attempts >= 1),
      add column time_limit_minutes integer check (time_limit_minutes >= 1)`);
    this.addSql(`alter table assessment.question add column explanation text not null default ''`);
    this.addSql(`alter table assessment.quiz_attempt
      add column deadline timestamptz,
      add column course_id integer,
      add column chapter_id integer,
      add column subchapter_id integer,
      add column score integer,
      add column total integer,
      add column passed boolean,
      add column closed_by varchar(20)`);
    this.addSql(`alter table assessment.student_quiz
      add column extra_attempts integer not null default 0 check (extra_attempts >= 0),
      add column exhausted_at timestamptz,
      add column validated_at timestamptz,
      add column validated_by integer,
      add column validation_category varchar(40),
      add column validation_reason text`);
    // The trainer's list of learners out of attempts below the pass mark, still to be settled.
    this.addSql(`create index student_quiz_exhausted on assessment.student_quiz (quiz_id) where exhausted_at is not null`);
  }
}
