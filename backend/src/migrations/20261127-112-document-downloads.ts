import { Migration } from '@mikro-orm/migrations';

/**
 * Documents downloaded (issue 29 item 7, indicator 19, docs/adr/0056): the catalogue keeps, per
 * document and learner, their counted downloads and the last one (the window within which the
 * same file again is the same download), and the indicators' `learner_course` counts them.
 */
export class Migration20261127112DocumentDownloads extends Migration {
  override name = '20261127-112-document-downloads';

  override up(): void {
    this.addSql(`create table catalogue.document_download (
      material_id integer not null,
      student_id integer not null,
      course_id integer not null,
      downloads integer not null,
      last_counted_at timestamptz not null,
      primary key (material_id, student_id)
    )`);
    this.addSql(`create index document_download_course on catalogue.document_download (course_id)`);
    this.addSql(`alter table indicators.learner_course add column documents_downloaded integer not null default 0`);
    this.addSql(`alter table indicators.learner_course add column last_downloaded_at timestamptz`);
  }
}
