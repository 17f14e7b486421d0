import { Query } from '@nestjs/cqrs';

/** How many courses the student is enrolled in (their dashboard's first counter). */
export class CountEnrolledCourses extends Query<number> {
  constructor(readonly studentId: number) {
    super();
  }
}
