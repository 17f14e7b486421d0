import type { UnitOfWork } from '../../../../platform/aggregate-store/index.js';
import { UserNotFoundError } from '../../domain/identity.errors.js';
import { StudentProfile, TeacherProfile } from '../../domain/profiles.js';

/** The student's or trainer's profile of an account (`/users/{id}/`); admins' accounts are not managed here. */
export async function loadProfileOfAccount(uow: UnitOfWork, accountId: number): Promise<StudentProfile | TeacherProfile> {
  const student = await uow.find(StudentProfile, { account: accountId }, { populate: ['account'] });
  if (student) return student;
  return uow.load(TeacherProfile, { account: accountId }, () => new UserNotFoundError(), { populate: ['account'] });
}
