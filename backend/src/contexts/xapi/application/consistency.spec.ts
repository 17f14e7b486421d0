import { Clock } from '../../../shared-kernel/index.js';
import { StatementConsistency } from './consistency.js';

class FixedClock extends Clock {
  constructor(public time: number) {
    super();
  }
  now(): Date {
    return new Date(this.time);
  }
}

describe('X-Experience-API-Consistent-Through', () => {
  it('is now when nothing is being stored, and just before the oldest stored instant still in flight', () => {
    const clock = new FixedClock(1_000);
    const consistency = new StatementConsistency(clock);
    expect(consistency.through().getTime()).toBe(1_000);
    const first = consistency.begin();
    clock.time = 2_000;
    const second = consistency.begin();
    clock.time = 3_000;
    expect([first.at.getTime(), consistency.through().getTime()]).toEqual([1_000, 999]);
    first.done();
    expect(consistency.through().getTime()).toBe(1_999);
    second.done();
    expect(consistency.through().getTime()).toBe(3_000);
  });
});
