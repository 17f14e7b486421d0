import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EventLog } from '../../../platform/event-log/index.js';
import { ConflictError } from '../../../shared-kernel/index.js';
import { STUDENT_COURSE_STREAM, type EnrolmentEvent } from '../contracts/enrolment.events.js';
import { StudentCourse } from '../domain/student-course.aggregate.js';

/**
 * Loads (or starts) the student–course aggregate, lets one domain method run, then saves the row
 * and appends its events in the same transaction, checked against the version it was loaded at.
 */
@Injectable()
export class StudentCourseUnitOfWork {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventLog,
  ) {}

  async change(studentId: number, courseId: number, decide: (aggregate: StudentCourse) => EnrolmentEvent[]): Promise<StudentCourse> {
    try {
      return await this.orm.em.fork().transactional(async (em) => {
        const aggregate = (await em.findOne(StudentCourse, { studentId, courseId })) ?? new StudentCourse(studentId, courseId);
        const expectedVersion = aggregate.version;
        const events = decide(aggregate);
        if (events.length === 0) return aggregate;
        await em.persist(aggregate).flush();
        await this.events.append(em, { streamType: STUDENT_COURSE_STREAM, streamId: `${studentId}-${courseId}`, expectedVersion, events });
        return aggregate;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new ConflictError('Une autre demande a modifié ce cours pour vous au même moment. Réessayez.');
      }
      throw error;
    }
  }
}
