import { randomUUID } from 'node:crypto';
import { Database } from '../../platform/database/database.js';
import type { Actor, Role } from '../../shared-kernel/index.js';
import type { TestApp } from '../../testing/test-app.js';

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

/** An auditor's mission as the admin's form sends it (docs/adr/0039). */
export interface AuditorScope {
  all_courses: boolean;
  course_ids: number[];
}

export interface GivenAuditor {
  auditorId: number;
  accountId: number;
  email: string;
  password: string;
  /** A fresh access token from the auditors' real sign-in, for `Authorization: Bearer`, and its refresh. */
  token: string;
  refresh: string;
  /** The one-use activation link the admin was answered (the same as the e-mail's). */
  invitationUrl: string;
}

/**
 * An auditor as in real use, through the real API: the admin invites one (`POST /api/admin/auditors`),
 * the invitation's one-use link answered to the admin sets the password, the auditor signs in. What the
 * invitation e-mail says is `identity/http/auditors.api.spec.ts`'s to prove. Throws (in French) on any
 * unexpected answer.
 */
export async function givenAuditor(t: TestApp, admin: { token: string }, scope: AuditorScope, endsOn = '2099-12-31'): Promise<GivenAuditor> {
  const send = async (url: string, payload: object, token?: string) => {
    const answer = await t.app.inject({ method: 'POST', url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
    const expected = { '/api/admin/auditors': 201, '/api/auditeurs/activation': 204, '/api/auditeurs/token': 200 }[url];
    if (answer.statusCode !== expected) throw new Error(`${url} a répondu ${answer.statusCode} : ${answer.body}`);
    return answer;
  };
  const email = `auditeur-${randomUUID().slice(0, 8)}@bureau-veritas.test`;
  const password = 'mot-de-passe-auditeur-1';
  const invited = (await send('/api/admin/auditors', { full_name: 'Claire Auditrice', email, organisation: 'Bureau Veritas — audit Qualiopi', ends_on: endsOn, ...scope }, admin.token)).json();
  const invitationUrl = invited.invitation_url as string;
  const secret = /#jeton=([A-Za-z0-9_-]+)$/.exec(invitationUrl)?.[1];
  if (!secret) throw new Error(`Lien d'invitation inattendu : ${invitationUrl}`);
  await send('/api/auditeurs/activation', { token: secret, password });
  const signedIn = (await send('/api/auditeurs/token', { email, password })).json();
  const auditorId = invited.auditor.id as number;
  const accountId = (await t.app.get(Database).one<{ account_id: number }>('select account_id from identity.auditor where id = $1', [auditorId]))!.account_id;
  return { auditorId, accountId, email, password, token: signedIn.access as string, refresh: signedIn.refresh as string, invitationUrl };
}
