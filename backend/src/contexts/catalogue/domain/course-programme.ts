import { createHash } from 'node:crypto';
import { InvalidCourseError } from './catalogue.errors.js';

/**
 * The programme sheet (fiche programme) of a course (issue 29 item 1, docs/adr/0047): what Qualiopi
 * indicators 1 and 3 ask a centre to publish about each training, beside the objectives and the
 * planned duration of ADR 0011. Long texts are the course's content (like its description): the
 * event log keeps their hash; structured values (modality, price, codes, toggles) go in the event.
 */
export const MODALITIES = ['distance', 'mixte', 'presentiel'] as const;
export type Modality = (typeof MODALITIES)[number];
export const MODALITY_LABELS: Record<Modality, string> = { distance: 'À distance', mixte: 'Mixte (à distance et en présentiel)', presentiel: 'En présentiel' };

/** The sheet's free texts, in the order the sheet reads them. */
export const PROGRAMME_TEXTS = [
  'targetPublic', 'prerequisites', 'accessDelays', 'teachingMethods', 'evaluationMethods', 'accessibility', 'contacts',
  'certifier', 'equivalences', 'outcomes',
] as const;
export type ProgrammeText = (typeof PROGRAMME_TEXTS)[number];
export const PROGRAMME_TEXT_MAX = 5000;
export const SHORT_TEXT_MAX = 200;
/** 1 000 000 € TTC: beyond it a price is a typing mistake. */
export const PRICE_CENTS_MAX = 100_000_000;

export interface ProgrammeSheet {
  targetPublic: string | null;
  prerequisites: string | null;
  accessDelays: string | null;
  modality: Modality | null;
  teachingMethods: string | null;
  evaluationMethods: string | null;
  accessibility: string | null;
  referentName: string | null;
  referentEmail: string | null;
  referentPhone: string | null;
  contacts: string | null;
  /** Price in cents of euro, TTC; null with `onQuote`: « sur devis ». */
  priceCents: number | null;
  onQuote: boolean;
  certifying: boolean;
  /** RNCP12345 or RS1234 (France compétences' répertoires). */
  certificationCode: string | null;
  certifier: string | null;
  equivalences: string | null;
  outcomes: string | null;
  /** Only meaningful for a certifying training (only certifications registered with France compétences are CPF-eligible). */
  cpfEligible: boolean;
}

export const EMPTY_PROGRAMME: ProgrammeSheet = {
  targetPublic: null, prerequisites: null, accessDelays: null, modality: null, teachingMethods: null, evaluationMethods: null,
  accessibility: null, referentName: null, referentEmail: null, referentPhone: null, contacts: null,
  priceCents: null, onQuote: false, certifying: false, certificationCode: null, certifier: null, equivalences: null, outcomes: null, cpfEligible: false,
};

/** A change of the sheet: absent (undefined) leaves a field as it is, null clears it. */
export type ProgrammeChanges = { [K in keyof ProgrammeSheet]?: ProgrammeSheet[K] | null };

/** Items of the sheet, as the publish refusal and the screens name them. */
export const PROGRAMME_LABELS = {
  objectives: 'objectifs',
  plannedMinutes: 'durée prévue',
  targetPublic: 'public visé',
  prerequisites: 'prérequis',
  accessDelays: 'délais d’accès',
  modality: 'modalités (à distance, mixte, présentiel)',
  teachingMethods: 'méthodes pédagogiques',
  evaluationMethods: 'modalités d’évaluation',
  accessibility: 'accessibilité aux personnes en situation de handicap',
  referent: 'contact du référent handicap',
  contacts: 'contacts',
  price: 'tarif (ou « sur devis »)',
  certificationCode: 'code RNCP ou RS',
  certifier: 'certificateur',
  equivalences: 'équivalences et passerelles',
  outcomes: 'débouchés',
} as const;
export type ProgrammeItem = keyof typeof PROGRAMME_LABELS;

const TEXT_LABELS: Record<ProgrammeText, string> = {
  targetPublic: 'Le public visé', prerequisites: 'Les prérequis', accessDelays: 'Les délais d’accès', teachingMethods: 'Les méthodes pédagogiques',
  evaluationMethods: 'Les modalités d’évaluation', accessibility: 'L’accessibilité', contacts: 'Les contacts', certifier: 'Le certificateur',
  equivalences: 'Les équivalences et passerelles', outcomes: 'Les débouchés',
};
const SNAKE: Record<keyof ProgrammeSheet, string> = {
  targetPublic: 'target_public', prerequisites: 'prerequisites', accessDelays: 'access_delays', modality: 'modality', teachingMethods: 'teaching_methods',
  evaluationMethods: 'evaluation_methods', accessibility: 'accessibility', referentName: 'referent_name', referentEmail: 'referent_email',
  referentPhone: 'referent_phone', contacts: 'contacts', priceCents: 'price_cents', onQuote: 'on_quote', certifying: 'certifying',
  certificationCode: 'certification_code', certifier: 'certifier', equivalences: 'equivalences', outcomes: 'outcomes', cpfEligible: 'cpf_eligible',
};
/** The request's name of a field, for the errors the form shows beside it. */
export const programmeFieldName = (field: keyof ProgrammeSheet): string => SNAKE[field];

const SHORT: readonly ProgrammeText[] = ['certifier'];
const SINGULAR: readonly ProgrammeText[] = ['targetPublic', 'accessibility', 'certifier'];

/** A free text trimmed (inner blank lines kept as one), empty is null. */
export function checkProgrammeText(field: ProgrammeText, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const singular = SINGULAR.includes(field);
  if (typeof value !== 'string') throw new InvalidCourseError(`${TEXT_LABELS[field]} ${singular ? 'doit' : 'doivent'} être du texte.`, SNAKE[field]);
  const text = value.replace(/\r\n?/g, '\n').split('\n').map((line) => line.trimEnd()).join('\n').replace(/\n{3,}/g, '\n\n').trim();
  const max = SHORT.includes(field) ? SHORT_TEXT_MAX : PROGRAMME_TEXT_MAX;
  if (text.length > max) {
    throw new InvalidCourseError(`${TEXT_LABELS[field]} ${singular ? 'ne doit pas' : 'ne doivent pas'} dépasser ${max === PROGRAMME_TEXT_MAX ? '5 000' : max} caractères.`, SNAKE[field]);
  }
  return text || null;
}

function shortText(value: unknown, field: keyof ProgrammeSheet, label: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new InvalidCourseError(`${label} doit être du texte.`, SNAKE[field]);
  const text = value.trim().replace(/\s+/g, ' ');
  if (text.length > SHORT_TEXT_MAX) throw new InvalidCourseError(`${label} ne doit pas dépasser ${SHORT_TEXT_MAX} caractères.`, SNAKE[field]);
  return text || null;
}

const EMAIL = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']{2,}$/;
export function checkReferentEmail(value: unknown): string | null {
  const text = shortText(value, 'referentEmail', 'L’e-mail du référent handicap');
  if (text !== null && !EMAIL.test(text)) throw new InvalidCourseError('L’e-mail du référent handicap n’est pas une adresse valide (exemple : referent@centre.fr).', 'referent_email');
  return text?.toLowerCase() ?? null;
}

/** A French or international number: digits, spaces, dots, dashes, a leading +; 10 to 15 digits. */
export function checkReferentPhone(value: unknown): string | null {
  const text = shortText(value, 'referentPhone', 'Le téléphone du référent handicap');
  if (text === null) return null;
  const digits = text.replace(/\D/g, '');
  if (!/^\+?[0-9 .()-]+$/.test(text) || digits.length < 10 || digits.length > 15) {
    throw new InvalidCourseError('Le téléphone du référent handicap n’est pas un numéro valide (exemple : 01 23 45 67 89).', 'referent_phone');
  }
  return text;
}

/** RNCP followed by 1 to 6 digits, or RS followed by 1 to 5 digits (France compétences); spaces and case forgiven. */
export function checkCertificationCode(value: unknown): string | null {
  const text = shortText(value, 'certificationCode', 'Le code RNCP ou RS');
  if (text === null) return null;
  const code = text.replace(/\s+/g, '').toUpperCase();
  if (!/^(RNCP[0-9]{1,6}|RS[0-9]{1,5})$/.test(code)) {
    throw new InvalidCourseError('Le code de la certification doit être un code RNCP (exemple : RNCP12345) ou RS (exemple : RS1234).', 'certification_code');
  }
  return code;
}

export function checkModality(value: unknown): Modality | null {
  if (value === null || value === undefined || value === '') return null;
  if (!(MODALITIES as readonly unknown[]).includes(value)) throw new InvalidCourseError('Les modalités doivent être « à distance », « mixte » ou « présentiel ».', 'modality');
  return value as Modality;
}

export function checkPriceCents(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new InvalidCourseError('Le tarif doit être un montant en euros (deux décimales au plus).', 'price_cents');
  if (value < 0) throw new InvalidCourseError('Le tarif ne peut pas être négatif.', 'price_cents');
  if (value > PRICE_CENTS_MAX) throw new InvalidCourseError('Le tarif ne doit pas dépasser 1 000 000 €.', 'price_cents');
  return value;
}

function checkFlag(value: unknown, field: keyof ProgrammeSheet, label: string): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value !== 'boolean') throw new InvalidCourseError(`${label} doit valoir oui ou non.`, SNAKE[field]);
  return value;
}

/**
 * The sheet after a change, every field checked; a refused change throws before anything moves.
 * A price and « sur devis » exclude each other; a training that is not certifying keeps no
 * certification item (its code, certifier, bridges, outcomes and CPF eligibility are cleared).
 */
export function applyProgrammeChanges(current: ProgrammeSheet, changes: ProgrammeChanges): ProgrammeSheet {
  const pick = <K extends keyof ProgrammeSheet>(key: K): unknown => (changes[key] === undefined ? current[key] : changes[key]);
  const next: ProgrammeSheet = { ...EMPTY_PROGRAMME };
  for (const field of PROGRAMME_TEXTS) next[field] = field === 'certifier' ? shortText(pick(field), field, 'Le certificateur') : checkProgrammeText(field, pick(field));
  next.modality = checkModality(pick('modality'));
  next.referentName = shortText(pick('referentName'), 'referentName', 'Le nom du référent handicap');
  next.referentEmail = checkReferentEmail(pick('referentEmail'));
  next.referentPhone = checkReferentPhone(pick('referentPhone'));
  next.priceCents = checkPriceCents(pick('priceCents'));
  next.onQuote = checkFlag(pick('onQuote'), 'onQuote', '« Sur devis »');
  next.certifying = checkFlag(pick('certifying'), 'certifying', '« Formation certifiante »');
  next.certificationCode = checkCertificationCode(pick('certificationCode'));
  next.cpfEligible = checkFlag(pick('cpfEligible'), 'cpfEligible', '« Éligible au CPF »');
  if (next.onQuote && next.priceCents !== null) {
    // The one given in this change wins; both given: refused.
    if (changes.onQuote === true && changes.priceCents !== undefined && changes.priceCents !== null) {
      throw new InvalidCourseError('Indiquez un tarif ou « sur devis », pas les deux.', 'price_cents');
    }
    if (changes.onQuote === true) next.priceCents = null;
    else next.onQuote = false;
  }
  if (next.cpfEligible && !next.certifying) {
    if (changes.cpfEligible === true) {
      throw new InvalidCourseError('Seule une formation certifiante (inscrite au RNCP ou au RS) peut être éligible au CPF : cochez d’abord « Formation certifiante ».', 'cpf_eligible');
    }
    next.cpfEligible = false;
  }
  if (!next.certifying) {
    next.certificationCode = null;
    next.certifier = null;
    next.equivalences = null;
    next.outcomes = null;
    next.cpfEligible = false;
  }
  return next;
}

export const sameProgramme = (a: ProgrammeSheet, b: ProgrammeSheet): boolean =>
  (Object.keys(EMPTY_PROGRAMME) as (keyof ProgrammeSheet)[]).every((key) => a[key] === b[key]);

/**
 * What Qualiopi indicators 1 and 3 require before a course is published, in the sheet's order:
 * objectives, public, prerequisites, duration, access delays, modality, methods, evaluation,
 * accessibility with the referent's name and a way to reach them, contacts, a price or « sur
 * devis »; and, for a certifying training, its code, certifier, equivalences and outcomes.
 */
export function missingProgrammeItems(sheet: ProgrammeSheet, promises: { objectives: string | null; plannedMinutes: number | null }): ProgrammeItem[] {
  const missing: ProgrammeItem[] = [];
  if (!promises.objectives) missing.push('objectives');
  if (!sheet.targetPublic) missing.push('targetPublic');
  if (!sheet.prerequisites) missing.push('prerequisites');
  if (!promises.plannedMinutes) missing.push('plannedMinutes');
  if (!sheet.accessDelays) missing.push('accessDelays');
  if (!sheet.modality) missing.push('modality');
  if (!sheet.teachingMethods) missing.push('teachingMethods');
  if (!sheet.evaluationMethods) missing.push('evaluationMethods');
  if (!sheet.accessibility) missing.push('accessibility');
  if (!sheet.referentName || (!sheet.referentEmail && !sheet.referentPhone)) missing.push('referent');
  if (!sheet.contacts) missing.push('contacts');
  if (sheet.priceCents === null && !sheet.onQuote) missing.push('price');
  if (sheet.certifying) {
    if (!sheet.certificationCode) missing.push('certificationCode');
    if (!sheet.certifier) missing.push('certifier');
    if (!sheet.equivalences) missing.push('equivalences');
    if (!sheet.outcomes) missing.push('outcomes');
  }
  return missing;
}

export const missingLabels = (items: readonly ProgrammeItem[]): string => items.map((item) => PROGRAMME_LABELS[item]).join(', ');

const sha256 = (text: string | null): string | null => (text === null ? null : createHash('sha256').update(text, 'utf8').digest('hex'));

/** What the log keeps of the sheet: values for structured fields, a hash for each text and for the referent's contact (personal data). */
export function programmeDigest(sheet: ProgrammeSheet): {
  modality: Modality | null;
  priceCents: number | null;
  onQuote: boolean;
  certifying: boolean;
  certificationCode: string | null;
  cpfEligible: boolean;
  textsSha256: Partial<Record<ProgrammeText, string>>;
  referentSha256: string | null;
} {
  const textsSha256: Partial<Record<ProgrammeText, string>> = {};
  for (const field of PROGRAMME_TEXTS) {
    const hash = sha256(sheet[field]);
    if (hash) textsSha256[field] = hash;
  }
  const referent = sheet.referentName || sheet.referentEmail || sheet.referentPhone
    ? sha256([sheet.referentName ?? '', sheet.referentEmail ?? '', sheet.referentPhone ?? ''].join('\n'))
    : null;
  return {
    modality: sheet.modality, priceCents: sheet.priceCents, onQuote: sheet.onQuote, certifying: sheet.certifying,
    certificationCode: sheet.certificationCode, cpfEligible: sheet.cpfEligible, textsSha256, referentSha256: referent,
  };
}

/** « 1 290,00 € TTC », « Sur devis », or null when neither is given. */
export function priceText(priceCents: number | null, onQuote: boolean): string | null {
  if (onQuote) return 'Sur devis';
  if (priceCents === null) return null;
  if (priceCents === 0) return 'Gratuit';
  const euros = Math.floor(priceCents / 100).toString().replace(/\B(?=(\d{3})+$)/g, ' ');
  return `${euros},${String(priceCents % 100).padStart(2, '0')} € TTC`;
}

/** « 35 h », « 3 h 30 », « 45 min ». */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}
