import { Query } from '@nestjs/cqrs';

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
