import { Migration } from '@mikro-orm/migrations';

/**
 * Which SCO a package resumes at (issue 23): the SCO whose state was saved last. `updated_at` keeps
 * the server's instant to the microsecond (it was already a timestamptz; the read truncated it to the
 * second), and `saved_seq` numbers every save of a SCO state from one sequence, so that two saves at
 * the same instant still have an order. States kept before are numbered in the order of their
 * `updated_at` (then by SCO, the order the read used).
 */
export class Migration20261126056ScormStateOrder extends Migration {
  override name = '20261126-056-scorm-state-order';

  override up(): void {
    this.addSql('create sequence progress.scorm_state_saved_seq as bigint');
    this.addSql('alter table progress.scorm_state add column saved_seq bigint');
    this.addSql(`update progress.scorm_state s set saved_seq = o.n
      from (select student_id, chapter_id, sco, row_number() over (order by updated_at, sco) as n from progress.scorm_state) o
     where s.student_id = o.student_id and s.chapter_id = o.chapter_id and s.sco = o.sco`);
    this.addSql(`select setval('progress.scorm_state_saved_seq', (select coalesce(max(saved_seq), 0) + 1 from progress.scorm_state), false)`);
    this.addSql(`alter table progress.scorm_state alter column saved_seq set default nextval('progress.scorm_state_saved_seq'), alter column saved_seq set not null`);
    this.addSql('alter sequence progress.scorm_state_saved_seq owned by progress.scorm_state.saved_seq');
  }
}
