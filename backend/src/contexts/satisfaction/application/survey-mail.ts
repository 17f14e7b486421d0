import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Database } from '../../../platform/database/database.js';
import type { Policy, RecordedEvent } from '../../../platform/event-log/index.js';
import { MailService } from '../../../platform/mail/mail.service.js';
import { COURSE_SUMMARY } from '../../catalogue/contracts/catalogue.read-models.js';
import type { SurveyInvitationSent, SurveyReminderSent } from '../contracts/satisfaction.events.js';

type Fact = RecordedEvent<SurveyInvitationSent['type'], SurveyInvitationSent['payload']> | RecordedEvent<SurveyReminderSent['type'], SurveyReminderSent['payload']>;

const PARIS_DAY = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long' });

/** The public answer page of a token (the token in the fragment: it never reaches a server's logs). */
export const answerLink = (config: AppConfig, token: string): string => `${config.xapiHomePage.replace(/\/+$/, '')}/questionnaire#jeton=${token}`;

/**
 * The questionnaire's e-mails (docs/adr/0054), after the commit: the invitation, then each reminder,
 * with the single-use link. One e-mail per event (the projection runner hands each event to a policy
 * once), never blocking the job.
 */
@Injectable()
export class SurveyMailPolicy implements Policy<Fact> {
  readonly name = 'satisfaction.survey-mail';
  readonly handles = ['SurveyInvitationSent', 'SurveyReminderSent'] as const;

  constructor(
    private readonly db: Database,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: Fact): Promise<void> {
    const row = await this.db.one<{ email: string | null; token: string; expires_at: Date; title: string; course_title: string | null; respondent_kind: string }>(
      `select i.email, i.token, i.expires_at, q.title, c.title as course_title, i.respondent_kind
         from satisfaction.invitation i join satisfaction.questionnaire q on q.id = i.questionnaire_id
         left join ${COURSE_SUMMARY} c on c.course_id = i.course_id
        where i.id = $1`,
      [event.payload.invitationId],
    );
    if (!row?.email) return;
    const reminder = event.type === 'SurveyReminderSent';
    const course = row.course_title ? ` « ${row.course_title} »` : '';
    const space = row.respondent_kind === 'apprenant' ? 'Vous le trouverez aussi dans votre espace, rubrique « Questionnaires à remplir ».\n' : '';
    await this.mail.sendSafely({
      to: row.email,
      subject: `${reminder ? 'Rappel : ' : ''}${row.title} — votre avis sur la formation${course}`,
      text:
        `Bonjour,\n\n${reminder ? 'Sauf erreur, vous n’avez pas encore répondu à notre questionnaire' : 'Nous vous remercions de prendre quelques minutes pour répondre à notre questionnaire'} ` +
        `« ${row.title} » sur la formation${course}.\nVotre réponse est anonyme : elle n’est pas reliée à votre nom dans nos résultats.\n\n` +
        `Répondre : ${answerLink(this.config, row.token)}\n\nCe lien personnel ne sert qu’une fois ; il est valable jusqu’au ${PARIS_DAY.format(new Date(row.expires_at))}.\n${space}`,
    });
  }
}
