import { Migration } from '@mikro-orm/migrations';

/**
 * Course authoring (issue 8): courses may be unassigned and archived; steps keep their uploaded
 * video, SCORM package or quiz and may be archived; study documents; the course-outline projection
 * (teacher dashboard, category totals) replaces category_stats; course_learner counts distinct
 * learners per trainer. docs/adr/0011-course-content-and-archiving.md.
 */
export class Migration20261122007CourseAuthoring extends Migration {
  override name = '20261122-007-course-authoring';

  override up(): void {
    this.addSql(`alter table catalogue.course alter column teacher_id drop not null`);
    this.addSql(`alter table catalogue.course add column archived_at timestamptz`);
    this.addSql(`alter table catalogue.course add column updated_at timestamptz`);
    for (const table of ['catalogue.chapter', 'catalogue.subchapter']) {
      this.addSql(`alter table ${table} add column archived_at timestamptz`);
      this.addSql(`alter table ${table} add column video_file varchar(300)`);
      this.addSql(`alter table ${table} add column media_duration integer check (media_duration >= 0)`);
      this.addSql(`alter table ${table} add column quiz_id integer`);
    }
    this.addSql(`alter table catalogue.chapter add column scorm_path varchar(300)`);
    this.addSql(`alter table catalogue.chapter add column scorm_version varchar(8)`);
    this.addSql(`alter table catalogue.chapter add column scorm_manifest jsonb`);
    this.addSql(`create table catalogue.study_material (
      id serial primary key,
      course_id integer not null references catalogue.course (id) on delete cascade,
      title varchar(200) not null,
      description text not null default '',
      remarks text not null default '',
      file_path varchar(300) not null,
      file_name varchar(255) not null,
      content_type varchar(120) not null,
      size bigint not null check (size >= 0),
      created_at timestamptz not null,
      archived_at timestamptz,
      version integer not null default 0 check (version >= 0)
    )`);
    this.addSql(`create index study_material_course on catalogue.study_material (course_id)`);
    this.addSql(`create unique index study_material_file on catalogue.study_material (file_path)`);
    // Projections, rebuilt from the log.
    this.addSql(`create table catalogue.course_outline (
      course_id integer primary key,
      teacher_id integer,
      category_id integer not null,
      chapters integer not null default 0,
      archived boolean not null default false
    )`);
    this.addSql(`create index course_outline_teacher on catalogue.course_outline (teacher_id)`);
    this.addSql(`create index course_outline_category on catalogue.course_outline (category_id)`);
    this.addSql(`create table catalogue.course_learner (
      course_id integer not null,
      student_id integer not null,
      primary key (course_id, student_id)
    )`);
    this.addSql(`drop table catalogue.category_stats`);
    this.addSql(`delete from eventlog.checkpoint where name = 'catalogue.category-stats'`);
  }
}
