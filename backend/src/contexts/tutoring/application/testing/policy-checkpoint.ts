// For the policies' integration specs: where a policy stands in the real event log, and a real
// database failure to make it fail on purpose.
import type { Database } from '../../../../platform/database/database.js';
import { eventually } from '../../../../platform/testing/eventually.js';

export interface PolicyCheckpoint {
  /** Events of the handled type after the checkpoint. */
  lag: number;
  error_count: number;
  last_error: string | null;
  next_retry_at: Date | null;
}

export async function policyCheckpoint(db: Database, name: string, handles: string): Promise<PolicyCheckpoint> {
  const [row] = await db.query<PolicyCheckpoint>(
    `select (select count(*)::int from eventlog.event e
              where (e.transaction_id, e.position) > (c.transaction_id, c.position) and e.event_type = $2) as lag,
            c.error_count, c.last_error, c.next_retry_at
       from eventlog.checkpoint c where c.name = $1`,
    [name, handles],
  );
  if (!row) throw new Error(`Pas de point de reprise pour ${name}.`);
  return row;
}

/** Until the policy has handled every `handles` event in the log, none of them failing. */
export function policyCaughtUp(db: Database, name: string, handles: string): Promise<void> {
  return eventually(async () => {
    expect(await policyCheckpoint(db, name, handles)).toMatchObject({ lag: 0, error_count: 0, last_error: null });
  }, 10_000);
}

/** The student's tutoring links as stored. */
export function linksOf(db: Database, studentId: number) {
  return db.query<{ teacher_id: number; active: boolean; origin: string }>('select teacher_id, active, origin from tutoring.tutorship where student_id = $1', [studentId]);
}

/**
 * From now on, PostgreSQL refuses any new tutoring link of the trainer (a check constraint): a
 * failure no rule of the application expects. Returns what lifts it.
 */
export async function refuseLinksOfTrainer(db: Database, teacherId: number): Promise<() => Promise<void>> {
  const constraint = `test_refuse_links_of_trainer_${Number(teacherId)}`;
  await db.query(`alter table tutoring.tutorship add constraint ${constraint} check (teacher_id <> ${Number(teacherId)}) not valid`);
  return async () => {
    await db.query(`alter table tutoring.tutorship drop constraint if exists ${constraint}`);
  };
}
