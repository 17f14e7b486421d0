import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { NotEnrolledInCourseError } from '../../domain/enrolment.errors.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';

/** An admin removes a course from a student (DELETE /remove-enrolled-course/…): the enrolment ends, the progress history stays. */
export class UnenrolStudent extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

@CommandHandler(UnenrolStudent)
export class UnenrolStudentHandler implements ICommandHandler<UnenrolStudent> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, studentId, courseId }: UnenrolStudent): Promise<void> {
    assertAdmin(actor);
    await this.store.transaction(async (uow) => {
      const link = await uow.load(StudentCourse, { studentId, courseId }, () => new NotEnrolledInCourseError());
      link.unenrol();
    }, { actor });
  }
}
