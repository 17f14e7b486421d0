import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, type StreamRef } from '../../../shared-kernel/index.js';
import { PUBLIC_RESULTS_STREAM, type PublicResultsChanged } from '../contracts/indicators.events.js';

/**
 * Whether the centre publishes its results on the public page « Nos résultats » (Qualiopi
 * indicator 2, docs/adr/0056): one row (id 1), off until an admin switches it on. Asking for the
 * state it is already in records nothing (a retry, a second tab).
 */
@Entity({ tableName: 'public_results', schema: 'indicators' })
export class PublicResults extends AggregateRoot<PublicResultsChanged> {
  static readonly ID = 1;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id: number = PublicResults.ID;

  @Property({ type: 'boolean' })
  enabled = false;

  /** When an admin last switched it, by the server's clock. */
  @Property({ type: 'timestamptz', nullable: true, fieldName: 'changed_at' })
  changedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  stream(): StreamRef {
    return { type: PUBLIC_RESULTS_STREAM, id: PublicResults.ID };
  }

  switchTo(enabled: boolean, now: Date): void {
    if (this.enabled === enabled) return;
    this.enabled = enabled;
    this.changedAt = now;
    this.record({ type: 'PublicResultsChanged', payload: { enabled } });
  }
}
