import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, type StreamRef } from '../../../shared-kernel/index.js';
import { STUDENT_COURSE_STREAM, type EnrolmentEvent } from '../contracts/enrolment.events.js';
import { AlreadyEnrolledError, AlreadyRatedError, InvalidRatingError, NotEnrolledError, NotEnrolledInCourseError, ReviewTooLongError } from './enrolment.errors.js';

/** The spec's rule: a student whose formation title is the course's title counts as enrolled in it. */
export function matchesFormation(formationTitle: string | null, courseTitle: string): boolean {
  return !!formationTitle && formationTitle.trim().toLocaleLowerCase('fr') === courseTitle.trim().toLocaleLowerCase('fr');
}

/** What the rating rule needs to know of the student's formation and of the course. */
export interface FormationMatch {
  formationTitle: string | null;
  courseTitle: string;
}

/**
 * What binds one student to one course: enrolment, rating, favourite. Each method checks its
 * rule and records the events it caused; `version` counts them, for the log's optimistic check.
 */
@Entity({ tableName: 'student_course', schema: 'enrolment' })
@Unique({ properties: ['studentId', 'courseId'] })
export class StudentCourse extends AggregateRoot<EnrolmentEvent> {
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
    super();
    this.studentId = studentId;
    this.courseId = courseId;
  }

  stream(): StreamRef {
    return { type: STUDENT_COURSE_STREAM, id: `${this.studentId}-${this.courseId}` };
  }

  get isEnrolled(): boolean {
    return this.enrolledAt !== null;
  }

  enrol(now: Date, by: 'student' | 'admin'): void {
    if (this.isEnrolled) throw new AlreadyEnrolledError();
    this.enrolledAt = now;
    this.record({ type: 'StudentEnrolled', payload: { studentId: this.studentId, courseId: this.courseId, enrolledBy: by } });
  }

  /** An admin takes the student off the course; ratings, favourites and the progress made elsewhere stay (re-enrolling resumes it). */
  unenrol(): void {
    if (!this.isEnrolled) throw new NotEnrolledInCourseError();
    this.enrolledAt = null;
    this.record({ type: 'StudentUnenrolled', payload: { studentId: this.studentId, courseId: this.courseId } });
  }

  /**
   * A student rates a course once, after enrolling (or when their formation is this course, which
   * the spec counts as enrolled even without an enrolment record).
   */
  rate(rating: unknown, reviews: string, now: Date, formation: FormationMatch): void {
    if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) throw new InvalidRatingError();
    if ([...reviews].length > 2000) throw new ReviewTooLongError();
    if (!this.isEnrolled && !matchesFormation(formation.formationTitle, formation.courseTitle)) throw new NotEnrolledError();
    if (this.rating !== null) throw new AlreadyRatedError();
    this.rating = rating;
    this.reviews = reviews.trim();
    this.ratedAt = now;
    this.record({ type: 'CourseRated', payload: { studentId: this.studentId, courseId: this.courseId, rating } });
  }

  /** Idempotent: favouriting a favourite records nothing. */
  favourite(now: Date): void {
    if (this.favouritedAt) return;
    this.favouritedAt = now;
    this.record({ type: 'CourseFavourited', payload: { studentId: this.studentId, courseId: this.courseId } });
  }

  unfavourite(): void {
    if (!this.favouritedAt) return;
    this.favouritedAt = null;
    this.record({ type: 'CourseUnfavourited', payload: { studentId: this.studentId, courseId: this.courseId } });
  }
}
