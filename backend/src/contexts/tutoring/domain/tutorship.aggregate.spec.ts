import { TutorshipNotFoundError } from './tutoring.errors.js';
import { Tutorship } from './tutorship.aggregate.js';

const MONDAY = new Date('2026-11-23T09:00:00Z');
const FRIDAY = new Date('2026-11-27T17:00:00Z');

/** A trainer (7) and a student (3), as loaded: the row has its id. */
function pair(): Tutorship {
  const link = new Tutorship(7, 3);
  link.id = 12;
  return link;
}

function following(origin: 'admin' | 'enrolment' = 'admin'): Tutorship {
  const link = pair();
  link.assign(origin, MONDAY, origin === 'enrolment' ? 40 : null);
  link.takeEvents();
  return link;
}

describe('Tutorship', () => {
  it('writes to the tutorship stream of its row', () => {
    expect(pair().stream()).toEqual({ type: 'tutoring.tutorship', id: 12 });
  });

  describe('when an admin assigns a trainer to a student not followed yet', () => {
    it('records TrainerAssignedToStudent from the admin, with no course', () => {
      const link = pair();
      expect(link.assign('admin', MONDAY, 40)).toBe(true);
      expect(link.takeEvents()).toEqual([
        { type: 'TrainerAssignedToStudent', payload: { tutorshipId: 12, teacherId: 7, studentId: 3, origin: 'admin', courseId: null } },
      ]);
    });

    it('starts the link at the given time', () => {
      const link = pair();
      link.assign('admin', MONDAY);
      expect([link.active, link.origin, link.assignedAt, link.endedAt, link.version]).toEqual([true, 'admin', MONDAY, null, 1]);
    });
  });

  describe("when the student enrols in one of the trainer's courses", () => {
    it('records the assignment with its origin and the course that caused it', () => {
      const link = pair();
      link.assign('enrolment', MONDAY, 40);
      expect(link.takeEvents()).toEqual([
        { type: 'TrainerAssignedToStudent', payload: { tutorshipId: 12, teacherId: 7, studentId: 3, origin: 'enrolment', courseId: 40 } },
      ]);
      expect(link.origin).toBe('enrolment');
    });
  });

  describe('when the link is assigned again while active', () => {
    it('changes nothing and records nothing (a replayed enrolment is harmless)', () => {
      const link = following('enrolment');
      expect(link.assign('admin', FRIDAY)).toBe(false);
      expect(link.takeEvents()).toEqual([]);
      expect([link.origin, link.assignedAt, link.version]).toEqual(['enrolment', MONDAY, 1]);
    });
  });

  describe('when an admin unassigns an active link', () => {
    it('records TrainerUnassignedFromStudent and ends the link at the given time', () => {
      const link = following();
      link.unassign(FRIDAY);
      expect(link.takeEvents()).toEqual([{ type: 'TrainerUnassignedFromStudent', payload: { tutorshipId: 12, teacherId: 7, studentId: 3 } }]);
      expect([link.active, link.endedAt, link.version]).toEqual([false, FRIDAY, 2]);
    });
  });

  describe('when the link is unassigned and there is none', () => {
    it("refuses a link never started with 'Aucune assignation trouvée', recording nothing", () => {
      const link = pair();
      expect(() => link.unassign(FRIDAY)).toThrow(TutorshipNotFoundError);
      expect(() => link.unassign(FRIDAY)).toThrow('Aucune assignation trouvée');
      expect(link.hasPendingEvents).toBe(false);
    });

    it('refuses a link already ended', () => {
      const link = following();
      link.unassign(FRIDAY);
      link.takeEvents();
      expect(() => link.unassign(FRIDAY)).toThrow(TutorshipNotFoundError);
      expect(link.takeEvents()).toEqual([]);
    });
  });

  describe('when an ended link is assigned again', () => {
    it('starts it anew on the same row: new origin and time, no end', () => {
      const link = following();
      link.unassign(FRIDAY);
      link.takeEvents();
      const later = new Date('2026-12-01T08:00:00Z');
      expect(link.assign('enrolment', later, 41)).toBe(true);
      expect([link.active, link.origin, link.assignedAt, link.endedAt, link.version]).toEqual([true, 'enrolment', later, null, 3]);
      expect(link.takeEvents()).toEqual([
        { type: 'TrainerAssignedToStudent', payload: { tutorshipId: 12, teacherId: 7, studentId: 3, origin: 'enrolment', courseId: 41 } },
      ]);
    });
  });

  describe('when a new link records its assignment before its row has an id', () => {
    it('names the id the insert gave it', () => {
      const link = new Tutorship(7, 3);
      link.assign('admin', MONDAY);
      link.id = 99;
      expect(link.takeEvents()[0]!.payload).toMatchObject({ tutorshipId: 99 });
    });
  });
});
