import { Migration } from '@mikro-orm/migrations';

/** Assessment (issue 9): quizzes and their questions, their courses, students' attempts and answers (kept across resets). */
export class Migration20261122008Assessment extends Migration {
  override name = '20261122-008-assessment';

  override up(): void {
    this.addSql(`create schema if not exists assessment`);
    this.addSql(`create table assessment.quiz (
      id serial primary key,
      teacher_id integer,
      title varchar(200) not null,
      detail text not null default '',
      created_at timestamptz not null,
      archived_at timestamptz,
      version integer not null default 0 check (version >= 0)
    )`);
    this.addSql(`create index quiz_teacher on assessment.quiz (teacher_id)`);
    this.addSql(`create table assessment.question (
      id serial primary key,
      quiz_id integer not null references assessment.quiz (id) on delete cascade,
      position integer not null,
      questions text not null,
      ans1 varchar(500) not null,
      ans2 varchar(500) not null,
      ans3 varchar(500) not null,
      ans4 varchar(500) not null,
      right_ans varchar(500) not null,
      archived_at timestamptz
    )`);
    this.addSql(`create index question_quiz on assessment.question (quiz_id, position)`);
    this.addSql(`create table assessment.quiz_course (
      id serial primary key,
      quiz_id integer not null references assessment.quiz (id) on delete cascade,
      course_id integer not null,
      assigned_at timestamptz not null,
      unique (quiz_id, course_id)
    )`);
    this.addSql(`create index quiz_course_course on assessment.quiz_course (course_id)`);
    this.addSql(`create table assessment.student_quiz (
      id serial primary key,
      student_id integer not null,
      quiz_id integer not null references assessment.quiz (id),
      attempt integer not null default 1 check (attempt >= 1),
      version integer not null default 0 check (version >= 0),
      unique (student_id, quiz_id)
    )`);
    this.addSql(`create index student_quiz_quiz on assessment.student_quiz (quiz_id)`);
    this.addSql(`create table assessment.quiz_attempt (
      id serial primary key,
      student_quiz_id integer not null references assessment.student_quiz (id),
      attempt integer not null,
      started_at timestamptz not null,
      completed_at timestamptz,
      unique (student_quiz_id, attempt)
    )`);
    this.addSql(`create table assessment.quiz_answer (
      id serial primary key,
      student_quiz_id integer not null references assessment.student_quiz (id),
      attempt integer not null,
      question_id integer not null references assessment.question (id),
      chosen smallint not null check (chosen between 1 and 4),
      correct boolean not null,
      answered_at timestamptz not null,
      unique (student_quiz_id, attempt, question_id)
    )`);
  }
}
