import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ConflictError, NotFoundError } from '../../../../shared-kernel/index.js';
import { AssignTrainer } from '../commands/assign-trainer.command.js';
import { FollowCourseTrainerPolicy } from './follow-course-trainer.policy.js';

const enrolled = (studentId: number, courseId: number) => ({ type: 'StudentEnrolled', payload: { studentId, courseId, enrolledBy: 'student' } }) as never;

/** The course's trainer as the catalogue answers it, and what assigning does. */
function policy(owner: () => Promise<{ teacher_id: number | null }>, assign: () => Promise<unknown> = () => Promise.resolve(true)) {
  const sent: AssignTrainer[] = [];
  const commands = { execute: (command: AssignTrainer) => (sent.push(command), assign()) } as unknown as CommandBus;
  const queries = { execute: owner } as unknown as QueryBus;
  return { sent, policy: new FollowCourseTrainerPolicy(commands, queries) };
}

describe('tutoring.follow-course-trainer', () => {
  it('handles StudentEnrolled only', () => {
    expect(policy(() => Promise.resolve({ teacher_id: 7 })).policy.handles).toEqual(['StudentEnrolled']);
  });

  describe('when a student enrols in a course that has a trainer', () => {
    it('has the trainer follow the student, by the system, naming the course', async () => {
      const { sent, policy: p } = policy(() => Promise.resolve({ teacher_id: 7 }));
      await p.handle(enrolled(3, 40));
      expect(sent).toEqual([new AssignTrainer('system', 7, 3, 'enrolment', 40)]);
    });
  });

  describe('when the course has no trainer yet', () => {
    it('assigns nobody', async () => {
      const { sent, policy: p } = policy(() => Promise.resolve({ teacher_id: null }));
      await p.handle(enrolled(3, 40));
      expect(sent).toEqual([]);
    });
  });

  describe('when the course, the trainer or the student was removed since', () => {
    it('lets the event go (retrying would block the policy)', async () => {
      await expect(policy(() => Promise.reject(new NotFoundError('Cours introuvable.'))).policy.handle(enrolled(3, 40))).resolves.toBeUndefined();
      await expect(policy(() => Promise.resolve({ teacher_id: 7 }), () => Promise.reject(new NotFoundError('Étudiant non trouvé.'))).policy.handle(enrolled(3, 40))).resolves.toBeUndefined();
    });
  });

  describe('when assigning fails otherwise', () => {
    it('fails, so that the event is tried again', async () => {
      const { policy: p } = policy(() => Promise.resolve({ teacher_id: 7 }), () => Promise.reject(new ConflictError('Conflit')));
      await expect(p.handle(enrolled(3, 40))).rejects.toThrow('Conflit');
    });
  });
});
