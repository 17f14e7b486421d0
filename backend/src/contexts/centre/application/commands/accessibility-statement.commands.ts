import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { AccessibilityStatement, type StatementChanges } from '../../domain/accessibility-statement.aggregate.js';

/** The calendar day in France of an instant (an audit date is compared with the centre's today, not UTC's). */
export function parisDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

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
      statement.change(changes, now, parisDay(now));
    }, { actor, serialize: ['centre.accessibility'] });
  }
}
