import { InvalidInputError } from '../../../shared-kernel/index.js';
import { BAD_POSITION, BEYOND_LATEST, NotificationInbox } from './notification-inbox.aggregate.js';

const now = new Date('2026-11-27T08:00:00Z');

describe('NotificationInbox', () => {
  it('records NotificationsSeen with the position seen up to', () => {
    const inbox = new NotificationInbox(7);
    inbox.markSeen(42, 50, now);
    expect(inbox.takeEvents()).toEqual([{ type: 'NotificationsSeen', payload: { accountId: 7, upTo: 42 } }]);
    expect(inbox.seenUpTo).toBe(42);
    expect(inbox.seenAt).toEqual(now);
    expect(inbox.version).toBe(1);
  });

  it('only moves forward: the same or an older position records nothing (two tabs, a repeated click)', () => {
    const inbox = new NotificationInbox(7);
    inbox.markSeen(42, 50, now);
    inbox.takeEvents();
    inbox.markSeen(42, 50, now);
    inbox.markSeen(10, 50, now);
    expect(inbox.takeEvents()).toEqual([]);
    expect(inbox.seenUpTo).toBe(42);
    inbox.markSeen(50, 50, now);
    expect(inbox.takeEvents()).toEqual([{ type: 'NotificationsSeen', payload: { accountId: 7, upTo: 50 } }]);
  });

  it('refuses a position that is not a non-negative integer, or beyond the newest notification', () => {
    const inbox = new NotificationInbox(7);
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => inbox.markSeen(bad, 50, now)).toThrow(new InvalidInputError(BAD_POSITION, 'up_to'));
    }
    expect(() => inbox.markSeen(51, 50, now)).toThrow(new InvalidInputError(BEYOND_LATEST, 'up_to'));
    expect(inbox.takeEvents()).toEqual([]);
    expect(inbox.seenUpTo).toBe(0);
  });

  it('marking zero on a fresh inbox records nothing', () => {
    const inbox = new NotificationInbox(7);
    inbox.markSeen(0, 0, now);
    expect(inbox.hasPendingEvents).toBe(false);
  });
});
