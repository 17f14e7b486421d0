import type { QueryBus } from '@nestjs/cqrs';
import { NOT_YOURS } from '../../../../platform/auth/ownership.js';
import type { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, InvalidInputError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { COURSE_STEP, COURSE_SUMMARY } from '../../../catalogue/contracts/catalogue.read-models.js';
import { COURSE_ENROLMENT } from '../../../enrolment/contracts/enrolment.read-models.js';
import { GetClosedProfiles } from '../../../identity/contracts/identity.queries.js';
import type { SupportStaffRole } from '../../contracts/tutoring.events.js';
import { ClosedAccountError } from '../../domain/tutoring.errors.js';

export const SUPPORT_ACCESS = {
  notFound: 'Demande d’assistance introuvable.',
  notEnrolled: 'Ce cours ne fait pas partie de vos formations : choisissez l’une de vos inscriptions.',
  notAStep: 'Cette étape ne fait pas partie du cours choisi.',
  stepWithoutCourse: 'Choisissez d’abord le cours de cette étape.',
  closedLearner: 'Votre compte est clôturé : vous ne pouvez plus ouvrir de demande d’assistance.',
  closedForAnswers: 'Ce compte est clôturé : il ne peut plus recevoir de réponses.',
  staffOnly: 'Seuls les administrateurs et le formateur du cours traitent les demandes d’assistance.',
};

export class SupportRequestNotFoundError extends NotFoundError {
  constructor() {
    super(SUPPORT_ACCESS.notFound, 'request');
  }
}

/** Who may answer and resolve a request: an admin, or the trainer of the request's course (a request without a course: admins only). */
export async function staffRoleFor(db: Database, actor: Actor, courseId: number | null): Promise<SupportStaffRole> {
  if (actor.role === 'admin') return 'admin';
  if (actor.role === 'teacher' && courseId !== null && (await trainsCourse(db, actor.profileId, courseId))) return 'teacher';
  throw new ForbiddenError(actor.role === 'student' ? SUPPORT_ACCESS.staffOnly : NOT_YOURS);
}

export async function trainsCourse(db: Database, teacherId: number, courseId: number): Promise<boolean> {
  return Boolean(await db.one(`select 1 from ${COURSE_SUMMARY} where course_id = $1 and teacher_id = $2`, [courseId, teacherId]));
}

/** Whether the actor may read a request: its learner, an admin, the trainer of its course. */
export async function mayReadRequest(db: Database, actor: Actor, request: { student_id: number; course_id: number | null }): Promise<boolean> {
  if (actor.role === 'admin') return true;
  if (actor.role === 'student') return actor.profileId === request.student_id;
  return request.course_id !== null && (await trainsCourse(db, actor.profileId, request.course_id));
}

/** The course must be one of the learner's enrolments, the step one of its live steps. */
export async function assertSubject(db: Database, studentId: number, courseId: number | null, stepKind: string | null, stepId: number | null): Promise<void> {
  if (courseId === null) {
    if (stepId !== null || stepKind !== null) throw new InvalidInputError(SUPPORT_ACCESS.stepWithoutCourse, 'course_id');
    return;
  }
  const enrolled = await db.one(`select 1 from ${COURSE_ENROLMENT} where student_id = $1 and course_id = $2`, [studentId, courseId]);
  if (!enrolled) throw new InvalidInputError(SUPPORT_ACCESS.notEnrolled, 'course_id');
  if (stepId === null && stepKind === null) return;
  const step = stepId !== null && stepKind !== null ? await db.one(`select 1 from ${COURSE_STEP} where course_id = $1 and kind = $2 and step_id = $3`, [courseId, stepKind, stepId]) : null;
  if (!step) throw new InvalidInputError(SUPPORT_ACCESS.notAStep, 'step_id');
}

export async function assertLearnerOpen(queries: QueryBus, studentId: number, refusal: string): Promise<void> {
  if ((await queries.execute(new GetClosedProfiles('student', [studentId]))).size > 0) throw new ClosedAccountError(refusal);
}

/** One writer at a time per request (answers and resolution from several staff at once queue, docs/adr/0022). */
export const supportWriters = (requestId: number) => ({ serialize: [`tutoring.support-request:${requestId}`] });
