import { Query } from '@nestjs/cqrs';

/** What a document cannot print yet, in the order a document reads them (docs/adr/0032). */
export type CentreMissing = 'nom' | 'siret' | 'nda' | 'adresse' | 'signataire' | 'qualite_signataire' | 'lieu' | 'logo' | 'signature';
export type CentreImageKind = 'logo' | 'signature';
/** The basis of the hours documents state (docs/adr/0035): measured active time, or the declared durations of validated steps. */
export const CENTRE_HOURS_BASES = ['temps_actif_mesure', 'durees_declarees'] as const;
export type CentreHoursBasis = (typeof CENTRE_HOURS_BASES)[number];

export interface CentreImageInfo {
  sha256: string;
  content_type: string;
}

/** The centre's identity as documents and e-mails print it; each text null while unset. */
export interface CentreIdentityView {
  nom: string | null;
  siret: string | null;
  nda: string | null;
  adresse: { rue: string | null; code_postal: string | null; ville: string | null };
  signataire: { nom: string | null; qualite: string | null };
  lieu: string | null;
  logo: CentreImageInfo | null;
  signature: CentreImageInfo | null;
  missing: CentreMissing[];
  /** The hours' basis of the documents issued from now on (never missing: `temps_actif_mesure` until changed). */
  base_heures: CentreHoursBasis;
}

/** The centre's identity (any context may ask: centre is first in CONTEXT_ORDER). */
export class GetCentreIdentity extends Query<CentreIdentityView> {}

/** The bytes of the centre's logo or signature/stamp image, or null when none is set. */
export class GetCentreImage extends Query<{ bytes: Buffer; content_type: string } | null> {
  constructor(readonly kind: CentreImageKind) {
    super();
  }
}

/** The accessibility statement's status (docs/adr/0049): computed from the audit, never typed. */
export type AccessibilityStatusValue = 'non_conforme' | 'partiellement_conforme' | 'totalement_conforme';

/** The accessibility statement as the public page prints it (RGAA model); texts null while unset. */
export interface AccessibilityStatementView {
  centre: string | null;
  statut: AccessibilityStatusValue;
  /** Percent of the applicable criteria met, one decimal (null: no audit). */
  taux: number | null;
  rgaa_version: string;
  audit_date: string | null;
  auditeur: string | null;
  criteres_applicables: number | null;
  criteres_conformes: number | null;
  non_conformites: string | null;
  derogations: string | null;
  hors_champ: string | null;
  technologies: string | null;
  environnement_test: string | null;
  outils_evaluation: string | null;
  pages_verifiees: string | null;
  contact_email: string | null;
  contact_formulaire: string | null;
  schema_pluriannuel_url: string | null;
  plan_action_url: string | null;
  /** When the statement was last changed (ISO), null when never. */
  mis_a_jour_le: string | null;
}

export class GetAccessibilityStatement extends Query<AccessibilityStatementView> {}

/** What every page shows of the centre (header, titles, footer): public values only. */
export interface CentreFaceView {
  /** The centre's name, null before it is set (the pages then say « LMS »). */
  nom: string | null;
  /** The logo's SHA-256 (its public address is /api/centre/logo/?v=<sha256>), null without one. */
  logo: string | null;
  accessibilite: { statut: AccessibilityStatusValue; taux: number | null };
}

export class GetCentreFace extends Query<CentreFaceView> {}
