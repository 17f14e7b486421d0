import type { EntityManager } from '@mikro-orm/postgresql';
import { identityUniqueViolation } from './account-repository.js';
import { DossierTakenError, IDENTITY_MESSAGES, InvalidRecordError, TeacherNotFoundError } from '../domain/identity.errors.js';

/** A case number names one student (case ignored). */
export async function assertDossierFree(em: EntityManager, numeroDossier: string | null, exceptStudentId = -1): Promise<void> {
  if (!numeroDossier?.trim()) return;
  const rows = await em.execute<{ id: number }[]>(
    `select id from identity.student where lower(numero_dossier) = lower(?) and id <> ? limit 1`,
    [numeroDossier.trim(), exceptStudentId],
  );
  if (rows.length > 0) throw new DossierTakenError();
}

/** A trainer chosen for a new student exists and can teach (not suspended, not closed). */
export async function assertActiveTrainer(em: EntityManager, teacherId: number): Promise<void> {
  const rows = await em.execute<{ is_active: boolean }[]>(
    `select a.is_active from identity.teacher t join identity.account a on a.id = t.account_id where t.id = ? and a.closed_at is null`,
    [teacherId],
  );
  if (rows.length === 0) throw new TeacherNotFoundError();
  if (!rows[0].is_active) throw new InvalidRecordError(IDENTITY_MESSAGES.trainerInactive, 'formateur_id');
}

/** Names a unique-index race (e-mail, login, case number) as the checks would. */
export function recordUniqueViolation(message: string) {
  return identityUniqueViolation(message) ?? (message.includes('student_numero_dossier_unique') ? new DossierTakenError() : undefined);
}
