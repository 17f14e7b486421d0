import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Jobs, JobsDisabledError } from '../../../../platform/jobs/jobs.service.js';
import { Clock, ConflictError, InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import { sqlExecutor } from '../../../../platform/event-log/sql-executor.js';
import { StudentImport } from '../../domain/student-import.aggregate.js';
import type { ResolvedRow } from '../../domain/student-import-rows.js';
import { ImportFileCheck } from './import-file-check.js';
import { previewView, type ImportPreviewView } from './preview-student-import.query.js';
import { STUDENT_IMPORT_JOB, type StudentImportJobData } from './student-import.job.js';

export const IMPORT_HAS_PROBLEMS = 'Le fichier contient des erreurs : corrigez-les (voir l’aperçu) puis importez-le de nouveau. Rien n’a été importé.';

/** The file's problems, answered with the preview (422): nothing is written while one remains. */
export class ImportHasProblemsError extends InvalidInputError {
  constructor(readonly preview: ImportPreviewView) {
    super(IMPORT_HAS_PROBLEMS, 'file');
  }
}

/**
 * An admin imports a file (POST /admin/student-imports): checked again as the preview does, then
 * the import is stored and its job queued (docs/adr/0052). The request key (ADR 0022) is the
 * import's id: sent again, it answers the same import.
 */
export class RequestStudentImport extends Command<{ importId: string; jobId: string | null; total: number }> {
  constructor(
    readonly actor: Actor,
    readonly bytes: Buffer,
    readonly requestKey: string,
  ) {
    super();
  }
}

@CommandHandler(RequestStudentImport)
export class RequestStudentImportHandler implements ICommandHandler<RequestStudentImport> {
  constructor(
    private readonly store: AggregateStore,
    private readonly check: ImportFileCheck,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, bytes, requestKey }: RequestStudentImport): Promise<{ importId: string; jobId: string | null; total: number }> {
    assertAdmin(actor);
    const known = await this.store.transaction(async (uow) => uow.find(StudentImport, { id: requestKey }));
    if (known) return { importId: known.id, jobId: known.jobId, total: known.total };
    if (!this.jobs.sending) throw new ConflictError('La file de tâches n’est pas démarrée sur ce serveur : l’import ne peut pas être lancé.');
    const { fileSha256, resolved } = await this.importable(actor, bytes);
    // Two sendings at once (a double click, a retry while the first was still checking the file): one
    // records the import and queues its job; the other answers that import (one job, never two).
    const inserted = await this.store.transaction(async (uow) => {
      if (await uow.find(StudentImport, { id: requestKey })) return false;
      uow.add(new StudentImport(requestKey, actor.profileId, fileSha256, resolved.length, this.clock.now()));
      uow.persistAdded();
      await uow.em.flush();
      // The rows, staged beside the import in one parameterised statement (the job reads them back):
      // not through the ORM, which would keep a JSON copy and a snapshot of 10,000 rows (ADR 0052).
      await sqlExecutor(uow.em).query('update enrolment.student_import set rows = $2::jsonb where id = $1', [requestKey, JSON.stringify(resolved)]);
      return true;
    }, { actor, serialize: [`enrolment.student-import:${requestKey}`] });
    if (!inserted) {
      const first = await this.store.transaction(async (uow) => uow.find(StudentImport, { id: requestKey }));
      return { importId: requestKey, jobId: first?.jobId ?? null, total: first?.total ?? resolved.length };
    }
    const data: StudentImportJobData = { importId: requestKey, actor };
    const jobId = await this.jobs.send(STUDENT_IMPORT_JOB, data).catch((error: unknown) => {
      if (error instanceof JobsDisabledError) throw new ConflictError('La file de tâches n’est pas démarrée sur ce serveur : l’import ne peut pas être lancé.');
      throw error;
    });
    await this.store.transaction(async (uow) => {
      const entry = await uow.find(StudentImport, { id: requestKey });
      entry?.queuedAs(jobId);
      if (entry) uow.em.persist(entry);
    });
    return { importId: requestKey, jobId, total: resolved.length };
  }

  /** The file checked as the preview does, refused with the preview while a problem remains; only the resolved rows are kept. */
  private async importable(actor: Actor, bytes: Buffer): Promise<{ fileSha256: string; resolved: ResolvedRow[] }> {
    const checked = await this.check.check(actor, bytes);
    const preview = previewView(checked.fileProblems, checked.rows);
    if (!preview.importable) throw new ImportHasProblemsError(preview);
    return { fileSha256: checked.fileSha256, resolved: checked.resolved };
  }
}
