import { Actor, ForbiddenError } from '../../shared-kernel/index.js';
import { assertSelf, assertSelfOrAdmin } from './ownership.js';

const actor = (role: Actor['role'], profileId: number): Actor => ({ accountId: 1, role, profileId, username: 'x', jti: 'j' });

describe('ownership', () => {
  it('lets a student reach their own record', () => {
    expect(() => assertSelfOrAdmin(actor('student', 4), 'student', 4)).not.toThrow();
  });
  it("refuses another student's record", () => {
    expect(() => assertSelfOrAdmin(actor('student', 4), 'student', 5)).toThrow(ForbiddenError);
  });
  it('refuses a trainer whose id equals a student id', () => {
    expect(() => assertSelfOrAdmin(actor('teacher', 4), 'student', 4)).toThrow(ForbiddenError);
  });
  it('lets an admin reach any record, but not act as the person', () => {
    expect(() => assertSelfOrAdmin(actor('admin', 1), 'student', 9)).not.toThrow();
    expect(() => assertSelf(actor('admin', 1), 'student', 9)).toThrow(ForbiddenError);
  });
});
