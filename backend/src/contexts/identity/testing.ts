import type { Database } from '../../platform/database/database.js';
import type { Actor, Role } from '../../shared-kernel/index.js';

/** Commands the demo data and the tests send directly (docs/adr/0007-contracts-only-boundaries.md). */
export { RegisterStudent } from './application/commands/register-student.command.js';
export { RegisterTeacher } from './application/commands/register-teacher.command.js';
export { AcceptTrainer } from './application/commands/accept-trainer.command.js';
export { CreateAdmin } from './application/commands/create-admin.command.js';
export { ToggleAccountActive } from './application/commands/toggle-account-active.command.js';
export { CreateStudent } from './application/commands/create-student.command.js';
export { UpdateStudentRecord } from './application/commands/update-student-record.command.js';
export { RemovePerson } from './application/commands/remove-person.command.js';
export { UpdateTrainerRecord } from './application/commands/update-trainer-record.command.js';
export { ActivateAuditor, ChangeAuditorScope, EndAuditorAccess, InviteAuditor } from './application/auditors/auditor-commands.js';
export type { StudentRecord, TeacherDetails } from './domain/profiles.js';

/** The actor a command run by the demo data or a test speaks as: a real account, without a token. */
export async function actorOf(db: Database, role: Role, profileId: number): Promise<Actor> {
  const table = { student: 'student', teacher: 'teacher', admin: 'admin', auditor: 'auditor' }[role];
  const row = await db.one<{ account_id: number; username: string }>(
    `select a.id as account_id, a.username from identity.${table} p join identity.account a on a.id = p.account_id where p.id = $1`,
    [profileId],
  );
  if (!row) throw new Error(`Aucun profil ${role} ${profileId}.`);
  return { accountId: row.account_id, role, profileId, username: row.username, jti: 'interne' };
}
