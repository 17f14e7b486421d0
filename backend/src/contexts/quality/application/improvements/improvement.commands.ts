import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, knownByKey, type Actor } from '../../../../shared-kernel/index.js';
import { Complaint } from '../../domain/complaint.aggregate.js';
import { ImprovementAction, type ImprovementChange, type ImprovementDraft } from '../../domain/improvement-action.aggregate.js';
import { ComplaintNotFoundError } from '../complaints/complaint.queries.js';
import { ImprovementActionNotFoundError } from './improvement.queries.js';

/** An admin opens an entry of the improvement log, on its own or from a complaint (then its source is « réclamation »). */
export class OpenImprovementAction extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly draft: ImprovementDraft,
    readonly complaintId: number | null,
    /** Drawn by the page for one opening: the same request sent again answers the action it opened (ADR 0022). */
    readonly requestKey: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(OpenImprovementAction)
export class OpenImprovementActionHandler implements ICommandHandler<OpenImprovementAction> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, draft, complaintId, requestKey }: OpenImprovementAction): Promise<number> {
    return this.store.transaction(async (uow) => {
      // Read inside each try: a copy that raced with this one (its insert lost on the key) finds the winner.
      const known = requestKey === null ? null : knownByKey(await uow.em.findOne(ImprovementAction, { requestKey }), (a) => a.openedById === actor.profileId);
      if (known) return known.id;
      if (complaintId !== null && !(await uow.em.findOne(Complaint, { id: complaintId }))) throw new ComplaintNotFoundError();
      const action = uow.add(new ImprovementAction(actor.profileId, requestKey));
      action.open(complaintId === null ? draft : { ...draft, source: draft.source ?? 'reclamation' }, complaintId, this.clock.now());
      return () => action.id;
    });
  }
}

/** An admin changes an entry: description, owner, due day, status, result. */
export class UpdateImprovementAction extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly actionId: number,
    readonly change: ImprovementChange,
  ) {
    super();
  }
}

@CommandHandler(UpdateImprovementAction)
export class UpdateImprovementActionHandler implements ICommandHandler<UpdateImprovementAction> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, actionId, change }: UpdateImprovementAction): Promise<void> {
    await this.store.transaction(async (uow) => {
      const action = await uow.load(ImprovementAction, { id: actionId }, () => new ImprovementActionNotFoundError());
      action.update(actor.profileId, change, this.clock.now());
    });
  }
}
