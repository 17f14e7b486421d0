import { Migration } from '@mikro-orm/migrations';

/**
 * What the indicators read of engagement (indicator 12) and satisfaction (indicator 30), docs/adr/0056:
 * the reminders sent (ids, kind, when; no figure, no mail), and the questionnaires sent and answered
 * without any person (no learner, no address, no token: answers stay anonymous, ADR 0054).
 */
export class Migration20261127109EngagementSatisfactionReadModels extends Migration {
  override name = '20261127-109-engagement-satisfaction-read-models';

  override up(): void {
    this.addSql(`create view engagement.reminder_summary as
      select id as reminder_id, student_id, course_id, kind, nth, manual, decided_at, mailed_at from engagement.reminder`);
    this.addSql(`create view satisfaction.invitation_summary as
      select i.id as invitation_id, q.kind as questionnaire_kind, i.respondent_kind, i.course_id, i.session_id, i.sent_at
        from satisfaction.invitation i join satisfaction.questionnaire q on q.id = i.questionnaire_id`);
    this.addSql(`create view satisfaction.response_summary as
      select r.id as response_id, q.kind as questionnaire_kind, r.respondent_kind, r.course_id, r.session_id, r.answered_at
        from satisfaction.response r join satisfaction.questionnaire q on q.id = r.questionnaire_id`);
    // The period's invitations and answers.
    this.addSql('create index invitation_sent on satisfaction.invitation (sent_at)');
    this.addSql('create index response_answered on satisfaction.response (answered_at)');
  }
}
