import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import type { JobContext } from '../../../../platform/jobs/job-queue.js';
import { Jobs } from '../../../../platform/jobs/jobs.service.js';
import { Clock, ConcurrentWriteError, DomainError, type Actor } from '../../../../shared-kernel/index.js';
import { StreamVersionConflictError } from '../../../../platform/event-log/event-log.errors.js';
import { ImportStudents, QueueActivationMails, WithdrawImportedStudents, type ImportedStudents } from '../../../identity/contracts/identity.imports.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';
import { StudentImport, type PendingLink } from '../../domain/student-import.aggregate.js';
import type { ResolvedRow } from '../../domain/student-import-rows.js';
import { TrainingSession } from '../../domain/training-session.aggregate.js';

export const STUDENT_IMPORT_JOB = 'enrolment.student-import';

export interface StudentImportJobData {
  importId: string;
  actor: Actor;
}

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
    const rows = (await this.db.one<{ rows: ResolvedRow[] | null }>('select rows from enrolment.student_import where id = $1', [importId]))?.rows ?? [];
    const n = rows.length;
    await job.progress(0, total);
    let made: ImportedStudents;
    await this.testHooks.beforeAccounts?.();
    try {
      made = await this.commands.execute(new ImportStudents(actor, importId, rows.map(({ courseIds: _c, sessionId: _s, ...input }) => input)));
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
      mailJobId = await this.enrol(importId, rows, made, actor);
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
   */
  private async enrol(importId: string, rows: ResolvedRow[], { students }: ImportedStudents, actor: Actor): Promise<string | null> {
    const byLine = new Map(students.map((s) => [s.line, s]));
    return this.store.transaction(
      async (uow) => {
        const entry = await uow.load(StudentImport, { id: importId }, () => new Error(`Import ${importId} introuvable.`) as never);
        if (entry.ended) return entry.mailJobId;
        const now = this.clock.now();
        const ids = students.map((s) => s.studentId);
        const existing = new Map((await uow.findMany(StudentCourse, { studentId: { $in: ids } })).map((link) => [`${link.studentId}:${link.courseId}`, link]));
        const sessionIds = [...new Set(rows.map((r) => r.sessionId).filter((id): id is number => id !== null))];
        const sessions = new Map((await uow.findMany(TrainingSession, { id: { $in: sessionIds } })).map((s) => [s.id, s]));
        if (sessionIds.length > 0) await uow.em.populate([...sessions.values()], ['members']);
        let enrolments = 0;
        let memberships = 0;
        const links: PendingLink[] = [];
        for (const row of rows) {
          const student = byLine.get(row.line);
          if (!student) continue;
          for (const courseId of row.courseIds) {
            const key = `${student.studentId}:${courseId}`;
            const link = existing.get(key) ?? uow.add(new StudentCourse(student.studentId, courseId));
            existing.set(key, link);
            if (!link.isEnrolled) {
              link.enrol(now, 'admin');
              enrolments += 1;
            }
          }
          const session = row.sessionId !== null ? sessions.get(row.sessionId) : undefined;
          if (session && session.addLearner(student.studentId, true, now)) memberships += 1;
          if (student.link) links.push({ line: row.line, studentId: student.studentId, prenom: row.prenom, nom: row.nom, link: student.link });
        }
        const mailJobId = rows.some((r) => r.email !== null) ? randomUUID() : null;
        entry.complete({ students: students.length, enrolments, sessionMemberships: memberships, activationEmails: students.length - links.length, mailJobId, links }, now);
        return mailJobId;
      },
      { actor },
    );
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
