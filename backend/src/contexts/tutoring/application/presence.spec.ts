import { TestClock } from '../../../platform/testing/test-clock.js';
import { ConversationPresence, PRESENCE_WINDOW_MS } from './presence.js';

function presence() {
  const clock = new TestClock();
  clock.set(new Date('2026-11-23T09:00:00Z'));
  return { clock, presence: new ConversationPresence(clock) };
}

describe('ConversationPresence', () => {
  describe('when a side has never polled the conversation', () => {
    it('counts them absent (they will be e-mailed)', () => {
      expect(presence().presence.isActive(7, 3, 'student')).toBe(false);
    });
  });

  describe('when a side polled within the window', () => {
    it('counts them present up to 45 s after, and absent a millisecond later', () => {
      const { clock, presence: p } = presence();
      p.mark(7, 3, 'student');
      clock.advance(PRESENCE_WINDOW_MS);
      expect(p.isActive(7, 3, 'student')).toBe(true);
      clock.advance(1);
      expect(p.isActive(7, 3, 'student')).toBe(false);
    });

    it('starts the window again at each poll', () => {
      const { clock, presence: p } = presence();
      p.mark(7, 3, 'teacher');
      clock.advance(40_000);
      p.mark(7, 3, 'teacher');
      clock.advance(40_000);
      expect(p.isActive(7, 3, 'teacher')).toBe(true);
    });
  });

  describe('when one side has the conversation open', () => {
    it('says nothing of the other side, nor of another pair', () => {
      const { presence: p } = presence();
      p.mark(7, 3, 'student');
      expect(p.isActive(7, 3, 'teacher')).toBe(false);
      expect(p.isActive(7, 4, 'student')).toBe(false);
      expect(p.isActive(8, 3, 'student')).toBe(false);
    });
  });

  describe('when more than 10,000 conversations were seen', () => {
    it('forgets those past the window and keeps those still open', () => {
      const { clock, presence: p } = presence();
      for (let student = 1; student <= 10_000; student++) p.mark(7, student, 'student');
      clock.advance(PRESENCE_WINDOW_MS + 1);
      p.mark(8, 1, 'teacher');
      p.mark(8, 2, 'teacher');
      const seen = (p as unknown as { seen: Map<string, number> }).seen;
      expect([...seen.keys()]).toEqual(['8:1:teacher', '8:2:teacher']);
      expect(p.isActive(8, 1, 'teacher')).toBe(true);
    });
  });
});
