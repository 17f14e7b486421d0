import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Policy } from '../../../../platform/event-log/index.js';
import { NotFoundError } from '../../../../shared-kernel/index.js';
import type { IdentityEvent } from '../../../identity/contracts/identity.events.js';
import { ClosedAccountError } from '../../domain/tutoring.errors.js';
import { AssignTrainer } from '../commands/assign-trainer.command.js';

type StudentCreatedFact = Extract<IdentityEvent, { type: 'StudentCreated' }>;

/**
 * An admin created a student choosing their trainer (POST /students/ with formateur_id): the
 * trainer follows them (docs/adr/0015). Assigning is idempotent, so a replayed event changes nothing.
 */
@Injectable()
export class TrainerAtCreationPolicy implements Policy<StudentCreatedFact> {
  readonly name = 'tutoring.trainer-at-creation';
  readonly handles = ['StudentCreated'] as const;

  constructor(private readonly commands: CommandBus) {}

  async handle(event: StudentCreatedFact): Promise<void> {
    const { studentId, trainerId } = event.payload;
    if (trainerId === null) return;
    try {
      await this.commands.execute(new AssignTrainer('system', trainerId, studentId, 'admin'));
    } catch (error) {
      // The trainer or the student removed since: nobody to follow (retrying would block the policy).
      if (error instanceof NotFoundError) return;
      // A closed trainer or student: nobody follows or is followed any more (ADR 0015, issue 22).
      if (error instanceof ClosedAccountError) return;
      throw error;
    }
  }
}
