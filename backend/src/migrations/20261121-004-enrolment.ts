import { Migration } from '@mikro-orm/migrations';

export class Migration20261121004Enrolment extends Migration {
  override name = '20261121-004-enrolment';

  override up(): void {
    this.addSql(`create schema if not exists enrolment`);
    this.addSql(`create table enrolment.student_course (
      id serial primary key,
      student_id integer not null,
      course_id integer not null,
      enrolled_at timestamptz,
      rating smallint check (rating between 1 and 5),
      reviews text not null default '',
      rated_at timestamptz,
      favourited_at timestamptz,
      version integer not null default 0,
      unique (student_id, course_id)
    )`);
    this.addSql(`create index student_course_course on enrolment.student_course (course_id)`);
  }
}
