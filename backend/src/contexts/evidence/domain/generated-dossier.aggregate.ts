import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, NotFoundError, type StreamRef } from '../../../shared-kernel/index.js';
import { DOSSIER_STREAM, type DossierActorRole, type DossierEvent, type DossierScope } from '../contracts/dossier.events.js';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * A dossier de preuves generated for a learner × course, or a batch of a course's learners
 * (docs/adr/0036): the stored ZIP's path, size and SHA-256, who generated it and when. The ZIP is
 * deleted after the retention period; the row and its events stay (the hashes remain checkable
 * against a copy someone kept).
 */
@Entity({ tableName: 'generated_dossier', schema: 'evidence' })
export class GeneratedDossier extends AggregateRoot<DossierEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  scope: DossierScope;

  @Property({ type: 'integer', fieldName: 'student_id', nullable: true })
  studentId: number | null;

  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId: number;

  @Property({ type: 'json', fieldName: 'student_ids' })
  studentIds: number[];

  /** Where the ZIP is stored (`/media/dossiers/…`); null once deleted after the retention period. */
  @Property({ type: 'text', fieldName: 'file_path', nullable: true })
  filePath: string | null;

  @Property({ type: 'text', fieldName: 'zip_sha256' })
  zipSha256: string;

  @Property({ type: 'text', fieldName: 'manifest_sha256' })
  manifestSha256: string;

  @Property({ type: 'bigint', fieldName: 'size_bytes' })
  sizeBytes: number;

  @Property({ type: 'datetime', fieldName: 'generated_at' })
  generatedAt: Date;

  @Property({ type: 'text', fieldName: 'generated_by_role' })
  generatedByRole: DossierActorRole;

  @Property({ type: 'integer', fieldName: 'generated_by' })
  generatedBy: number;

  @Property({ type: 'text', fieldName: 'job_id', nullable: true })
  jobId: string | null;

  @Property({ type: 'datetime', fieldName: 'file_deleted_at', nullable: true })
  fileDeletedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  constructor(input: {
    scope: DossierScope;
    studentId: number | null;
    courseId: number;
    studentIds: number[];
    filePath: string;
    zipSha256: string;
    manifestSha256: string;
    sizeBytes: number;
    now: Date;
    by: { role: DossierActorRole; profileId: number };
    jobId: string | null;
  }) {
    super();
    if (!SHA256.test(input.zipSha256) || !SHA256.test(input.manifestSha256)) throw new ConflictError('Empreinte SHA-256 invalide.');
    if (input.scope === 'apprenant' && (input.studentId === null || input.studentIds.length !== 1 || input.studentIds[0] !== input.studentId)) {
      throw new ConflictError('Le dossier d’un apprenant contient cet apprenant seul.');
    }
    this.scope = input.scope;
    this.studentId = input.studentId;
    this.courseId = input.courseId;
    this.studentIds = input.studentIds;
    this.filePath = input.filePath;
    this.zipSha256 = input.zipSha256;
    this.manifestSha256 = input.manifestSha256;
    this.sizeBytes = input.sizeBytes;
    this.generatedAt = input.now;
    this.generatedByRole = input.by.role;
    this.generatedBy = input.by.profileId;
    this.jobId = input.jobId;
    this.record(() => ({
      type: 'DossierGenerated',
      payload: {
        dossierId: this.id, scope: this.scope, studentId: this.studentId, courseId: this.courseId, studentIds: this.studentIds,
        zipSha256: this.zipSha256, manifestSha256: this.manifestSha256, sizeBytes: this.sizeBytes,
        generatedByRole: this.generatedByRole, generatedByProfileId: this.generatedBy, jobId: this.jobId,
      },
    }));
  }

  stream(): StreamRef {
    return { type: DOSSIER_STREAM, id: this.id };
  }

  /** A download started (who may, the handler decided); a deleted file cannot be downloaded. */
  downloaded(by: { role: DossierActorRole; profileId: number }): void {
    if (this.filePath === null) throw new NotFoundError('Ce dossier a été supprimé à l’issue de la durée de conservation : générez-en un nouveau.');
    this.record({ type: 'DossierDownloaded', payload: { dossierId: this.id, byRole: by.role, byProfileId: by.profileId, zipSha256: this.zipSha256 } });
  }

  /** The stored ZIP is deleted (retention); returns the path to remove once committed. */
  deleteFile(now: Date): string | null {
    if (this.filePath === null) return null;
    const path = this.filePath;
    this.filePath = null;
    this.fileDeletedAt = now;
    this.record({ type: 'DossierFileDeleted', payload: { dossierId: this.id, zipSha256: this.zipSha256, reason: 'retention' } });
    return path;
  }
}
