import { createHash } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ndaProblem, normaliseDigits, siretProblem, type StreamRef } from '../../../shared-kernel/index.js';
import { CENTRE_IDENTITY_STREAM, type CentreIdentityChanged, type CentreImageRef } from '../contracts/centre.events.js';
import { CENTRE_HOURS_BASES, type CentreHoursBasis, type CentreImageKind, type CentreMissing } from '../contracts/centre.queries.js';
import { InvalidCentreFieldError } from './centre.errors.js';

/** The text fields an admin sets, as the PUT body names them. */
export const CENTRE_TEXT_FIELDS = ['nom', 'siret', 'nda', 'rue', 'code_postal', 'ville', 'signataire_nom', 'signataire_qualite', 'lieu'] as const;
export type CentreTextField = (typeof CENTRE_TEXT_FIELDS)[number];
/** A change: a field left out is unchanged; null or blank text clears it. */
export type CentreChanges = Partial<Record<CentreTextField, string | null>> & {
  /** The hours' basis of the documents (docs/adr/0035); left out: unchanged. */
  base_heures?: string;
};

/** The most characters of each text, and its French name in a message. */
export const CENTRE_FIELD_RULES: Record<CentreTextField, { max: number; label: string }> = {
  nom: { max: 200, label: 'Le nom du centre' },
  siret: { max: 30, label: 'Le SIRET' },
  nda: { max: 30, label: 'Le numéro de déclaration d’activité' },
  rue: { max: 200, label: 'L’adresse (rue)' },
  code_postal: { max: 10, label: 'Le code postal' },
  ville: { max: 100, label: 'La ville' },
  signataire_nom: { max: 200, label: 'Le nom du signataire' },
  signataire_qualite: { max: 200, label: 'La qualité du signataire' },
  lieu: { max: 100, label: 'Le lieu « Fait à »' },
};

/** The event's key of each text (the log's payloads are camelCase); the signatory's name goes as a hash. */
const EVENT_KEYS = {
  nom: 'nom', siret: 'siret', nda: 'nda', rue: 'rue', code_postal: 'codePostal', ville: 'ville', signataire_qualite: 'signataireQualite', lieu: 'lieu',
} as const satisfies Record<Exclude<CentreTextField, 'signataire_nom'>, string>;

/** The quality the arrêté's model names first; a delegate's quality is typed instead. */
export const LEGAL_REPRESENTATIVE = 'Représentant légal du dispensateur';

export interface StoredImage {
  path: string;
  sha256: string;
  contentType: 'image/png' | 'image/jpeg';
}

export const sha256Hex = (value: string | Buffer): string => createHash('sha256').update(value).digest('hex');

/**
 * The centre's identity (docs/adr/0032): one row (id 1). Each method checks its rules and records
 * one `CentreIdentityChanged` with only what changed; the same values again record nothing.
 */
@Entity({ tableName: 'centre_identity', schema: 'centre' })
export class CentreIdentity extends AggregateRoot<CentreIdentityChanged> {
  static readonly ID = 1;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id: number = CentreIdentity.ID;

  @Property({ type: 'text', nullable: true }) nom: string | null = null;
  @Property({ type: 'text', nullable: true }) siret: string | null = null;
  @Property({ type: 'text', nullable: true }) nda: string | null = null;
  @Property({ type: 'text', nullable: true }) rue: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'code_postal' }) code_postal: string | null = null;
  @Property({ type: 'text', nullable: true }) ville: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'signataire_nom' }) signataire_nom: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'signataire_qualite' }) signataire_qualite: string | null = null;
  @Property({ type: 'text', nullable: true }) lieu: string | null = null;

  @Property({ type: 'text', nullable: true, fieldName: 'logo_path' }) logoPath: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'logo_sha256' }) logoSha256: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'logo_content_type' }) logoContentType: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'signature_path' }) signaturePath: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'signature_sha256' }) signatureSha256: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'signature_content_type' }) signatureContentType: string | null = null;

  @Property({ type: 'text', fieldName: 'base_heures' }) base_heures: CentreHoursBasis = 'temps_actif_mesure';

  @Property({ type: 'integer' })
  version = 0;

  stream(): StreamRef {
    return { type: CENTRE_IDENTITY_STREAM, id: CentreIdentity.ID };
  }

  /** Sets the texts given; refuses the whole change (nothing kept) at the first invalid value. */
  change(changes: CentreChanges): void {
    const next: CentreChanges = {};
    for (const field of CENTRE_TEXT_FIELDS) {
      if (!(field in changes) || changes[field] === undefined) continue;
      next[field] = normalise(field, changes[field] ?? null);
    }
    const basis = changes.base_heures === undefined ? undefined : hoursBasis(changes.base_heures);
    const recorded: CentreIdentityChanged['payload']['changes'] = {};
    for (const field of CENTRE_TEXT_FIELDS) {
      if (!(field in next) || next[field] === this[field]) continue;
      const value = next[field] ?? null;
      this[field] = value;
      if (field === 'signataire_nom') recorded.signataireNomSha256 = value === null ? null : sha256Hex(value);
      else recorded[EVENT_KEYS[field]] = value;
    }
    if (basis !== undefined && basis !== this.base_heures) {
      this.base_heures = basis;
      recorded.baseHeures = basis;
    }
    if (Object.keys(recorded).length > 0) this.record({ type: 'CentreIdentityChanged', payload: { changes: recorded } });
  }

  imagePath(kind: CentreImageKind): string | null {
    return kind === 'logo' ? this.logoPath : this.signaturePath;
  }

  imageSha256(kind: CentreImageKind): string | null {
    return kind === 'logo' ? this.logoSha256 : this.signatureSha256;
  }

  /** Sets an image (already checked and stored); returns the path it replaces, or null. The same image again changes nothing. */
  setImage(kind: CentreImageKind, image: StoredImage): string | null {
    if (this.imageSha256(kind) === image.sha256) return null;
    const previous = this.imagePath(kind);
    this.assignImage(kind, image);
    const ref: CentreImageRef = { sha256: image.sha256, contentType: image.contentType };
    this.record({ type: 'CentreIdentityChanged', payload: { changes: { [kind]: ref } } });
    return previous;
  }

  /** Removes an image; returns the stored path it had (to remove after the commit), or null when there was none (nothing recorded). */
  removeImage(kind: CentreImageKind): string | null {
    const previous = this.imagePath(kind);
    if (previous === null) return null;
    this.assignImage(kind, null);
    this.record({ type: 'CentreIdentityChanged', payload: { changes: { [kind]: null } } });
    return previous;
  }

  /** What a document cannot print yet (docs/adr/0032). */
  get missing(): CentreMissing[] {
    const missing: CentreMissing[] = [];
    if (!this.nom) missing.push('nom');
    if (!this.siret) missing.push('siret');
    if (!this.nda) missing.push('nda');
    if (!this.rue || !this.code_postal || !this.ville) missing.push('adresse');
    if (!this.signataire_nom) missing.push('signataire');
    if (!this.signataire_qualite) missing.push('qualite_signataire');
    if (!this.lieu) missing.push('lieu');
    if (!this.logoPath) missing.push('logo');
    if (!this.signaturePath) missing.push('signature');
    return missing;
  }

  private assignImage(kind: CentreImageKind, image: StoredImage | null): void {
    if (kind === 'logo') {
      this.logoPath = image?.path ?? null;
      this.logoSha256 = image?.sha256 ?? null;
      this.logoContentType = image?.contentType ?? null;
    } else {
      this.signaturePath = image?.path ?? null;
      this.signatureSha256 = image?.sha256 ?? null;
      this.signatureContentType = image?.contentType ?? null;
    }
  }
}

/** The hours' basis as given: one of the two, or a French refusal. */
function hoursBasis(value: unknown): CentreHoursBasis {
  if (typeof value === 'string' && (CENTRE_HOURS_BASES as readonly string[]).includes(value)) return value as CentreHoursBasis;
  throw new InvalidCentreFieldError('La base des heures doit être « temps_actif_mesure » (temps actif mesuré) ou « durees_declarees » (durées déclarées des étapes validées).', 'base_heures');
}

/** Trims, clears blanks, checks length and the field's own rule; SIRET and NDA are kept as digits only. */
function normalise(field: CentreTextField, raw: string | null): string | null {
  if (raw === null) return null;
  if (typeof raw !== 'string') throw new InvalidCentreFieldError(`${CENTRE_FIELD_RULES[field].label} doit être du texte.`, field);
  const value = raw.trim().replace(/\s+/g, ' ');
  if (value === '') return null;
  const rule = CENTRE_FIELD_RULES[field];
  if ([...value].length > rule.max) throw new InvalidCentreFieldError(`${rule.label} ne doit pas dépasser ${rule.max} caractères.`, field);
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new InvalidCentreFieldError(`${rule.label} contient un caractère de contrôle.`, field);
  switch (field) {
    case 'siret': {
      const problem = siretProblem(value);
      if (problem) throw new InvalidCentreFieldError(problem, field);
      return normaliseDigits(value);
    }
    case 'nda': {
      const problem = ndaProblem(value);
      if (problem) throw new InvalidCentreFieldError(problem, field);
      return normaliseDigits(value);
    }
    case 'code_postal':
      if (!/^\d{5}$/.test(value)) throw new InvalidCentreFieldError('Le code postal doit comporter exactement 5 chiffres.', field);
      return value;
    default:
      return value;
  }
}
