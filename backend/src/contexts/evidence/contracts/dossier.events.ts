/** The dossiers de preuves' events (docs/adr/0036): ids, hashes and sizes, never a name or a text. */

export const DOSSIER_STREAM = 'evidence.dossier';

export type DossierScope = 'apprenant' | 'lot';

/** Who generates or downloads a dossier: an admin, the course's trainer, an auditor of the course's scope (docs/adr/0039). */
export type DossierActorRole = 'teacher' | 'admin' | 'auditor';

export interface DossierGenerated {
  type: 'DossierGenerated';
  payload: {
    dossierId: number;
    scope: DossierScope;
    /** The learner (scope `apprenant`), else null. */
    studentId: number | null;
    courseId: number;
    /** The learners in the ZIP, in their order (a batch's whole list; one for a learner's dossier). */
    studentIds: number[];
    /** SHA-256 (hex) of the ZIP as stored and of its (top) manifest.json. */
    zipSha256: string;
    manifestSha256: string;
    sizeBytes: number;
    generatedByRole: DossierActorRole;
    generatedByProfileId: number;
    /** The job that generated it (a batch), else null. */
    jobId: string | null;
  };
}

export interface DossierDownloaded {
  type: 'DossierDownloaded';
  /** Who started a download (a resumed one, asking bytes after the first, records nothing new). */
  payload: { dossierId: number; byRole: DossierActorRole; byProfileId: number; zipSha256: string };
}

export interface DossierFileDeleted {
  type: 'DossierFileDeleted';
  /** The stored ZIP was deleted after PERSONAL_DATA_RETENTION_DAYS; its events and hashes stay. */
  payload: { dossierId: number; zipSha256: string; reason: 'retention' };
}

export type DossierEvent = DossierGenerated | DossierDownloaded | DossierFileDeleted;
