import { randomBytes } from 'node:crypto';
import { ApiProperty } from '@nestjs/swagger';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { sha256Hex } from '../../domain/agents.js';
import { XapiCredential } from '../../domain/credential.aggregate.js';

export class IssuedCredentialView {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Identifiant (utilisateur HTTP Basic)' }) key!: string;
  @ApiProperty({ description: 'Secret (mot de passe HTTP Basic) : affiché cette seule fois, jamais conservé en clair' }) secret!: string;
  @ApiProperty({ type: [String] }) scopes!: string[];
}

/** An admin issues an activity provider's Basic credential: the secret is answered once, its sha256 kept. */
export class IssueCredential extends Command<IssuedCredentialView> {
  constructor(
    readonly actor: Actor,
    readonly name: string,
    readonly scopes: string[],
  ) {
    super();
  }
}

@CommandHandler(IssueCredential)
export class IssueCredentialHandler implements ICommandHandler<IssueCredential> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, name, scopes }: IssueCredential): Promise<IssuedCredentialView> {
    if (actor.role !== 'admin') throw new ForbiddenError('Seul un administrateur gère les accès xAPI.');
    const key = randomBytes(12).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    return this.store.transaction(async (uow) => {
      const credential = uow.add(new XapiCredential(name, key, sha256Hex(secret), scopes, actor.profileId, this.clock.now()));
      return () => ({ id: credential.id, name: credential.name, key, secret, scopes: credential.scopes });
    });
  }
}
