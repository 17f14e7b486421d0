import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Database } from '../../../platform/database/database.js';
import type { JobContext } from '../../../platform/jobs/job-queue.js';
import { Jobs } from '../../../platform/jobs/jobs.service.js';
import { MailService, type MailMessage } from '../../../platform/mail/mail.service.js';
import { Clock } from '../../../shared-kernel/index.js';
import { ACTIVATION_DAYS, activationSha256 } from '../domain/activation-token.js';

/** How long a run holds the tokens it is mailing (far beyond a batch's sending). */
const CLAIM_MS = 2 * 60_000;

export const ACTIVATION_MAILS_JOB = 'identity.activation-mails';

/** Mails in flight at once, and tokens taken per batch. */
const MAIL_CONCURRENCY = 8;
const BATCH = 200;

export function activationLink(config: AppConfig, secret: string): string {
  return `${config.xapiHomePage.replace(/\/+$/, '')}/activation#jeton=${secret}`;
}

export function activationMail(to: string, prenom: string, link: string): MailMessage {
  return {
    to,
    subject: 'Activez votre compte sur la plateforme de formation',
    text:
      `Bonjour ${prenom},\n\nVotre centre de formation vous a inscrit sur sa plateforme de formation.\n\n` +
      `Choisissez votre mot de passe en suivant ce lien (valable ${ACTIVATION_DAYS} jours, une seule fois) :\n${link}\n\n` +
      `Vous vous connecterez ensuite avec cette adresse e-mail (${to}) et le mot de passe choisi.\n\n` +
      "Si vous n'attendiez pas ce message, ignorez-le : aucun mot de passe n'a été créé.\n\nL'équipe pédagogique",
  };
}

/**
 * E-mails the activation links of an import's learners (docs/adr/0052), on the job queue, after
 * the import committed: the import does not wait for 10,000 SMTP sessions. No secret is ever
 * stored: each link's secret is drawn when its e-mail goes (its hash replaces the one the import
 * kept), then the token is marked mailed. A try cut off resumes with the tokens not marked (a link
 * drawn but not sent is drawn again, once its claim has lapsed); two tries at once take different
 * tokens: a run claims the ones it mails (`claimed_until`), the others skip them until then.
 */

@Injectable()
export class ActivationMailer implements OnModuleInit {
  constructor(
    private readonly jobs: Jobs,
    private readonly db: Database,
    private readonly mail: MailService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.define<{ importId: string }>({ name: ACTIVATION_MAILS_JOB, retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 3 * 3600, heartbeatSeconds: 60, handler: (job) => this.run(job) });
  }

  async run(job: JobContext<{ importId: string }>): Promise<{ sent: number; failed: number }> {
    const { importId } = job.data;
    const count = await this.db.one<{ total: number; done: number }>(
      `select count(*)::int as total, count(*) filter (where t.mailed_at is not null)::int as done
         from identity.activation_token t join identity.account a on a.id = t.account_id
        where t.import_id = $1 and a.email not like '%@sans-email.invalid'`,
      [importId],
    );
    const total = count?.total ?? 0;
    let done = count?.done ?? 0;
    let failed = 0;
    await job.progress(done, total);
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const due = await tx.query<{ secret_sha256: string; email: string; prenom: string }>(
          `select t.secret_sha256, a.email, s.prenom
             from identity.activation_token t join identity.account a on a.id = t.account_id join identity.student s on s.account_id = a.id
            where t.import_id = $1 and t.mailed_at is null and t.used_at is null and a.closed_at is null and a.email not like '%@sans-email.invalid'
              and (t.claimed_until is null or t.claimed_until < $3)
            order by t.import_row limit $2 for update of t skip locked`,
          [importId, BATCH, this.clock.now()],
        );
        const expires = new Date(this.clock.now().getTime() + ACTIVATION_DAYS * 86_400_000);
        // Claimed for the time of the sending: another run (a retry, a second job for the import) skips
        // these rows instead of drawing new secrets (which would kill the links already mailed) and mailing again.
        const claimedUntil = new Date(this.clock.now().getTime() + CLAIM_MS);
        const drawn = due.map((d) => ({ ...d, secret: randomBytes(32).toString('base64url') }));
        await tx.query(
          `update identity.activation_token t set secret_sha256 = f.fresh, expires_at = $1, claimed_until = $4
             from unnest($2::text[], $3::text[]) as f(old, fresh) where t.secret_sha256 = f.old`,
          [expires, drawn.map((d) => d.secret_sha256), drawn.map((d) => activationSha256(d.secret)), claimedUntil],
        );
        return drawn;
      });
      if (batch.length === 0) break;
      const queue = [...batch];
      await Promise.all(
        Array.from({ length: MAIL_CONCURRENCY }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            if (!(await this.mail.sendSafely(activationMail(next.email, next.prenom, activationLink(this.config, next.secret))))) failed += 1;
          }
        }),
      );
      // A failed e-mail is marked too (not retried forever; the log names the address): the admin then gives
      // the learner a password as for any account (« Changer le mot de passe » on their page).
      await this.db.query(`update identity.activation_token set mailed_at = $1 where secret_sha256 = any($2::text[])`, [this.clock.now(), batch.map((d) => activationSha256(d.secret))]);
      done += batch.length;
      await job.progress(done, total);
    }
    // Tokens still claimed by another run: it is sending them, or it died and its claim lapses soon;
    // this job tries again later (retryDelaySeconds) rather than end with learners never mailed.
    const left = await this.db.one<{ n: number }>(
      `select count(*)::int as n from identity.activation_token t join identity.account a on a.id = t.account_id
        where t.import_id = $1 and t.mailed_at is null and t.used_at is null and a.closed_at is null and a.email not like '%@sans-email.invalid'`,
      [importId],
    );
    if ((left?.n ?? 0) > 0) throw new Error(`${left!.n} lien(s) d’activation encore réservé(s) par un autre envoi : nouvel essai plus tard.`);
    return { sent: done - failed, failed };
  }
}
