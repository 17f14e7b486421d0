import type { CourseView } from '../authoring-types';

/**
 * The « Fiche programme » form's values and the body of PUT /course/{id}/programme/ (docs/adr/0047).
 * The form sends every item (empty: cleared); the server checks them and dates the change.
 */
export type PriceMode = 'price' | 'quote';
export type Modality = 'distance' | 'mixte' | 'presentiel';

export interface ProgrammeValues {
  target_public?: string;
  prerequisites?: string;
  access_delays?: string;
  modality?: Modality | null;
  teaching_methods?: string;
  evaluation_methods?: string;
  accessibility?: string;
  referent_name?: string;
  referent_email?: string;
  referent_phone?: string;
  contacts?: string;
  price_mode?: PriceMode | null;
  /** Euros as typed: « 1 290 », « 1290,50 ». */
  price?: string;
  certifying?: boolean;
  certification_code?: string;
  certifier?: string;
  equivalences?: string;
  outcomes?: string;
  cpf_eligible?: boolean;
}

/** « 1 290,50 » → 129050; empty → null; anything else (letters, three decimals, negative) → NaN. */
export function eurosToCents(text: string | undefined): number | null {
  const clean = (text ?? '').replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!clean) return null;
  if (!/^[0-9]+(\.[0-9]{1,2})?$/.test(clean)) return Number.NaN;
  const [whole, decimals = ''] = clean.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/** 129050 → « 1290,50 »; 129000 → « 1290 ». */
export function centsToEuros(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const rest = cents % 100;
  return rest ? `${Math.floor(cents / 100)},${String(rest).padStart(2, '0')}` : String(cents / 100);
}

export function programmeInitialValues(course: CourseView): ProgrammeValues {
  const p = course.programme;
  return {
    target_public: p.target_public ?? '',
    prerequisites: p.prerequisites ?? '',
    access_delays: p.access_delays ?? '',
    modality: p.modality ?? null,
    teaching_methods: p.teaching_methods ?? '',
    evaluation_methods: p.evaluation_methods ?? '',
    accessibility: p.accessibility ?? '',
    referent_name: p.referent_name ?? '',
    referent_email: p.referent_email ?? '',
    referent_phone: p.referent_phone ?? '',
    contacts: p.contacts ?? '',
    price_mode: p.on_quote ? 'quote' : p.price_cents !== null ? 'price' : null,
    price: centsToEuros(p.price_cents),
    certifying: p.certifying,
    certification_code: p.certification_code ?? '',
    certifier: p.certifier ?? '',
    equivalences: p.equivalences ?? '',
    outcomes: p.outcomes ?? '',
    cpf_eligible: p.cpf_eligible,
  };
}

const text = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

/** The JSON body: every item, empty ones null; the certification's items only for a certifying training. */
export function programmeBody(values: ProgrammeValues): Record<string, string | number | boolean | null> {
  const certifying = !!values.certifying;
  const cents = values.price_mode === 'price' ? eurosToCents(values.price) : null;
  return {
    target_public: text(values.target_public),
    prerequisites: text(values.prerequisites),
    access_delays: text(values.access_delays),
    modality: values.modality ?? null,
    teaching_methods: text(values.teaching_methods),
    evaluation_methods: text(values.evaluation_methods),
    accessibility: text(values.accessibility),
    referent_name: text(values.referent_name),
    referent_email: text(values.referent_email),
    referent_phone: text(values.referent_phone),
    contacts: text(values.contacts),
    price_cents: cents === null || Number.isNaN(cents) ? null : cents,
    on_quote: values.price_mode === 'quote',
    certifying,
    certification_code: certifying ? text(values.certification_code) : null,
    certifier: certifying ? text(values.certifier) : null,
    equivalences: certifying ? text(values.equivalences) : null,
    outcomes: certifying ? text(values.outcomes) : null,
    cpf_eligible: certifying && !!values.cpf_eligible,
  };
}

/** The RNCP or RS code, as the server checks it (RNCP12345, RS1234). */
export const CERTIFICATION_CODE = /^\s*(rncp\s*[0-9]{1,6}|rs\s*[0-9]{1,5})\s*$/i;
