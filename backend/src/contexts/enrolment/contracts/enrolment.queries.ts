import { Query } from '@nestjs/cqrs';

/** How many courses the student is enrolled in (their dashboard's first counter). */
export class CountEnrolledCourses extends Query<number> {
  constructor(readonly studentId: number) {
    super();
  }
}

export interface StudentEnrolment {
  course_id: number;
  enrolled_at: string;
}

/** The courses the student is enrolled in, newest first. */
export class ListStudentEnrolments extends Query<StudentEnrolment[]> {
  constructor(readonly studentId: number) {
    super();
  }
}
