import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, parisCalendarDate, type Actor } from '../../../../shared-kernel/index.js';
import { AccessibilityStatement, type StatementChanges } from '../../domain/accessibility-statement.aggregate.js';

/** An admin changes the accessibility statement (PUT /api/admin/centre/accessibility/). */
export class UpdateAccessibilityStatement extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly changes: StatementChanges,
  ) {
    super();
  }
}

@CommandHandler(UpdateAccessibilityStatement)
export class UpdateAccessibilityStatementHandler implements ICommandHandler<UpdateAccessibilityStatement> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, changes }: UpdateAccessibilityStatement): Promise<void> {
    const now = this.clock.now();
    await this.store.transaction(async (uow) => {
      const statement = (await uow.find(AccessibilityStatement, { id: AccessibilityStatement.ID })) ?? uow.add(new AccessibilityStatement());
      // An audit date is compared with the centre's today, not UTC's.
      statement.change(changes, now, parisCalendarDate(now));
    }, { actor, serialize: ['centre.accessibility'] });
  }
}
