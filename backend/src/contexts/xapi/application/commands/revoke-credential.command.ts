import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, ForbiddenError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { XapiCredential } from '../../domain/credential.aggregate.js';

/** An admin revokes a credential: refused from the next request on. */
export class RevokeCredential extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly credentialId: number,
  ) {
    super();
  }
}

@CommandHandler(RevokeCredential)
export class RevokeCredentialHandler implements ICommandHandler<RevokeCredential> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, credentialId }: RevokeCredential): Promise<void> {
    if (actor.role !== 'admin') throw new ForbiddenError('Seul un administrateur gère les accès xAPI.');
    await this.store.transaction(async (uow) => {
      const credential = await uow.load(XapiCredential, { id: credentialId }, () => new NotFoundError('Accès xAPI introuvable.'));
      credential.revoke(this.clock.now());
    });
  }
}
