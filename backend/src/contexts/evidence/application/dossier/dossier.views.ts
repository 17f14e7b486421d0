import { ApiProperty } from '@nestjs/swagger';
import type { GeneratedDossier } from '../../domain/generated-dossier.aggregate.js';

/** A generated dossier de preuves as the API answers it (docs/adr/0036). */
export class DossierView {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: ['apprenant', 'lot'] }) scope!: 'apprenant' | 'lot';
  @ApiProperty({ type: Number, nullable: true }) student_id!: number | null;
  @ApiProperty() course_id!: number;
  @ApiProperty({ type: [Number] }) student_ids!: number[];
  @ApiProperty({ description: 'SHA-256 du ZIP (hexadécimal), celui de l’événement DossierGenerated' }) zip_sha256!: string;
  @ApiProperty({ description: 'SHA-256 du manifest.json du ZIP' }) manifest_sha256!: string;
  @ApiProperty() size_bytes!: number;
  @ApiProperty({ description: 'Horloge du serveur' }) generated_at!: string;
  @ApiProperty({ description: 'Faux une fois le fichier supprimé à l’issue de la durée de conservation' }) available!: boolean;
  @ApiProperty({ description: 'Téléchargement avec le jeton de session (reprise possible : Range)' }) download_url!: string;
  @ApiProperty({ description: 'POST : un lien de téléchargement signé, que le navigateur ouvre lui-même (il reprend un téléchargement coupé)' }) download_link_url!: string;
}

/** How far a job is: done of total. */
export class DossierBatchProgressView {
  @ApiProperty() done!: number;
  @ApiProperty() total!: number;
}

/** A learner a batch left out (an account purged or closed since, data that could not be read). */
export class SkippedLearnerView {
  @ApiProperty() student_id!: number;
  @ApiProperty({ description: 'Pourquoi, en français' }) reason!: string;
}

/** A batch of dossiers: the job's state, its progress, and the dossier once saved. */
export class DossierBatchStateView {
  @ApiProperty() job_id!: string;
  @ApiProperty({ description: 'État de la tâche (pg-boss) : created, active, retry, completed, failed, cancelled' }) state!: string;
  @ApiProperty({ type: DossierBatchProgressView, nullable: true }) progress!: DossierBatchProgressView | null;
  @ApiProperty({ type: DossierView, nullable: true }) dossier!: DossierView | null;
  @ApiProperty({ type: [SkippedLearnerView], description: 'Les apprenants laissés de côté, et pourquoi (aussi dans ignores.json du lot)' }) skipped!: SkippedLearnerView[];
}

/** A batch accepted: its job, and how many learners it holds. */
export class DossierBatchStartedView {
  @ApiProperty({ description: 'Identifiant de la tâche : GET /api/evidence/dossier-batches/{job_id}/' }) job_id!: string;
  @ApiProperty() learners!: number;
}

export function toDossierView(d: GeneratedDossier): DossierView {
  return {
    id: d.id, scope: d.scope, student_id: d.studentId, course_id: d.courseId, student_ids: d.studentIds,
    zip_sha256: d.zipSha256, manifest_sha256: d.manifestSha256, size_bytes: Number(d.sizeBytes),
    generated_at: d.generatedAt.toISOString(), available: d.filePath !== null, download_url: `/api/evidence/dossiers/${d.id}/file/`,
    download_link_url: `/api/evidence/dossiers/${d.id}/download-link/`,
  };
}
