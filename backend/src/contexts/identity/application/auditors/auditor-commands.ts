import { createHash, randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { MailService, type MailMessage } from '../../../../platform/mail/mail.service.js';
import { Clock, ForbiddenError, InvalidInputError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { AdmitAuditorAccess } from '../../contracts/identity.auditors.js';
import { Account } from '../../domain/account.aggregate.js';
import { frenchDate } from '../../domain/auditor-profile.aggregate.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { AuditorProfile, type AuditorScope } from '../../domain/profiles.js';
import { assertIdentityFree, availableUsername, identityUniqueViolation } from '../account-repository.js';
import { EMAIL_ERROR } from '../admin-mails.js';
import { PasswordHasher } from '../password-hasher.js';

export const AUDITOR_NOT_FOUND = 'Auditeur introuvable.';
export const INVITATION_INVALID = "Ce lien d'invitation n'est plus valable : demandez au centre une nouvelle invitation.";

export class AuditorNotFoundError extends NotFoundError {
  constructor() {
    super(AUDITOR_NOT_FOUND);
  }
}

export interface AuditorInput {
  fullName: string;
  email: string;
  organisation: string;
  endsOn: string;
  scope: AuditorScope;
}

export interface InvitationSent {
  auditorId: number;
  /** The one-use link, answered once to the inviting admin (who may already set any password) to hand over when the e-mail does not arrive. */
  link: string;
  emailSent: boolean;
  emailError: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function invitationMail(to: string, name: string, organisation: string, endsOn: string, link: string): MailMessage {
  return {
    to,
    subject: "Votre accès d'auditeur à la plateforme de formation",
    text:
      `Bonjour ${name},\n\nLe centre de formation vous a ouvert un accès d'auditeur en lecture seule (${organisation}), ` +
      `valable jusqu'au ${frenchDate(endsOn)} inclus.\n\nChoisissez votre mot de passe en suivant ce lien :\n${link}\n\n` +
      "Puis connectez-vous sur la page « Connexion auditeur » avec votre adresse e-mail.\n\nL'équipe pédagogique",
  };
}

/** An admin invites an auditor (POST /admin/auditors): the account, then the invitation e-mail with a one-use link. */
export class InviteAuditor extends Command<InvitationSent> {
  constructor(
    readonly actor: Actor,
    readonly input: AuditorInput,
  ) {
    super();
  }
}

@CommandHandler(InviteAuditor)
export class InviteAuditorHandler implements ICommandHandler<InviteAuditor> {
  constructor(
    private readonly store: AggregateStore,
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, input }: InviteAuditor): Promise<InvitationSent> {
    assertAdmin(actor);
    const secret = randomBytes(32).toString('base64url');
    // No usable password until the invitation is used: the hash of a secret nobody keeps.
    const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const em = this.orm.em.fork();
    const username = await availableUsername(em, input.email);
    await assertIdentityFree(em, input.email, username);
    const auditorId = await this.store.transaction(
      async (uow) => {
        await assertIdentityFree(uow.em, input.email, username);
        const account = new Account({ email: input.email, username, passwordHash, role: 'auditor', now: this.clock.now() });
        const auditor = uow.add(
          AuditorProfile.invite(account, { fullName: input.fullName, organisation: input.organisation, endsOn: input.endsOn, scope: input.scope, invitationSha256: sha256(secret) }, actor.profileId, this.clock.now()),
        );
        return () => auditor.id;
      },
      { actor, uniqueViolation: identityUniqueViolation },
    );
    const link = `${this.config.xapiHomePage.replace(/\/+$/, '')}/auditeur/activation#jeton=${secret}`;
    const sent = await this.mail.sendSafely(invitationMail(input.email.trim().toLowerCase(), input.fullName.trim(), input.organisation.trim(), input.endsOn, link));
    return { auditorId, link, emailSent: sent, emailError: sent ? null : EMAIL_ERROR };
  }
}

/** An admin changes an auditor's end date (extend or shorten) and/or scope (PUT /admin/auditors/{id}). */
export class ChangeAuditorScope extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly auditorId: number,
    readonly endsOn: string,
    readonly scope: AuditorScope,
  ) {
    super();
  }
}

@CommandHandler(ChangeAuditorScope)
export class ChangeAuditorScopeHandler implements ICommandHandler<ChangeAuditorScope> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, auditorId, endsOn, scope }: ChangeAuditorScope): Promise<void> {
    assertAdmin(actor);
    await this.store.transaction(async (uow) => {
      const auditor = await uow.load(AuditorProfile, { id: auditorId }, () => new AuditorNotFoundError(), { populate: ['account'] });
      auditor.changeScope(endsOn, scope, actor.profileId, this.clock.now());
    }, { actor });
  }
}

/** An admin revokes an auditor's access (POST /admin/auditors/{id}/end): sessions closed at once. */
export class EndAuditorAccess extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly auditorId: number,
  ) {
    super();
  }
}

@CommandHandler(EndAuditorAccess)
export class EndAuditorAccessHandler implements ICommandHandler<EndAuditorAccess> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, auditorId }: EndAuditorAccess): Promise<void> {
    assertAdmin(actor);
    await this.store.transaction(async (uow) => {
      const auditor = await uow.load(AuditorProfile, { id: auditorId }, () => new AuditorNotFoundError(), { populate: ['account'] });
      auditor.end(actor.profileId, this.clock.now());
    }, { actor });
  }
}

/** The invited auditor chooses a password with the invitation's secret (POST /auditeurs/activation, no login). */
export class ActivateAuditor extends Command<void> {
  constructor(
    readonly secret: string,
    readonly password: string,
  ) {
    super();
  }
}

@CommandHandler(ActivateAuditor)
export class ActivateAuditorHandler implements ICommandHandler<ActivateAuditor> {
  constructor(
    private readonly store: AggregateStore,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute({ secret, password }: ActivateAuditor): Promise<void> {
    if (typeof secret !== 'string' || secret.length < 20 || secret.length > 200) throw new InvalidInputError(INVITATION_INVALID, 'token');
    const passwordHash = await this.hasher.hash(assertAcceptablePassword(password));
    await this.store.transaction(async (uow) => {
      const auditor = await uow.load(AuditorProfile, { invitationSha256: sha256(secret) }, () => new InvalidInputError(INVITATION_INVALID, 'token'), { populate: ['account'] });
      auditor.activate(passwordHash, this.clock.now());
    });
  }
}

@CommandHandler(AdmitAuditorAccess)
export class AdmitAuditorAccessHandler implements ICommandHandler<AdmitAuditorAccess> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, what, target }: AdmitAuditorAccess): Promise<void> {
    if (actor.role !== 'auditor') throw new ForbiddenError("Cette page est réservée aux auditeurs.");
    await this.store.transaction(async (uow) => {
      const auditor = await uow.load(AuditorProfile, { id: actor.profileId }, () => new AuditorNotFoundError(), { populate: ['account'] });
      auditor.access(what, target, this.clock.now());
    }, { actor, serialize: [`identity.auditor:${actor.profileId}`] });
  }
}
