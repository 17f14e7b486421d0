import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Policy, RecordedEvent } from '../../../../platform/event-log/index.js';
import { NotFoundError } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';
import type { StudentEnrolled } from '../../../enrolment/contracts/enrolment.events.js';
import { ClosedAccountError } from '../../domain/tutoring.errors.js';
import { AssignTrainer } from '../commands/assign-trainer.command.js';

type StudentEnrolledFact = RecordedEvent<StudentEnrolled['type'], StudentEnrolled['payload']>;

/**
 * A student who enrols in a course is followed by its trainer (so that the learner always has
 * someone to write to, and the trainer sees them in "Mes étudiants"); an admin may end it.
 * Assigning is idempotent, so a replayed event changes nothing.
 */
@Injectable()
export class FollowCourseTrainerPolicy implements Policy<StudentEnrolledFact> {
  readonly name = 'tutoring.follow-course-trainer';
  readonly handles = ['StudentEnrolled'] as const;

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async handle(event: StudentEnrolledFact): Promise<void> {
    const { studentId, courseId } = event.payload;
    try {
      const course = await this.queries.execute(new GetCourseOwner(courseId));
      if (course.teacher_id === null) return;
      await this.commands.execute(new AssignTrainer('system', course.teacher_id, studentId, 'enrolment', courseId));
    } catch (error) {
      // A course, trainer or student removed since: nobody to follow (retrying would block the policy).
      if (error instanceof NotFoundError) return;
      // A closed trainer or student: nobody follows or is followed any more (ADR 0015, issue 22).
      if (error instanceof ClosedAccountError) return;
      throw error;
    }
  }
}
