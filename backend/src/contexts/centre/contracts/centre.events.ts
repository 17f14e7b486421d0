/**
 * Events of the centre context (docs/event-catalogue.md). Two streams: the centre's identity, its
 * accessibility statement (docs/adr/0049).
 */
export const CENTRE_IDENTITY_STREAM = 'centre.identity';
export const ACCESSIBILITY_STATEMENT_STREAM = 'centre.accessibility';

/** An image as the log knows it: its hash and type, never its bytes. */
export interface CentreImageRef {
  sha256: string;
  contentType: 'image/png' | 'image/jpeg';
}

/**
 * An admin changed the centre's identity: only the fields that changed, with their new values
 * (null: cleared), camelCase keys. Public business data go as values; the signatory's name, a person's name, goes
 * as its SHA-256 only (the log is never erased); images as their SHA-256 and type.
 */
export interface CentreIdentityChanged {
  type: 'CentreIdentityChanged';
  payload: {
    changes: {
      nom?: string | null;
      siret?: string | null;
      nda?: string | null;
      rue?: string | null;
      codePostal?: string | null;
      ville?: string | null;
      signataireNomSha256?: string | null;
      signataireQualite?: string | null;
      lieu?: string | null;
      logo?: CentreImageRef | null;
      signature?: CentreImageRef | null;
      /** The hours' basis of the documents issued from now on (docs/adr/0035). */
      baseHeures?: 'temps_actif_mesure' | 'durees_declarees';
    };
  };
}

/**
 * An admin changed the accessibility statement (docs/adr/0049): only the fields that changed, with
 * their new values (null: cleared); the free texts (auditor, non-conformities, derogations, exempt
 * content, technologies, environment, tools, pages) and the contact e-mail as their SHA-256 only;
 * `statut` is the status computed after the change, `statutAvant` the one before when it moved.
 */
export interface AccessibilityStatementChanged {
  type: 'AccessibilityStatementChanged';
  payload: {
    changes: {
      rgaaVersion?: string;
      auditDate?: string | null;
      criteresApplicables?: number | null;
      criteresConformes?: number | null;
      auditeurSha256?: string | null;
      nonConformitesSha256?: string | null;
      derogationsSha256?: string | null;
      horsChampSha256?: string | null;
      technologiesSha256?: string | null;
      environnementTestSha256?: string | null;
      outilsEvaluationSha256?: string | null;
      pagesVerifieesSha256?: string | null;
      contactEmailSha256?: string | null;
      contactFormulaire?: string | null;
      schemaPluriannuelUrl?: string | null;
      planActionUrl?: string | null;
    };
    statut: 'non_conforme' | 'partiellement_conforme' | 'totalement_conforme';
    statutAvant?: 'non_conforme' | 'partiellement_conforme' | 'totalement_conforme';
  };
}

export type CentreEvent = CentreIdentityChanged | AccessibilityStatementChanged;
