import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { NotEnrolledInCourseError } from '../../domain/enrolment.errors.js';
import { assertStudentExists } from '../commands/set-enrolment-funding.command.js';
import { readEnrolmentFunding, type EnrolmentFundingState } from './get-enrolment-funding.query.js';

/** An admin reads a student's enrolment funding: its own values and the effective ones (404 when never enrolled). */
export class GetStudentCourseFunding extends Query<EnrolmentFundingState> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

@QueryHandler(GetStudentCourseFunding)
export class GetStudentCourseFundingHandler implements IQueryHandler<GetStudentCourseFunding> {
  constructor(private readonly db: Database) {}

  async execute({ actor, studentId, courseId }: GetStudentCourseFunding): Promise<EnrolmentFundingState> {
    assertAdmin(actor);
    await assertStudentExists(this.db, studentId);
    const state = await readEnrolmentFunding(this.db, studentId, courseId);
    if (!state) throw new NotEnrolledInCourseError();
    return state;
  }
}
