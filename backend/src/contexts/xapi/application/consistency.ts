import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared-kernel/index.js';

/**
 * X-Experience-API-Consistent-Through: the instant before which every statement of this node is
 * visible. A statement's `stored` is taken before its transaction commits, so while one is in
 * flight the answer is just before the oldest such `stored`; otherwise now.
 */
@Injectable()
export class StatementConsistency {
  private readonly inFlight = new Map<number, number>();
  private next = 0;

  constructor(private readonly clock: Clock) {}

  /** The `stored` instant of a new write, in flight until `done` is called (after commit or rollback). */
  begin(): { at: Date; done: () => void } {
    const at = this.clock.now();
    const ticket = ++this.next;
    this.inFlight.set(ticket, at.getTime());
    return { at, done: () => this.inFlight.delete(ticket) };
  }

  through(): Date {
    const now = this.clock.now().getTime();
    let oldest = now;
    for (const stored of this.inFlight.values()) oldest = Math.min(oldest, stored - 1);
    return new Date(oldest);
  }
}
