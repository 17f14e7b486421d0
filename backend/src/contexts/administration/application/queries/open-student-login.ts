import type { Database } from '../../../../platform/database/database.js';
import { NotFoundError } from '../../../../shared-kernel/index.js';
import { STUDENT_RECORD } from '../../../identity/contracts/identity.read-models.js';

/** An open student's login, which names their own export file; 404 for an unknown or closed account. */
export async function openStudentLogin(db: Database, studentId: number): Promise<string> {
  const row = await db.one<{ username: string }>(`select username from ${STUDENT_RECORD} where id = $1 and closed_at is null`, [studentId]);
  if (!row) throw new NotFoundError('Étudiant non trouvé.');
  return row.username;
}
