import type { HoursBasis, PartialReason, RealisedHours } from './issued-document.hours.js';

/**
 * What an issued document prints, exactly and nothing more (docs/adr/0035). Assembled at issue from
 * the contracts of centre (`GetCentreIdentity`), catalogue (`GetCoursePromises`), enrolment
 * (`GetEnrolmentFunding`), learning-progress's figures and the learner's record, then frozen: the
 * document's row keeps these facts as issued, and the PDF is rendered from them alone.
 */
export const DOCUMENT_KINDS = ['certificat_realisation', 'attestation_fin_formation'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const ACTION_NATURES = ['action_formation', 'bilan_competences', 'vae', 'apprentissage'] as const;
export type ActionNature = (typeof ACTION_NATURES)[number];

export type CentreField = 'nom' | 'siret' | 'nda' | 'adresse' | 'signataire' | 'qualite_signataire' | 'lieu' | 'logo' | 'signature';

/** The centre's identity as `GetCentreIdentity` answers it (the agreed contract shape). */
export interface CentreIdentityFacts {
  nom: string | null;
  siret: string | null;
  nda: string | null;
  adresse: { rue: string | null; code_postal: string | null; ville: string | null };
  signataire: { nom: string | null; qualite: string | null };
  lieu: string | null;
  logo: { sha256: string; content_type: string } | null;
  signature: { sha256: string; content_type: string } | null;
  missing: CentreField[];
}

export interface DocumentFacts {
  kind: DocumentKind;
  centre: CentreIdentityFacts;
  learner: { student_id: number; nom: string; prenom: string };
  /** The employer when known (funding per enrolment); null prints no employer line. */
  employer: { nom: string; siret: string | null } | null;
  course: {
    course_id: number;
    title: string;
    /** null when the trainer has not said: the document says so. */
    nature: ActionNature | null;
    objectives: string | null;
    /** Delivered at a distance (FOAD): every course of this platform is. */
    distance: boolean;
  };
  /** First and last day of the action (ISO dates, YYYY-MM-DD), null when unknown. */
  dates: { debut: string | null; fin: string | null };
  hours: RealisedHours;
  /** Required when hours.partial: why the completion is partial. */
  partial_reason: PartialReason | null;
  funding: { financeur: string | null; numero_dossier: string | null };
  /** Results of the evaluation of learning (the attestation, L.6353-1): one line each. */
  evaluation: Array<{ intitule: string; resultat: string }>;
  /** « Fait à … le … »: the centre's place, the issue day (ISO date, Europe/Paris). */
  fait_le: string;
  verification: { code: string; url: string };
  version: number;
  issued_at: string;
}

/** What changes on a document after issue: only its status (a replaced version prints which one replaced it). */
export interface DocumentStatus {
  status: 'emis' | 'remplace';
  replaced_by_version: number | null;
}

/** The images the renderer draws, fetched by `GetCentreImage` (their sha256 are in the facts). */
export interface DocumentImages {
  logo: { bytes: Buffer; content_type: string } | null;
  signature: { bytes: Buffer; content_type: string } | null;
}

export const NATURE_LABELS: Record<ActionNature, string> = {
  action_formation: 'Action de formation',
  bilan_competences: 'Bilan de compétences',
  vae: 'Action de VAE',
  apprentissage: 'Action de formation par apprentissage',
};

export const PARTIAL_REASON_LABELS: Record<PartialReason, string> = {
  abandon: 'abandon',
  absence: 'absence',
  interruption: 'interruption',
  force_majeure: 'force majeure',
};

export const BASIS_LABELS: Record<HoursBasis, string> = {
  temps_actif_mesure: 'temps actif mesuré sur la plateforme',
  durees_declarees: 'durées déclarées des étapes validées',
};

export const KIND_LABELS: Record<DocumentKind, string> = {
  certificat_realisation: 'Certificat de réalisation',
  attestation_fin_formation: 'Attestation de fin de formation',
};
