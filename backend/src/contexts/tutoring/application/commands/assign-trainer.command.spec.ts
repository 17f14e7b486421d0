import type { QueryBus } from '@nestjs/cqrs';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { GetStudentSummaries, GetTeacherSummaries } from '../../../identity/contracts/identity.queries.js';
import { Tutorship } from '../../domain/tutorship.aggregate.js';
import { InMemoryStore } from '../testing/in-memory-store.js';
import { AssignTrainer, AssignTrainerHandler } from './assign-trainer.command.js';
import { UnassignTrainer, UnassignTrainerHandler } from './unassign-trainer.command.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const clock = new (class extends Clock {
  now = () => NOW;
})();
const actor = (role: Actor['role'], profileId: number): Actor => ({ accountId: 100 + profileId, role, profileId, username: `${role}${profileId}`, jti: 'j' });
const admin = actor('admin', 1);

/** Identity knows trainers `teachers` and students `students`. */
function given({ teachers = [7], students = [3] } = {}, store = new InMemoryStore()) {
  const queries = {
    execute: (query: GetTeacherSummaries | GetStudentSummaries) =>
      Promise.resolve(new Map((query instanceof GetTeacherSummaries ? teachers : students).map((id) => [id, { id }]))),
  } as unknown as QueryBus;
  return {
    store,
    assign: (command: AssignTrainer) => new AssignTrainerHandler(store.asStore(), queries, clock).execute(command),
    unassign: (command: UnassignTrainer) => new UnassignTrainerHandler(store.asStore(), clock).execute(command),
  };
}

describe('AssignTrainer', () => {
  describe('when an admin assigns a trainer to a student', () => {
    it('starts the link and records it', async () => {
      const { store, assign } = given();
      expect(await assign(new AssignTrainer(admin, 7, 3))).toBe(true);
      expect(store.events).toEqual([{ type: 'TrainerAssignedToStudent', payload: { tutorshipId: 1, teacherId: 7, studentId: 3, origin: 'admin', courseId: null } }]);
    });

    it('changes nothing the second time, on the same row', async () => {
      const { store, assign } = given();
      await assign(new AssignTrainer(admin, 7, 3));
      expect(await assign(new AssignTrainer(admin, 7, 3))).toBe(false);
      expect([store.rows.length, store.events.length]).toEqual([1, 1]);
    });
  });

  describe('when the system assigns (an enrolment, a student created with their trainer)', () => {
    it('needs no admin', async () => {
      const { store, assign } = given();
      expect(await assign(new AssignTrainer('system', 7, 3, 'enrolment', 40))).toBe(true);
      expect(store.events[0]!.payload).toMatchObject({ origin: 'enrolment', courseId: 40 });
    });
  });

  describe('when someone else than an admin assigns', () => {
    it.each<[string, Actor]>([
      ['the trainer', actor('teacher', 7)],
      ['the student', actor('student', 3)],
    ])('refuses %s', async (_, who) => {
      const { store, assign } = given();
      await expect(assign(new AssignTrainer(who, 7, 3))).rejects.toThrow(expect.objectContaining({ name: 'ForbiddenError', message: "Vous n'avez pas accès à cette ressource." }));
      expect(store.rows).toEqual([]);
    });
  });

  describe('when the trainer or the student does not exist', () => {
    it('refuses with « Formateur introuvable. » or « Étudiant non trouvé. »', async () => {
      await expect(given({ teachers: [] }).assign(new AssignTrainer(admin, 7, 3))).rejects.toThrow(expect.objectContaining({ name: 'NotFoundError', message: 'Formateur introuvable.' }));
      await expect(given({ students: [] }).assign(new AssignTrainer('system', 7, 3))).rejects.toThrow(expect.objectContaining({ name: 'NotFoundError', message: 'Étudiant non trouvé.' }));
    });
  });
});

describe('UnassignTrainer', () => {
  describe('when an admin ends a link', () => {
    it('records it, and a later assignment starts the same row again', async () => {
      const { store, assign, unassign } = given();
      await assign(new AssignTrainer(admin, 7, 3));
      await unassign(new UnassignTrainer(admin, 7, 3));
      await assign(new AssignTrainer(admin, 7, 3));
      expect(store.events.map((e) => e.type)).toEqual(['TrainerAssignedToStudent', 'TrainerUnassignedFromStudent', 'TrainerAssignedToStudent']);
      expect((store.rows as Tutorship[]).map((row) => [row.id, row.active])).toEqual([[1, true]]);
    });
  });

  describe('when there is no link', () => {
    it("refuses with 'Aucune assignation trouvée'", async () => {
      await expect(given().unassign(new UnassignTrainer(admin, 7, 3))).rejects.toThrow(expect.objectContaining({ name: 'TutorshipNotFoundError', message: 'Aucune assignation trouvée' }));
    });
  });

  describe('when someone else than an admin unassigns', () => {
    it('refuses the trainer', async () => {
      await expect(given().unassign(new UnassignTrainer(actor('teacher', 7), 7, 3))).rejects.toThrow(expect.objectContaining({ name: 'ForbiddenError' }));
    });
  });
});
