import { Migration } from '@mikro-orm/migrations';

export class Migration20261121003Catalogue extends Migration {
  override name = '20261121-003-catalogue';

  override up(): void {
    this.addSql(`create schema if not exists catalogue`);
    this.addSql(`create table catalogue.category (
      id serial primary key,
      title varchar(150) not null,
      slug varchar(160) not null,
      description text not null default '',
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create table catalogue.course (
      id serial primary key,
      title varchar(200) not null,
      description text not null default '',
      featured_img varchar(255),
      category_id integer not null references catalogue.category (id),
      teacher_id integer not null,
      techs text not null default '',
      search_title text not null,
      search_text text not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index course_category on catalogue.course (category_id)`);
    this.addSql(`create index course_teacher on catalogue.course (teacher_id)`);
    // Trigram index for the accent-free LIKE search, when the server offers pg_trgm (a trusted extension).
    this.addSql(`do $$ begin
      create extension if not exists pg_trgm;
      create index course_search_trgm on catalogue.course using gin (search_text gin_trgm_ops);
    exception when others then raise notice 'pg_trgm indisponible : recherche sans index trigramme';
    end $$`);
    const content = `
      title varchar(200) not null,
      description text not null default '',
      position integer not null,
      content_type text not null check (content_type in ('video', 'video_file', 'video_url', 'text', 'quiz', 'scorm')),
      duration integer not null default 0 check (duration >= 0),
      video_url varchar(500) not null default '',
      text_content text not null default ''`;
    this.addSql(`create table catalogue.chapter (
      id serial primary key,
      course_id integer not null references catalogue.course (id) on delete cascade,${content}
    )`);
    this.addSql(`create index chapter_course on catalogue.chapter (course_id, position)`);
    this.addSql(`create table catalogue.subchapter (
      id serial primary key,
      chapter_id integer not null references catalogue.chapter (id) on delete cascade,${content}
    )`);
    this.addSql(`create index subchapter_chapter on catalogue.subchapter (chapter_id, position)`);
    this.addSql(`create table catalogue.page (
      id serial primary key,
      title varchar(200) not null,
      slug varchar(160) not null,
      content text not null,
      created_at timestamptz not null default now()
    )`);
    // Projections (rebuilt from the log by the runner).
    this.addSql(`create table catalogue.course_stats (
      course_id integer primary key,
      total_enrolled_students integer not null default 0,
      rating_sum integer not null default 0,
      rating_count integer not null default 0
    )`);
    this.addSql(`create table catalogue.category_stats (
      category_id integer primary key,
      total_courses integer not null default 0
    )`);
  }
}
