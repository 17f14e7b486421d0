import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, isCalendarDate, type StreamRef } from '../../../shared-kernel/index.js';
import { ACCESSIBILITY_STATEMENT_STREAM, type AccessibilityStatementChanged } from '../contracts/centre.events.js';
import { accessibilityStatus, RGAA_CRITERIA, RGAA_VERSIONS, type AccessibilityStatus } from './accessibility-status.js';
import { InvalidCentreFieldError } from './centre.errors.js';
import { sha256Hex } from './centre-identity.aggregate.js';

/** The free texts of the statement: kept in the table, their SHA-256 only in the log (ADR 0032's rule). */
export const STATEMENT_TEXT_FIELDS = [
  'auditeur', 'non_conformites', 'derogations', 'hors_champ', 'technologies', 'environnement_test', 'outils_evaluation', 'pages_verifiees',
] as const;
export type StatementTextField = (typeof STATEMENT_TEXT_FIELDS)[number];
/** The links: a web address (https) or a page of the site (« /… »); public values in the log. */
export const STATEMENT_LINK_FIELDS = ['contact_formulaire', 'schema_pluriannuel_url', 'plan_action_url'] as const;
export type StatementLinkField = (typeof STATEMENT_LINK_FIELDS)[number];

/** A change, as the PUT body names it: a field left out is unchanged; null or blank clears it. */
export interface StatementChanges {
  rgaa_version?: unknown;
  audit_date?: unknown;
  criteres_applicables?: unknown;
  criteres_conformes?: unknown;
  contact_email?: unknown;
  auditeur?: unknown;
  non_conformites?: unknown;
  derogations?: unknown;
  hors_champ?: unknown;
  technologies?: unknown;
  environnement_test?: unknown;
  outils_evaluation?: unknown;
  pages_verifiees?: unknown;
  contact_formulaire?: unknown;
  schema_pluriannuel_url?: unknown;
  plan_action_url?: unknown;
}

/** The most characters of each text, and its French name in a message. */
export const STATEMENT_FIELD_RULES: Record<StatementTextField | StatementLinkField | 'contact_email', { max: number; label: string; plural?: true }> = {
  auditeur: { max: 200, label: 'L’auditeur' },
  non_conformites: { max: 10_000, label: 'La liste des non-conformités' },
  derogations: { max: 5_000, label: 'Les dérogations pour charge disproportionnée', plural: true },
  hors_champ: { max: 5_000, label: 'Les contenus non soumis à l’obligation d’accessibilité', plural: true },
  technologies: { max: 1_000, label: 'Les technologies utilisées', plural: true },
  environnement_test: { max: 2_000, label: 'L’environnement de test' },
  outils_evaluation: { max: 1_000, label: 'Les outils d’évaluation', plural: true },
  pages_verifiees: { max: 5_000, label: 'Les pages vérifiées', plural: true },
  contact_email: { max: 254, label: 'L’adresse e-mail de contact' },
  contact_formulaire: { max: 500, label: 'Le lien du formulaire de contact' },
  schema_pluriannuel_url: { max: 500, label: 'Le lien du schéma pluriannuel' },
  plan_action_url: { max: 500, label: 'Le lien du plan d’action annuel' },
};

const TEXT_EVENT_KEYS = {
  auditeur: 'auditeurSha256', non_conformites: 'nonConformitesSha256', derogations: 'derogationsSha256', hors_champ: 'horsChampSha256',
  technologies: 'technologiesSha256', environnement_test: 'environnementTestSha256', outils_evaluation: 'outilsEvaluationSha256',
  pages_verifiees: 'pagesVerifieesSha256',
} as const satisfies Record<StatementTextField, string>;
const LINK_EVENT_KEYS = {
  contact_formulaire: 'contactFormulaire', schema_pluriannuel_url: 'schemaPluriannuelUrl', plan_action_url: 'planActionUrl',
} as const satisfies Record<StatementLinkField, string>;

const MULTILINE: ReadonlySet<string> = new Set(['non_conformites', 'derogations', 'hors_champ', 'environnement_test', 'pages_verifiees']);

/**
 * The centre's accessibility statement (déclaration d'accessibilité, RGAA model; docs/adr/0049):
 * one row (id 1). The status is never typed: it is computed from the audit's date and criteria
 * (`accessibilityStatus`). Each change checks every rule on the whole statement it would give and
 * records one `AccessibilityStatementChanged` with only what changed (texts as hashes), the status
 * after it, and the server's time as the statement's date; the same values record nothing.
 */
@Entity({ tableName: 'accessibility_statement', schema: 'centre' })
export class AccessibilityStatement extends AggregateRoot<AccessibilityStatementChanged> {
  static readonly ID = 1;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  id: number = AccessibilityStatement.ID;

  @Property({ type: 'text', fieldName: 'rgaa_version' }) rgaa_version: string = RGAA_VERSIONS[0];
  @Property({ type: 'string', columnType: 'date', nullable: true, fieldName: 'audit_date' }) audit_date: string | null = null;
  @Property({ type: 'integer', nullable: true, fieldName: 'criteres_applicables' }) criteres_applicables: number | null = null;
  @Property({ type: 'integer', nullable: true, fieldName: 'criteres_conformes' }) criteres_conformes: number | null = null;
  @Property({ type: 'text', nullable: true }) auditeur: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'non_conformites' }) non_conformites: string | null = null;
  @Property({ type: 'text', nullable: true }) derogations: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'hors_champ' }) hors_champ: string | null = null;
  @Property({ type: 'text', nullable: true }) technologies: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'environnement_test' }) environnement_test: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'outils_evaluation' }) outils_evaluation: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'pages_verifiees' }) pages_verifiees: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'contact_email' }) contact_email: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'contact_formulaire' }) contact_formulaire: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'schema_pluriannuel_url' }) schema_pluriannuel_url: string | null = null;
  @Property({ type: 'text', nullable: true, fieldName: 'plan_action_url' }) plan_action_url: string | null = null;
  /** When the statement was last changed (the server's clock): « Cette déclaration a été établie le … ». */
  @Property({ type: 'timestamptz', nullable: true, fieldName: 'updated_at' }) updated_at: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  stream(): StreamRef {
    return { type: ACCESSIBILITY_STATEMENT_STREAM, id: AccessibilityStatement.ID };
  }

  get status(): AccessibilityStatus {
    return accessibilityStatus({ auditDate: this.audit_date, applicable: this.criteres_applicables, met: this.criteres_conformes }).statut;
  }

  /**
   * Applies the fields given; refuses the whole change (nothing kept) at the first invalid value,
   * the figures checked together (met ≤ applicable ≤ 106, an audit date for any figure, not after `today`).
   */
  change(changes: StatementChanges, now: Date, today: string): void {
    const next: Record<string, string | number | null> = {};
    const has = (field: keyof StatementChanges) => field in changes && changes[field] !== undefined;
    if (has('rgaa_version')) next.rgaa_version = rgaaVersion(changes.rgaa_version);
    if (has('audit_date')) next.audit_date = auditDate(changes.audit_date, today);
    for (const field of ['criteres_applicables', 'criteres_conformes'] as const) if (has(field)) next[field] = criteria(field, changes[field]);
    for (const field of STATEMENT_TEXT_FIELDS) if (has(field)) next[field] = text(field, changes[field]);
    if (has('contact_email')) next.contact_email = email(changes.contact_email);
    for (const field of STATEMENT_LINK_FIELDS) if (has(field)) next[field] = link(field, changes[field]);

    const applicable = 'criteres_applicables' in next ? (next.criteres_applicables as number | null) : this.criteres_applicables;
    const met = 'criteres_conformes' in next ? (next.criteres_conformes as number | null) : this.criteres_conformes;
    const date = 'audit_date' in next ? (next.audit_date as string | null) : this.audit_date;
    if (met !== null && applicable === null) {
      throw new InvalidCentreFieldError('Indiquez le nombre de critères applicables avant le nombre de critères respectés.', 'criteres_applicables');
    }
    if (applicable !== null && met !== null && met > applicable) {
      throw new InvalidCentreFieldError('Le nombre de critères respectés ne peut pas dépasser le nombre de critères applicables.', 'criteres_conformes');
    }
    if ((applicable !== null || met !== null) && date === null) {
      throw new InvalidCentreFieldError('Indiquez la date de l’audit : sans audit, le site est « non conforme ».', 'audit_date');
    }

    const before = this.status;
    const recorded: AccessibilityStatementChanged['payload']['changes'] = {};
    if ('rgaa_version' in next && next.rgaa_version !== this.rgaa_version) recorded.rgaaVersion = this.rgaa_version = next.rgaa_version as string;
    if ('audit_date' in next && next.audit_date !== this.audit_date) recorded.auditDate = this.audit_date = next.audit_date as string | null;
    if ('criteres_applicables' in next && next.criteres_applicables !== this.criteres_applicables) {
      recorded.criteresApplicables = this.criteres_applicables = next.criteres_applicables as number | null;
    }
    if ('criteres_conformes' in next && next.criteres_conformes !== this.criteres_conformes) {
      recorded.criteresConformes = this.criteres_conformes = next.criteres_conformes as number | null;
    }
    for (const field of STATEMENT_TEXT_FIELDS) {
      if (!(field in next) || next[field] === this[field]) continue;
      const changed = (this[field] = next[field] as string | null);
      recorded[TEXT_EVENT_KEYS[field]] = changed === null ? null : sha256Hex(changed);
    }
    if ('contact_email' in next && next.contact_email !== this.contact_email) {
      const changed = (this.contact_email = next.contact_email as string | null);
      recorded.contactEmailSha256 = changed === null ? null : sha256Hex(changed);
    }
    for (const field of STATEMENT_LINK_FIELDS) {
      if (!(field in next) || next[field] === this[field]) continue;
      recorded[LINK_EVENT_KEYS[field]] = this[field] = next[field] as string | null;
    }
    if (Object.keys(recorded).length === 0) return;
    this.updated_at = now;
    const after = this.status;
    this.record({ type: 'AccessibilityStatementChanged', payload: { changes: recorded, statut: after, ...(after !== before ? { statutAvant: before } : {}) } });
  }
}

function rgaaVersion(value: unknown): string {
  if (typeof value === 'string' && (RGAA_VERSIONS as readonly string[]).includes(value.trim())) return value.trim();
  throw new InvalidCentreFieldError(`La version du RGAA doit être l’une de : ${RGAA_VERSIONS.join(', ')}.`, 'rgaa_version');
}

/** A calendar date `YYYY-MM-DD` that exists and is not after the server's today (an audit is never in the future). */
function auditDate(value: unknown, today: string): string | null {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const message = 'La date de l’audit doit être une date valide (AAAA-MM-JJ).';
  const date = typeof value === 'string' ? value.trim() : value;
  if (!isCalendarDate(date) || date < '2000-01-01') throw new InvalidCentreFieldError(message, 'audit_date');
  if (date > today) throw new InvalidCentreFieldError('La date de l’audit ne peut pas être dans le futur.', 'audit_date');
  return date;
}

function criteria(field: 'criteres_applicables' | 'criteres_conformes', value: unknown): number | null {
  if (value === null || value === '') return null;
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  const label = field === 'criteres_applicables' ? 'Le nombre de critères applicables' : 'Le nombre de critères respectés';
  const min = field === 'criteres_applicables' ? 1 : 0;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > RGAA_CRITERIA) {
    throw new InvalidCentreFieldError(`${label} doit être un nombre entier de ${min} à ${RGAA_CRITERIA}.`, field);
  }
  return number;
}

/** Trims (inner spaces collapsed on one-line texts, lines kept on the others), clears blanks, checks length and control characters. */
function text(field: StatementTextField | StatementLinkField | 'contact_email', raw: unknown): string | null {
  const rule = STATEMENT_FIELD_RULES[field];
  if (raw === null) return null;
  const verb = (singular: string, plural: string) => (rule.plural ? plural : singular);
  if (typeof raw !== 'string') throw new InvalidCentreFieldError(`${rule.label} ${verb('doit', 'doivent')} être du texte.`, field);
  const value = MULTILINE.has(field)
    ? raw.replace(/\r\n?/g, '\n').split('\n').map((line) => line.replace(/[ \t]+/g, ' ').trim()).join('\n').replace(/\n{3,}/g, '\n\n').trim()
    : raw.trim().replace(/\s+/g, ' ');
  if (value === '') return null;
  if ([...value].length > rule.max) throw new InvalidCentreFieldError(`${rule.label} ne ${verb('doit', 'doivent')} pas dépasser ${rule.max} caractères.`, field);
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value)) throw new InvalidCentreFieldError(`${rule.label} ${verb('contient', 'contiennent')} un caractère de contrôle.`, field);
  return value;
}

function email(raw: unknown): string | null {
  const value = text('contact_email', raw);
  if (value !== null && !/^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/.test(value)) {
    throw new InvalidCentreFieldError('L’adresse e-mail de contact n’est pas valide.', 'contact_email');
  }
  return value;
}

/** A web address (https, or http) or a page of this site (« /assistance »): nothing a link could run (javascript:, data:). */
function link(field: StatementLinkField, raw: unknown): string | null {
  const value = text(field, raw);
  if (value === null) return null;
  const { label } = STATEMENT_FIELD_RULES[field];
  if (/^\/(?!\/)/.test(value) && !/\s/.test(value)) return value;
  try {
    const url = new URL(value);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname) return url.toString();
  } catch {
    // refused below
  }
  throw new InvalidCentreFieldError(`${label} doit être une adresse web (https://…) ou une page du site (/…).`, field);
}
