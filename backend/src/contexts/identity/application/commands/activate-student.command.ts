import { LockMode } from '@mikro-orm/core';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, InvalidInputError } from '../../../../shared-kernel/index.js';
import { ActivationToken, ACTIVATION_INVALID, activationSha256 } from '../../domain/activation-token.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { StudentProfile } from '../../domain/profiles.js';
import { assertIdentityFree, identityUniqueViolation } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';
import { hasPlaceholderEmail } from './import-students.command.js';

export const EMAIL_NEEDED = 'Votre centre ne connaissait pas votre adresse e-mail : indiquez celle avec laquelle vous vous connecterez.';

/** What the activation page shows before the learner chooses: their first name, and whether they must give an e-mail. */
export interface ActivationView {
  prenom: string;
  needsEmail: boolean;
}

const tokenOf = (secret: unknown): string => {
  if (typeof secret !== 'string' || secret.length < 20 || secret.length > 200) throw new InvalidInputError(ACTIVATION_INVALID, 'token');
  return activationSha256(secret);
};

/** Reads an activation link (no login): refused in French when used, expired or replaced. */
export class DescribeActivation extends Query<ActivationView> {
  constructor(readonly secret: string) {
    super();
  }
}

@QueryHandler(DescribeActivation)
export class DescribeActivationHandler implements IQueryHandler<DescribeActivation> {
  constructor(
    private readonly orm: MikroORM,
    private readonly clock: Clock,
  ) {}

  async execute({ secret }: DescribeActivation): Promise<ActivationView> {
    const em = this.orm.em.fork();
    const token = await em.findOne(ActivationToken, { secretSha256: tokenOf(secret) });
    if (!token?.usable(this.clock.now())) throw new InvalidInputError(ACTIVATION_INVALID, 'token');
    const student = await em.findOne(StudentProfile, { account: token.account }, { populate: ['account'] });
    if (!student || student.account.closedAt) throw new InvalidInputError(ACTIVATION_INVALID, 'token');
    return { prenom: student.prenom, needsEmail: hasPlaceholderEmail(student.account.email) };
  }
}

/** The learner chooses their password (and e-mail when none was known) with the link (POST /activation, no login). */
export class ActivateStudent extends Command<void> {
  constructor(
    readonly secret: string,
    readonly password: string,
    readonly email: string | null,
  ) {
    super();
  }
}

@CommandHandler(ActivateStudent)
export class ActivateStudentHandler implements ICommandHandler<ActivateStudent> {
  constructor(
    private readonly store: AggregateStore,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute({ secret, password, email }: ActivateStudent): Promise<void> {
    const sha = tokenOf(secret);
    const passwordHash = await this.hasher.hash(assertAcceptablePassword(password));
    await this.store.transaction(async (uow) => {
      // Locked: two uses of one link at once, one wins, the other finds it used.
      const token = await uow.em.findOne(ActivationToken, { secretSha256: sha }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const now = this.clock.now();
      if (!token?.usable(now)) throw new InvalidInputError(ACTIVATION_INVALID, 'token');
      const student = await uow.load(StudentProfile, { account: token.account }, () => new InvalidInputError(ACTIVATION_INVALID, 'token'), { populate: ['account'] });
      let chosen: string | null = null;
      if (hasPlaceholderEmail(student.account.email)) {
        if (!email?.trim()) throw new InvalidInputError(EMAIL_NEEDED, 'email');
        await assertIdentityFree(uow.em, email, student.account.username, student.account.id);
        chosen = email;
      }
      student.activate(passwordHash, chosen, now);
      token.use(now);
    }, { uniqueViolation: identityUniqueViolation, retryOnConflict: 0 });
  }
}
