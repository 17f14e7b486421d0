/*
 * The issued documents' events (docs/event-catalogue.md, docs/adr/0035): ids and values, no
 * personal free text. The facts a document prints (names, employer, titles) stay in its row; the
 * log holds the SHA-256 of their canonical form and of the PDF's bytes, so that the row and the
 * file can be proven unaltered since issue.
 */
/** The kinds, hours' bases and reasons of a partial completion as the events name them (the domain's own lists are these). */
export type DocumentKind = 'certificat_realisation' | 'attestation_fin_formation';
export type HoursBasis = 'temps_actif_mesure' | 'durees_declarees';
export type PartialReason = 'abandon' | 'absence' | 'interruption' | 'force_majeure';

export const DOCUMENT_STREAM = 'evidence.document';

export interface DocumentIssued {
  type: 'DocumentIssued';
  payload: {
    documentId: number;
    kind: DocumentKind;
    studentId: number;
    courseId: number;
    /** 1 for the first document of its kind for this learner and course, then 2, 3… */
    version: number;
    /** The version it replaces (its id), or null. */
    replacesDocumentId: number | null;
    hoursBasis: HoursBasis;
    /** Time measurement's method when the basis is measured (`v1`), else null. */
    method: string | null;
    realisedMinutes: number;
    plannedMinutes: number | null;
    completionPerMille: number | null;
    partialReason: PartialReason | null;
    verificationCode: string;
    /** SHA-256 (hex) of the frozen facts' canonical JSON and of the PDF as issued. */
    factsSha256: string;
    pdfSha256: string;
    issuedBy: number;
  };
}

export interface DocumentReplaced {
  type: 'DocumentReplaced';
  payload: {
    documentId: number;
    kind: DocumentKind;
    studentId: number;
    courseId: number;
    version: number;
    replacedByDocumentId: number;
    replacedByVersion: number;
    /** SHA-256 (hex) of the PDF as it now reads (« Remplacé par la version N »). */
    pdfSha256: string;
  };
}

export interface DocumentDownloaded {
  type: 'DocumentDownloaded';
  /** Who downloaded it (role and profile id), which version and which rendering (as issued, or replaced). */
  payload: { documentId: number; kind: DocumentKind; version: number; byRole: 'student' | 'teacher' | 'admin' | 'auditor'; byProfileId: number; pdfSha256: string };
}

export type DocumentEvent = DocumentIssued | DocumentReplaced | DocumentDownloaded;
