import type { Actor } from '../../../../shared-kernel/index.js';
import { NOT_IN_YOUR_NAME, senderSide } from './send-message.command.js';

const actor = (role: Actor['role'], profileId: number): Actor => ({ accountId: 100 + profileId, role, profileId, username: `${role}${profileId}`, jti: 'j' });
const trainer = actor('teacher', 7);
const student = actor('student', 3);
const refused = (message: string) => expect.objectContaining({ name: 'ForbiddenError', message });

describe('the side a message is sent from (msg_from)', () => {
  describe('when the caller says nothing', () => {
    it("takes the caller's own side of the pair", () => {
      expect(senderSide(student, 7, 3, undefined)).toBe('student');
      expect(senderSide(trainer, 7, 3, undefined)).toBe('teacher');
    });
  });

  describe('when the caller names their own side', () => {
    it.each<[string, Actor, string, string]>([
      ['the student', student, 'student', 'student'],
      ['the trainer', trainer, 'formateur', 'teacher'],
      ['the trainer', trainer, 'teacher', 'teacher'],
    ])('accepts %s writing as %j', (_, who, msgFrom, side) => {
      expect(senderSide(who, 7, 3, msgFrom)).toBe(side);
    });
  });

  describe("when the caller writes in the other side's name, or an unknown one", () => {
    it.each<[string, Actor, string]>([
      ['the student', student, 'formateur'],
      ['the student', student, 'teacher'],
      ['the trainer', trainer, 'student'],
      ['the trainer', trainer, 'admin'],
      ['the student', student, ''],
    ])('refuses %s writing as %j', (_, who, msgFrom) => {
      expect(() => senderSide(who, 7, 3, msgFrom)).toThrow(refused(NOT_IN_YOUR_NAME));
    });
  });

  describe('when the caller is not one of the pair', () => {
    it.each<[string, Actor]>([
      ['another student', actor('student', 4)],
      ['another trainer', actor('teacher', 8)],
      ['an admin', actor('admin', 1)],
      ['a student whose profile id is the trainer’s', actor('student', 7)],
    ])('refuses %s, whatever they claim', (_, who) => {
      expect(() => senderSide(who, 7, 3, undefined)).toThrow(refused("Vous n'avez pas accès à cette ressource."));
    });
  });
});
