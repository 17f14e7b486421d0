import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock, type Role } from '../../../../shared-kernel/index.js';
import { Account, normaliseEmail } from '../../domain/account.aggregate.js';
import { InvalidCredentialsError } from '../../domain/identity.errors.js';
import { AuditorProfile, TeacherProfile } from '../../domain/profiles.js';
import { LoginThrottle } from '../login-throttle.js';
import { PasswordHasher } from '../password-hasher.js';
import { TokenPair, TokenService, TokenSubject } from '../token.service.js';

export type SignInResult = TokenPair & { subject: TokenSubject };

export class SignIn extends Command<SignInResult> {
  constructor(
    readonly role: Role,
    readonly email: string,
    readonly password: string,
    readonly address: string,
  ) {
    super();
  }
}

@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn> {
  constructor(
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  async execute({ role, email, password, address }: SignIn): Promise<SignInResult> {
    const key = `${role}:${normaliseEmail(email)}`;
    await this.throttle.begin(key, address);
    const em = this.orm.em.fork();
    const account = await em.findOne(Account, { email: normaliseEmail(email), role });
    if (!(await this.hasher.verify(account?.passwordHash, password)) || !account) throw new InvalidCredentialsError();
    account.assertCanSignIn();
    // A refused trainer is told the centre's reason (docs/adr/0030); a pending one signs in.
    if (role === 'teacher') (await em.findOne(TeacherProfile, { account: account.id }))?.assertCanSignIn();
    // An auditor signs in until the end of their end date, unless revoked (docs/adr/0039).
    if (role === 'auditor') (await em.findOneOrFail(AuditorProfile, { account: account.id })).assertCanSignIn(this.clock.now());
    await this.throttle.recordSuccess(key);
    const subject = await this.tokens.loadSubject(account.id);
    if (!subject) throw new InvalidCredentialsError();
    return { ...(await this.tokens.issue(subject)), subject };
  }
}
