import { Migration } from '@mikro-orm/migrations';

/**
 * The reason a learner's training in a session was not completed (EDOF's « service fait », issue 29
 * item 2, docs/adr/0050): one of a fixed list, entered by an admin, kept on the learner's membership
 * and published in `enrolment.session_learner` for the contexts after enrolment.
 */
export class Migration20261127105SessionLearnerReason extends Migration {
  override name = '20261127-105-session-learner-reason';

  override up(): void {
    this.addSql(`alter table enrolment.session_member add column reason text
      check (reason in ('abandon', 'absence', 'interruption', 'force_majeure', 'autre'))`);
    this.addSql(`alter table enrolment.session_member add constraint session_member_reason_learner check (reason is null or role = 'learner')`);
    this.addSql(`create or replace view enrolment.session_learner as
      select m.session_id, m.course_id, m.person_id as student_id, m.joined_at, m.left_at, m.reason
      from enrolment.session_member m where m.role = 'learner'`);
  }
}
