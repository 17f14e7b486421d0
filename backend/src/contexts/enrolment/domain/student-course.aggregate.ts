import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { EnrolmentEvent } from '../contracts/enrolment.events.js';
import { AlreadyEnrolledError, AlreadyRatedError, InvalidRatingError, NotEnrolledError, ReviewTooLongError } from './enrolment.errors.js';

/**
 * What binds one student to one course: enrolment, rating, favourite. Each method checks its
 * rule and returns the events it caused; `version` counts them, for the log's optimistic check.
 */
@Entity({ tableName: 'student_course', schema: 'enrolment' })
@Unique({ properties: ['studentId', 'courseId'] })
export class StudentCourse {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId: number;

  @Property({ type: 'datetime', fieldName: 'enrolled_at', nullable: true })
  enrolledAt: Date | null = null;

  @Property({ type: 'smallint', nullable: true })
  rating: number | null = null;

  @Property({ type: 'text' })
  reviews = '';

  @Property({ type: 'datetime', fieldName: 'rated_at', nullable: true })
  ratedAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'favourited_at', nullable: true })
  favouritedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  constructor(studentId: number, courseId: number) {
    this.studentId = studentId;
    this.courseId = courseId;
  }

  get isEnrolled(): boolean {
    return this.enrolledAt !== null;
  }

  enrol(now: Date, by: 'student' | 'admin'): EnrolmentEvent[] {
    if (this.isEnrolled) throw new AlreadyEnrolledError();
    this.enrolledAt = now;
    return this.record({ type: 'StudentEnrolled', payload: { studentId: this.studentId, courseId: this.courseId, enrolledBy: by } });
  }

  /**
   * `enrolledByFormation`: the spec counts a student whose formation title is this course's title
   * as enrolled, even without an enrolment record.
   */
  rate(rating: unknown, reviews: string, now: Date, enrolledByFormation: boolean): EnrolmentEvent[] {
    if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) throw new InvalidRatingError();
    if ([...reviews].length > 2000) throw new ReviewTooLongError();
    if (!this.isEnrolled && !enrolledByFormation) throw new NotEnrolledError();
    if (this.rating !== null) throw new AlreadyRatedError();
    this.rating = rating;
    this.reviews = reviews.trim();
    this.ratedAt = now;
    return this.record({ type: 'CourseRated', payload: { studentId: this.studentId, courseId: this.courseId, rating } });
  }

  /** Idempotent: favouriting a favourite records nothing. */
  favourite(now: Date): EnrolmentEvent[] {
    if (this.favouritedAt) return [];
    this.favouritedAt = now;
    return this.record({ type: 'CourseFavourited', payload: { studentId: this.studentId, courseId: this.courseId } });
  }

  unfavourite(): EnrolmentEvent[] {
    if (!this.favouritedAt) return [];
    this.favouritedAt = null;
    return this.record({ type: 'CourseUnfavourited', payload: { studentId: this.studentId, courseId: this.courseId } });
  }

  private record(event: EnrolmentEvent): EnrolmentEvent[] {
    this.version += 1;
    return [event];
  }
}
