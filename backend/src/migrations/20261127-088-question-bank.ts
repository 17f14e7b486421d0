import { Migration } from '@mikro-orm/migrations';

/**
 * The trainer's question bank (issue 28 item 2, docs/adr/0045): questions a trainer owns apart from
 * any quiz, in a category with tags, versioned (an edit is a new version; attempts keep the copy
 * they were asked) and archived, never deleted.
 */
export class Migration20261127088QuestionBank extends Migration {
  override name = '20261127-088-question-bank';

  override up(): void {
    this.addSql(`create table assessment.bank_question (
      id serial primary key,
      teacher_id integer not null,
      category varchar(100) not null,
      tags jsonb not null default '[]',
      kind varchar(20) not null check (kind in ('single', 'multiple', 'true-false')),
      questions text not null,
      ans1 varchar(500) not null,
      ans2 varchar(500) not null,
      ans3 varchar(500) not null,
      ans4 varchar(500) not null,
      right_answers jsonb not null,
      explanation text not null default '',
      version integer not null default 0,
      revision integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      archived_at timestamptz
    )`);
    this.addSql(`create index bank_question_teacher_category on assessment.bank_question (teacher_id, category) where archived_at is null`);
  }
}
