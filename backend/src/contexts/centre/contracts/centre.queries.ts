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
