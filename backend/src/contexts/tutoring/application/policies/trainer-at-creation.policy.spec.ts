import type { CommandBus } from '@nestjs/cqrs';
import { ConflictError, NotFoundError } from '../../../../shared-kernel/index.js';
import { AssignTrainer } from '../commands/assign-trainer.command.js';
import { TrainerAtCreationPolicy } from './trainer-at-creation.policy.js';

const created = (studentId: number, trainerId: number | null) => ({ type: 'StudentCreated', payload: { accountId: 50, studentId, trainerId, welcomeEmail: false } }) as never;

function policy(assign: () => Promise<unknown> = () => Promise.resolve(true)) {
  const sent: AssignTrainer[] = [];
  const commands = { execute: (command: AssignTrainer) => (sent.push(command), assign()) } as unknown as CommandBus;
  return { sent, policy: new TrainerAtCreationPolicy(commands) };
}

describe('tutoring.trainer-at-creation', () => {
  describe('when an admin creates a student choosing their trainer', () => {
    it('has that trainer follow them, as an admin assignment made by the system', async () => {
      const { sent, policy: p } = policy();
      await p.handle(created(3, 7));
      expect(sent).toEqual([new AssignTrainer('system', 7, 3, 'admin')]);
    });
  });

  describe('when no trainer was chosen', () => {
    it('assigns nobody', async () => {
      const { sent, policy: p } = policy();
      await p.handle(created(3, null));
      expect(sent).toEqual([]);
    });
  });

  describe('when the trainer or the student was removed since', () => {
    it('lets the event go', async () => {
      await expect(policy(() => Promise.reject(new NotFoundError('Formateur introuvable.'))).policy.handle(created(3, 7))).resolves.toBeUndefined();
    });
  });

  describe('when assigning fails otherwise', () => {
    it('fails, so that the event is tried again', async () => {
      await expect(policy(() => Promise.reject(new ConflictError('Conflit'))).policy.handle(created(3, 7))).rejects.toThrow('Conflit');
    });
  });
});
