import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AggregateStore, type UnitOfWork } from '../../../../platform/aggregate-store/index.js';
import { sqlExecutor } from '../../../../platform/event-log/sql-executor.js';
import { Database } from '../../../../platform/database/database.js';
import type { JobContext } from '../../../../platform/jobs/job-queue.js';
import { Jobs } from '../../../../platform/jobs/jobs.service.js';
import { Clock, ConcurrentWriteError, DomainError, type Actor } from '../../../../shared-kernel/index.js';
import { StreamVersionConflictError } from '../../../../platform/event-log/event-log.errors.js';
import { ImportStudents, QueueActivationMails, WithdrawImportedStudents, type ImportedStudentInput, type ImportedStudents } from '../../../identity/contracts/identity.imports.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';
import { StudentImport, type PendingLink } from '../../domain/student-import.aggregate.js';
import type { ResolvedRow } from '../../domain/student-import-rows.js';
import { TrainingSession } from '../../domain/training-session.aggregate.js';

export const STUDENT_IMPORT_JOB = 'enrolment.student-import';

/** How many rows step 2 enrols at once (one INSERT and one append each), in its one transaction. */
const ENROL_CHUNK = 1_000;

export interface StudentImportJobData {
  importId: string;
  actor: Actor;
}

/** What step 2 reads of a row: its courses and session, and the names the admin's links show. */
type EnrolRow = Pick<ResolvedRow, 'line' | 'courseIds' | 'sessionId' | 'prenom' | 'nom'> & { hasEmail: boolean };

export interface StudentImportJobOutput {
  status: 'imported' | 'failed';
}

/**
 * Runs an import on the job queue (docs/adr/0052), in two transactions that each commit whole:
 * 1. identity creates every account and record (`ImportStudents`, its own command);
 * 2. this context enrols every learner in their courses and sessions and marks the import
 *    « importé », together, recording the id of the job that will e-mail the activation links;
 *    only after that commit is the job queued (`QueueActivationMails`, the same id: once).
 * Step 2 failing on the queue's last try fails the import and withdraws the learners step 1 made
 * (never told: no e-mail went).
 * A try cut off between them (a restart, a killed process) is run again by the queue: identity
 * finds the learners it made and creates none again, and step 2 runs on them. A refusal of
 * identity (an e-mail taken since the preview) fails the import with nothing written.
 * Progress: the rows in three passes (read, accounts, enrolments); the e-mails have their own job.
 */
@Injectable()
export class StudentImportRunner implements OnModuleInit {
  private readonly logger = new Logger('Import d’étudiants');
  /** Tests only: what runs before identity's transaction, and between the two (to cut a try off there). */
  readonly testHooks: { beforeAccounts: (() => Promise<void>) | null; betweenSteps: (() => Promise<void>) | null } = { beforeAccounts: null, betweenSteps: null };

  constructor(
    private readonly jobs: Jobs,
    private readonly store: AggregateStore,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
    private readonly db: Database,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.define<StudentImportJobData>({
      name: STUDENT_IMPORT_JOB, retryLimit: 3, retryDelaySeconds: 2, expireInSeconds: 3600, heartbeatSeconds: 30, handler: (job) => this.run(job),
    });
  }

  async run(job: JobContext<StudentImportJobData>): Promise<StudentImportJobOutput> {
    const { importId, actor } = job.data;
    const entry = await this.store.transaction(async (uow) => uow.find(StudentImport, { id: importId }));
    if (!entry) throw new Error(`Import ${importId} introuvable.`);
    const total = Math.max(1, entry.total * 3);
    if (entry.ended) {
      // A try cut off after step 2 committed: its e-mails may not be queued yet (the same job id: queued once).
      if (entry.status === 'imported' && entry.mailJobId) await this.commands.execute(new QueueActivationMails(actor, importId, entry.mailJobId));
      // A try cut off between « échoué » and the withdrawal: its learners, never told, are withdrawn now (once: closed accounts are skipped).
      if (entry.status === 'failed') await this.commands.execute(new WithdrawImportedStudents(actor, importId));
      await job.progress(total, total);
      return { status: entry.status === 'imported' ? 'imported' : 'failed' };
    }
    const n = entry.total;
    await job.progress(0, total);
    let made: ImportedStudents;
    await this.testHooks.beforeAccounts?.();
    try {
      made = await this.importAccounts(importId, actor);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await this.fail(importId, error.message, actor);
      await job.progress(total, total);
      this.logger.warn(`Import ${importId} refusé : ${error.message}`);
      return { status: 'failed' };
    }
    await job.progress(2 * n, total);
    await this.testHooks.betweenSteps?.();
    let mailJobId: string | null;
    try {
      mailJobId = await this.enrol(importId, made, actor);
    } catch (error) {
      // Step 2's own error: the queue tries again (a lost connection, a lock, a write that raced,
      // such as a session's member added meanwhile); a refusal by a rule, or any error on the last
      // try, fails the import, and the learners step 1 made, never told, are withdrawn.
      if (!finalError(error) && !(await this.lastTry(job.id))) throw error;
      this.logger.error(`Import ${importId} : les inscriptions n’ont pas pu être enregistrées (${(error as Error).message}).`);
      // « échoué » first, under the import's lock: a crash after it withdraws on the next try (above);
      // an import step 2 did commit (an answer lost) is « importé » and keeps its learners.
      const ended = await this.failIfRunning(importId, enrolmentsFailed(made.students.length), actor);
      if (ended.status === 'imported') {
        if (ended.mailJobId) await this.commands.execute(new QueueActivationMails(actor, importId, ended.mailJobId));
        await job.progress(total, total);
        return { status: 'imported' };
      }
      await this.commands.execute(new WithdrawImportedStudents(actor, importId));
      await job.progress(total, total);
      return { status: 'failed' };
    }
    // Only now, step 2 committed: the activation e-mails go (never for an import that is not « importé »).
    if (mailJobId) await this.commands.execute(new QueueActivationMails(actor, importId, mailJobId));
    await job.progress(total, total);
    return { status: 'imported' };
  }

  /**
   * Step 1: identity creates the accounts from the rows as it takes them, read from the import's row
   * (one copy, without what only step 2 needs) and let go once identity answered.
   */
  private async importAccounts(importId: string, actor: Actor): Promise<ImportedStudents> {
    const rows = await this.db.one<{ rows: ImportedStudentInput[] }>(
      `select coalesce(jsonb_agg(r.value - 'courseIds' - 'sessionId' order by r.n), '[]') as rows
         from enrolment.student_import i, jsonb_array_elements(i.rows) with ordinality as r(value, n) where i.id = $1`,
      [importId],
    );
    return this.commands.execute(new ImportStudents(actor, importId, rows?.rows ?? []));
  }

  /** Step 2's view of the rows: the courses and the session of each line, and the names the admin's links show. */
  private async enrolRows(importId: string): Promise<EnrolRow[]> {
    const rows = await this.db.one<{ rows: EnrolRow[] }>(
      `select coalesce(jsonb_agg(jsonb_build_object('line', r.value->'line', 'courseIds', r.value->'courseIds', 'sessionId', r.value->'sessionId',
                                                    'hasEmail', r.value->>'email' is not null, 'prenom', r.value->'prenom', 'nom', r.value->'nom') order by r.n), '[]') as rows
         from enrolment.student_import i, jsonb_array_elements(i.rows) with ordinality as r(value, n) where i.id = $1`,
      [importId],
    );
    return rows?.rows ?? [];
  }

  private async lastTry(jobId: string): Promise<boolean> {
    const status = await this.jobs.status(jobId);
    return status !== null && status.retryCount >= status.retryLimit;
  }

  /** Marks the import « échoué » unless it has ended already; answers how it ended. */
  private async failIfRunning(importId: string, reason: string, actor: Actor): Promise<{ status: StudentImport['status']; mailJobId: string | null }> {
    return this.store.transaction(
      async (uow) => {
        const entry = await uow.load(StudentImport, { id: importId }, () => new Error(`Import ${importId} introuvable.`) as never);
        if (!entry.ended) entry.fail(reason, this.clock.now());
        return { status: entry.status, mailJobId: entry.mailJobId };
      },
      { actor },
    );
  }

  private async fail(importId: string, reason: string, actor: Actor): Promise<void> {
    await this.store.transaction(async (uow) => (await uow.load(StudentImport, { id: importId }, () => new Error(`Import ${importId} introuvable.`) as never)).fail(reason, this.clock.now()), { actor });
  }

  /**
   * Step 2: every enrolment and session membership, and « importé », in one transaction; answers the
   * id (drawn here, recorded with « importé ») of the job that will e-mail the activation links, or null.
   * The enrolments are built by the domain (`StudentCourse.enrol`: the same `StudentEnrolled`) and
   * written set-based, chunk after chunk: one INSERT and one `appendMany` per chunk (ADR 0052
   * amendment 3), not 10,000 entities in the ORM's unit of work; the session memberships likewise
   * (recorded by the session, one INSERT per session and chunk).
   */
  private async enrol(importId: string, { students }: ImportedStudents, actor: Actor): Promise<string | null> {
    const rows = await this.enrolRows(importId);
    const byLine = new Map(students.map((s) => [s.line, s]));
    return this.store.transaction(
      async (uow) => {
        const entry = await uow.load(StudentImport, { id: importId }, () => new Error(`Import ${importId} introuvable.`) as never);
        if (entry.ended) return entry.mailJobId;
        const now = this.clock.now();
        const sessionIds = [...new Set(rows.map((r) => r.sessionId).filter((id): id is number => id !== null))];
        const sessions = new Map((await uow.findMany(TrainingSession, { id: { $in: sessionIds } })).map((s) => [s.id, s]));
        if (sessionIds.length > 0) await uow.em.populate([...sessions.values()], ['members']);
        let enrolments = 0;
        let memberships = 0;
        const links: PendingLink[] = [];
        for (let start = 0; start < rows.length; start += ENROL_CHUNK) {
          const chunk = rows.slice(start, start + ENROL_CHUNK).flatMap((row) => {
            const student = byLine.get(row.line);
            return student ? [{ row, student }] : [];
          });
          enrolments += await this.enrolChunk(uow, chunk.flatMap(({ row, student }) => row.courseIds.map((courseId) => ({ studentId: student.studentId, courseId }))), now);
          const joining = new Map<number, number[]>();
          for (const { row, student } of chunk) {
            if (row.sessionId !== null && sessions.has(row.sessionId)) {
              const learners = joining.get(row.sessionId) ?? [];
              learners.push(student.studentId);
              joining.set(row.sessionId, learners);
            }
            if (student.link) links.push({ line: row.line, studentId: student.studentId, prenom: row.prenom, nom: row.nom, link: student.link });
          }
          for (const [sessionId, studentIds] of joining) memberships += await this.joinSession(uow, sessions.get(sessionId)!, studentIds, now);
        }
        const mailJobId = rows.some((r) => r.hasEmail) ? randomUUID() : null;
        entry.complete({ students: students.length, enrolments, sessionMemberships: memberships, activationEmails: students.length - links.length, mailJobId, links }, now);
        return mailJobId;
      },
      { actor },
    );
  }

  /** One chunk's learners join a session: recorded by the session, their member rows in one INSERT. Answers how many joined. */
  private async joinSession(uow: UnitOfWork, session: TrainingSession, studentIds: number[], now: Date): Promise<number> {
    const admitted = session.admitImportedLearners(studentIds);
    if (admitted.length === 0) return 0;
    await sqlExecutor(uow.em).query(
      `insert into enrolment.session_member (session_id, course_id, role, person_id, joined_at)
       select $1, $2, 'learner', person_id, $3 from unnest($4::int[]) as person_id`,
      [session.id, session.courseId, now, admitted],
    );
    return admitted.length;
  }

  /**
   * One chunk's enrolments: a learner already linked to the course (enrolled meanwhile by hand) goes
   * through the ORM as one by one; the others, new, in one INSERT, their events in one append. Answers
   * how many were enrolled.
   */
  private async enrolChunk(uow: UnitOfWork, pairs: { studentId: number; courseId: number }[], now: Date): Promise<number> {
    if (pairs.length === 0) return 0;
    const existing = new Map(
      (await uow.findMany(StudentCourse, { studentId: { $in: [...new Set(pairs.map((p) => p.studentId))] } })).map((link) => [`${link.studentId}:${link.courseId}`, link]),
    );
    let enrolled = 0;
    const fresh: StudentCourse[] = [];
    for (const { studentId, courseId } of pairs) {
      const known = existing.get(`${studentId}:${courseId}`);
      const link = known ?? new StudentCourse(studentId, courseId);
      if (link.isEnrolled) continue;
      link.enrol(now, 'admin');
      enrolled += 1;
      if (!known) fresh.push(link);
    }
    if (fresh.length === 0) return enrolled;
    // Straight to the driver, parameterised: the ORM's execute would inline the chunk's JSON in the SQL text.
    const inserted = await sqlExecutor(uow.em).query<{ id: number; student_id: number; course_id: number }>(
      `insert into enrolment.student_course (student_id, course_id, enrolled_at, first_enrolled_at, version)
       select r.student_id, r.course_id, r.enrolled_at, r.first_enrolled_at, r.version
         from jsonb_to_recordset($1::jsonb) as r(student_id int, course_id int, enrolled_at timestamptz, first_enrolled_at timestamptz, version int)
       returning id, student_id, course_id`,
      [JSON.stringify(fresh.map((l) => ({ student_id: l.studentId, course_id: l.courseId, enrolled_at: l.enrolledAt, first_enrolled_at: l.firstEnrolledAt, version: l.version })))],
    );
    const ids = new Map(inserted.map((r) => [`${r.student_id}:${r.course_id}`, r.id]));
    for (const link of fresh) link.id = ids.get(`${link.studentId}:${link.courseId}`)!;
    await uow.appendInserted(fresh);
    return enrolled;
  }
}

/** The reason the screen shows when step 2 failed for good (French, no technical detail). */
/** A refusal by a rule ends the import; a write that raced (ConcurrentWriteError, a stream's version) is tried again. */
function finalError(error: unknown): boolean {
  return error instanceof DomainError && !(error instanceof ConcurrentWriteError) && !(error instanceof StreamVersionConflictError);
}

export function enrolmentsFailed(withdrawn: number): string {
  return (
    'Les inscriptions aux formations n’ont pas pu être enregistrées : l’import est annulé. ' +
    `${withdrawn > 1 ? `Les ${withdrawn} comptes préparés ont été retirés` : withdrawn === 1 ? 'Le compte préparé a été retiré' : 'Aucun compte n’a été gardé'} ` +
    'sans qu’aucun e-mail ne parte. Vérifiez que les formations et sessions du fichier existent toujours, puis importez-le de nouveau.'
  );
}
