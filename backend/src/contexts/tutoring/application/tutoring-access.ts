import type { QueryBus } from '@nestjs/cqrs';
import { NOT_YOURS } from '../../../platform/auth/ownership.js';
import type { Database } from '../../../platform/database/database.js';
import { ForbiddenError, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { GetClosedProfiles, GetStudentSummaries, GetTeacherProfile, GetTeacherSummaries } from '../../identity/contracts/identity.queries.js';
import type { Side } from '../contracts/tutoring.events.js';
import { ClosedAccountError } from '../domain/tutoring.errors.js';

/** Which side of the trainer–student pair the actor is; anyone else is refused. */
export function sideOf(actor: Actor, teacherId: number, studentId: number): Side {
  if (actor.role === 'student' && actor.profileId === studentId) return 'student';
  if (actor.role === 'teacher' && actor.profileId === teacherId) return 'teacher';
  throw new ForbiddenError(NOT_YOURS);
}

/** Whether the trainer follows the student now. */
export async function follows(db: Database, teacherId: number, studentId: number): Promise<boolean> {
  const row = await db.one('select 1 from tutoring.tutorship where teacher_id = $1 and student_id = $2 and active', [teacherId, studentId]);
  return Boolean(row);
}

/** The students the trainer follows now. */
export async function followedStudentIds(db: Database, teacherId: number): Promise<number[]> {
  const rows = await db.query<{ student_id: number }>('select student_id from tutoring.tutorship where teacher_id = $1 and active order by student_id', [teacherId]);
  return rows.map((row) => row.student_id);
}

export async function assertTeacherExists(queries: QueryBus, teacherId: number): Promise<void> {
  if (!(await queries.execute(new GetTeacherSummaries([teacherId]))).has(teacherId)) throw new NotFoundError('Formateur introuvable.', 'formateur');
}

/** Only a trainer the centre accepted follows students (docs/adr/0030); an unknown one is 404. */
export async function assertTeacherAccepted(queries: QueryBus, teacherId: number): Promise<void> {
  await assertTeacherExists(queries, teacherId);
  const { approval } = await queries.execute(new GetTeacherProfile('system', teacherId));
  if (approval !== 'accepted') throw new ForbiddenError(TEACHER_NOT_ACCEPTED);
}

export const TEACHER_NOT_ACCEPTED = "Ce formateur n'a pas encore été accepté par le centre : aucun étudiant ne peut lui être confié.";

export async function assertStudentExists(queries: QueryBus, studentId: number): Promise<void> {
  if (!(await queries.execute(new GetStudentSummaries([studentId]))).has(studentId)) throw new NotFoundError('Étudiant non trouvé.', 'student');
}

/**
 * Both sides, the group messages, the read receipts and the e-mail notices write to a
 * conversation: its writers queue on the pair (docs/adr/0022), each loading what the one before
 * committed, instead of racing and refusing someone's message.
 */
export const conversationWriters = (teacherId: number, studentIds: readonly number[]) => ({
  serialize: studentIds.map((studentId) => `tutoring.conversation:${teacherId}:${studentId}`),
});

/** Whether the pair may read their conversation: the trainer follows the student, or did (their exchanges stay readable). */
export async function haveExchanged(db: Database, teacherId: number, studentId: number): Promise<boolean> {
  const row = await db.one<{ yes: boolean }>(
    `select exists (select 1 from tutoring.tutorship where teacher_id = $1 and student_id = $2 and active)
         or exists (select 1 from tutoring.conversation where teacher_id = $1 and student_id = $2) as yes`,
    [teacherId, studentId],
  );
  return row?.yes === true;
}

/** The refusals of a write to a closed account (ADR 0015, issue 22): it receives nothing any more. */
export const CLOSED_FOR_MESSAGES = 'Ce compte est clôturé : il ne peut plus recevoir de messages.';
export const CLOSED_FOR_HOMEWORK = 'Ce compte est clôturé : il ne peut plus recevoir de devoirs.';
export const CLOSED_FOR_FOLLOW_UP = "Ce compte est clôturé : il ne peut plus être suivi ni suivre d'étudiant.";

/** Whether the trainer's or the student's account is closed. */
export async function pairHasClosedAccount(queries: QueryBus, teacherId: number, studentId: number): Promise<boolean> {
  const [teachers, students] = await Promise.all([
    queries.execute(new GetClosedProfiles('teacher', [teacherId])),
    queries.execute(new GetClosedProfiles('student', [studentId])),
  ]);
  return teachers.size > 0 || students.size > 0;
}

/** Refuses (409, the refusal given) a write between a trainer and a student when either account is closed. */
export async function assertPairOpen(queries: QueryBus, teacherId: number, studentId: number, refusal: string): Promise<void> {
  if (await pairHasClosedAccount(queries, teacherId, studentId)) throw new ClosedAccountError(refusal);
}

/** The students of the list whose accounts are open (a group message skips the closed ones). */
export async function openStudents(queries: QueryBus, studentIds: readonly number[]): Promise<number[]> {
  const closed = await queries.execute(new GetClosedProfiles('student', studentIds));
  return studentIds.filter((id) => !closed.has(id));
}
