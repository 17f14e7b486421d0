import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, type StreamRef } from '../../../shared-kernel/index.js';
import { STUDENT_IMPORT_STREAM, type StudentImportEvent } from '../contracts/enrolment.events.js';
import type { ResolvedRow } from './student-import-rows.js';

export type StudentImportStatus = 'queued' | 'imported' | 'failed';

/** A learner's activation link the admin hands over (no e-mail, or the e-mail failed). */
export interface PendingLink {
  line: number;
  studentId: number;
  prenom: string;
  nom: string;
  link: string;
}

/** What the import made once it ended. */
export interface ImportOutcome {
  students: number;
  enrolments: number;
  sessionMemberships: number;
  /** Learners whose link is e-mailed (by identity's job, after the import). */
  activationEmails: number;
  mailJobId: string | null;
  links: PendingLink[];
}

/**
 * A bulk import of learners (issue 29 item 3, docs/adr/0052): the rows of a file that passed the
 * preview, waiting on the job queue, then imported — every learner with their enrolments — or
 * failed with nothing written. Its rows are personal data: cleared once it ends; the links of the
 * learners without e-mail are kept until the admin reads them, once.
 */
@Entity({ tableName: 'student_import', schema: 'enrolment' })
export class StudentImport extends AggregateRoot<StudentImportEvent> {
  @PrimaryKey({ type: 'uuid' })
  id: string;

  @Property({ type: 'integer', fieldName: 'requested_by' })
  requestedBy: number;

  @Property({ type: 'string', columnType: 'text', fieldName: 'file_sha256' })
  fileSha256: string;

  @Property({ type: 'string', columnType: 'text' })
  status: StudentImportStatus = 'queued';

  @Property({ type: 'integer' })
  total: number;

  /**
   * Lazy, and staged by the application in one statement beside the new import (never through the
   * ORM's copy and snapshot of 10,000 rows): the job reads what each step needs with one query
   * (ADR 0052's memory figures). Cleared when the import ends.
   */
  @Property({ type: 'json', nullable: true, lazy: true })
  rows?: ResolvedRow[] | null;

  @Property({ type: 'uuid', fieldName: 'job_id', nullable: true })
  jobId: string | null = null;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'datetime', fieldName: 'finished_at', nullable: true })
  finishedAt: Date | null = null;

  @Property({ type: 'string', columnType: 'text', nullable: true })
  failure: string | null = null;

  /** The identity job e-mailing the activation links (its progress counts the e-mails). */
  @Property({ type: 'uuid', fieldName: 'mail_job_id', nullable: true })
  mailJobId: string | null = null;

  @Property({ type: 'json', fieldName: 'pending_links', nullable: true })
  pendingLinks: PendingLink[] | null = null;

  @Property({ type: 'integer' })
  version = 0;

  /** The request key (ADR 0022) is the import's id: the same key sent again finds this import. `total`: its rows, checked. */
  constructor(id: string, requestedBy: number, fileSha256: string, total: number, now: Date) {
    super();
    this.id = id;
    this.requestedBy = requestedBy;
    this.fileSha256 = fileSha256;
    this.total = total;
    this.createdAt = now;
    this.record({ type: 'StudentImportRequested', payload: { importId: id, rows: total, fileSha256 } });
  }

  stream(): StreamRef {
    return { type: STUDENT_IMPORT_STREAM, id: this.id };
  }

  get ended(): boolean {
    return this.status !== 'queued';
  }

  queuedAs(jobId: string): void {
    this.jobId = jobId;
  }

  /** Every learner exists with their enrolments: the import is « importé ». */
  complete(outcome: ImportOutcome, now: Date): void {
    if (this.ended) throw new ConflictError('Cet import est déjà terminé.');
    this.status = 'imported';
    this.finishedAt = now;
    this.rows = null;
    this.mailJobId = outcome.mailJobId;
    this.pendingLinks = outcome.links.length > 0 ? outcome.links : null;
    this.record({
      type: 'StudentImportCompleted',
      payload: {
        importId: this.id, students: outcome.students, enrolments: outcome.enrolments, sessionMemberships: outcome.sessionMemberships, activationEmails: outcome.activationEmails,
        linksForAdmin: outcome.links.length,
      },
    });
  }

  /** Nothing was written; the reason is the platform's French message. */
  fail(reason: string, now: Date): void {
    if (this.ended) return;
    this.status = 'failed';
    this.finishedAt = now;
    this.rows = null;
    this.failure = reason;
    this.record({ type: 'StudentImportFailed', payload: { importId: this.id, reason } });
  }

  /** The links for the admin, once: afterwards they are no longer kept (the learners' e-mails or a new link take over). */
  handOverLinks(): PendingLink[] {
    const links = this.pendingLinks ?? [];
    if (links.length === 0) return [];
    this.pendingLinks = null;
    this.record({ type: 'StudentImportLinksHandedOver', payload: { importId: this.id, links: links.length } });
    return links;
  }
}
