/**
 * Events of the centre context (docs/event-catalogue.md). One stream: the centre's identity.
 */
export const CENTRE_IDENTITY_STREAM = 'centre.identity';

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

export type CentreEvent = CentreIdentityChanged;
