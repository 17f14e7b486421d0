import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { Jobs } from '../../../../platform/jobs/jobs.service.js';
import { NotFoundError, type Actor } from '../../../../shared-kernel/index.js';

export const IMPORT_NOT_FOUND = 'Import introuvable.';

export interface StudentImportView {
  id: string;
  /** `queued` (waiting or running), `imported` (every learner with their enrolments), `failed` (nothing written). */
  status: 'queued' | 'imported' | 'failed';
  total: number;
  job_id: string | null;
  /** The job's progress while it runs (rows in three passes: read, accounts, enrolments). */
  progress: { done: number; total: number } | null;
  created_at: string;
  finished_at: string | null;
  failure: string | null;
  /** The activation e-mails, sent by their own job after the import: how many went, of how many. */
  emails: { done: number; total: number } | null;
  /** How many activation links wait for the admin (to read once at …/links). */
  links_pending: number;
}

/** An import's state for its screen (GET /admin/student-imports/{id}): the row and the job's progress. */
export class GetStudentImport extends Query<StudentImportView> {
  constructor(
    readonly actor: Actor,
    readonly importId: string,
  ) {
    super();
  }
}

@QueryHandler(GetStudentImport)
export class GetStudentImportHandler implements IQueryHandler<GetStudentImport> {
  constructor(
    private readonly db: Database,
    private readonly jobs: Jobs,
  ) {}

  async execute({ actor, importId }: GetStudentImport): Promise<StudentImportView> {
    assertAdmin(actor);
    const row = await this.db.one<{
      id: string; status: 'queued' | 'imported' | 'failed'; total: number; job_id: string | null; created_at: Date; finished_at: Date | null; failure: string | null;
      mail_job_id: string | null; links_pending: number;
    }>(
      `select id, status, total, job_id, created_at, finished_at, failure, mail_job_id, coalesce(jsonb_array_length(pending_links), 0) as links_pending
         from enrolment.student_import where id = $1`,
      [importId],
    );
    if (!row) throw new NotFoundError(IMPORT_NOT_FOUND);
    const job = row.job_id && row.status === 'queued' ? await this.jobs.status(row.job_id) : null;
    const mails = row.mail_job_id ? await this.jobs.status(row.mail_job_id) : null;
    return {
      id: row.id,
      status: row.status,
      total: row.total,
      job_id: row.job_id,
      progress: row.status === 'queued' ? (job?.progress ?? null) : { done: row.total * 3, total: row.total * 3 },
      created_at: row.created_at.toISOString(),
      finished_at: row.finished_at?.toISOString() ?? null,
      failure: row.failure,
      emails: mails ? (mails.state === 'completed' && mails.progress ? { done: mails.progress.total, total: mails.progress.total } : mails.progress) : null,
      links_pending: row.links_pending,
    };
  }
}
