import { Migration } from '@mikro-orm/migrations';

/**
 * Question types and per-attempt papers (issue 28 item 2, docs/adr/0045): a question's kind
 * (single, multiple, true-false; every existing one single) and its right options' numbers (null on
 * the existing ones: `right_ans` says); an answer's options when several were chosen; per quiz the
 * shuffle setting and a draw from the trainer's bank; per attempt its paper, the questions served
 * in the order served, each a copy of what was asked (its version and hash).
 */
export class Migration20261127087QuestionTypesAndPapers extends Migration {
  override name = '20261127-087-question-types-and-papers';

  override up(): void {
    this.addSql(`alter table assessment.question
      add column kind varchar(20) not null default 'single' check (kind in ('single', 'multiple', 'true-false')),
      add column right_answers jsonb`);
    // An answer to a drawn attempt names a bank question (its paper says so), not a quiz question:
    // the answer's question is checked against the attempt's paper, no longer by a foreign key.
    this.addSql(`alter table assessment.quiz_answer add column choices jsonb, drop constraint quiz_answer_question_id_fkey`);
    this.addSql(`alter table assessment.quiz
      add column shuffle boolean not null default false,
      add column draw_category varchar(100),
      add column draw_count integer check (draw_count between 1 and 100),
      add constraint quiz_draw_complete check ((draw_category is null) = (draw_count is null))`);
    this.addSql(`create table assessment.attempt_question (
      id serial primary key,
      attempt_id integer not null references assessment.quiz_attempt (id),
      position integer not null,
      question_id integer not null,
      source varchar(10) not null check (source in ('quiz', 'bank')),
      version integer not null,
      hash char(64) not null,
      kind varchar(20) not null,
      questions text not null,
      options jsonb not null,
      right_answers jsonb not null,
      explanation text not null default '',
      unique (attempt_id, position),
      unique (attempt_id, question_id)
    )`);
  }
}
