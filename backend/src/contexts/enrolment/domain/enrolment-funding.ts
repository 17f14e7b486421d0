/**
 * How one enrolment (a student on a course) is funded, and the effective values a document prints
 * (docs/adr/0032). The admin sets them per enrolment; an enrolment without its own value falls
 * back, field by field, to the student's administrative record (numero_dossier, type_dossier,
 * date_entree, date_sortie: spec 03, docs/adr/0015), which keeps working as the spec shows it.
 */
import { isCalendarDate, isValidSiret } from '../../../shared-kernel/index.js';

export const FUNDERS = ['cpf', 'opco', 'france_travail', 'employeur', 'personnel', 'autre'] as const;
export type Funder = (typeof FUNDERS)[number];

export const FUNDER_LABELS: Record<Funder, string> = {
  cpf: 'CPF (Caisse des Dépôts)',
  opco: 'OPCO',
  france_travail: 'France Travail',
  employeur: 'Employeur',
  personnel: 'Financement personnel',
  autre: 'Autre',
};

/** What the admin set on the enrolment; null means « not set here ». Dates are `YYYY-MM-DD`. */
export interface EnrolmentFunding {
  funder: Funder | null;
  dossierNumber: string | null;
  employerName: string | null;
  employerSiret: string | null;
  entryDate: string | null;
  exitDate: string | null;
}

/** The per-student values of the administrative record the enrolment falls back to. */
export interface StudentRecordFunding {
  numeroDossier: string | null;
  typeDossier: string;
  dateEntree: string | null;
  dateSortie: string | null;
}

export type FundingSource = 'inscription' | 'dossier_etudiant';

export interface EffectiveValue<T> {
  value: T | null;
  source: FundingSource | null;
}

export interface EffectiveFunding {
  /** The funder set on the enrolment, or null; `fundingLabel` is what a document prints. */
  funder: Funder | null;
  fundingLabel: EffectiveValue<string>;
  dossierNumber: EffectiveValue<string>;
  employerName: string | null;
  employerSiret: string | null;
  entryDate: EffectiveValue<string>;
  exitDate: EffectiveValue<string>;
  /** The fields still unknown after the fallback, so a document says what is missing. */
  missing: Array<'financement' | 'numero_dossier' | 'date_entree' | 'date_sortie'>;
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

function pick(own: string | null, fallback: string | null): EffectiveValue<string> {
  const mine = blankToNull(own);
  if (mine !== null) return { value: mine, source: 'inscription' };
  const theirs = blankToNull(fallback);
  return theirs !== null ? { value: theirs, source: 'dossier_etudiant' } : { value: null, source: null };
}

export function effectiveFunding(own: EnrolmentFunding | null, record: StudentRecordFunding | null): EffectiveFunding {
  const fundingLabel = pick(own?.funder ? FUNDER_LABELS[own.funder] : null, record?.typeDossier ?? null);
  const dossierNumber = pick(own?.dossierNumber ?? null, record?.numeroDossier ?? null);
  const entryDate = pick(own?.entryDate ?? null, record?.dateEntree ?? null);
  const exitDate = pick(own?.exitDate ?? null, record?.dateSortie ?? null);
  const missing: EffectiveFunding['missing'] = [];
  if (fundingLabel.value === null) missing.push('financement');
  if (dossierNumber.value === null) missing.push('numero_dossier');
  if (entryDate.value === null) missing.push('date_entree');
  if (exitDate.value === null) missing.push('date_sortie');
  return {
    funder: own?.funder ?? null,
    fundingLabel,
    dossierNumber,
    employerName: blankToNull(own?.employerName),
    employerSiret: blankToNull(own?.employerSiret),
    entryDate,
    exitDate,
    missing,
  };
}


/** The first rule a funding breaks, as the French message and the field a 400 names; null if none. */
export function fundingProblem(funding: EnrolmentFunding): { field: string; message: string } | null {
  if (funding.funder !== null && !(FUNDERS as readonly string[]).includes(funding.funder)) {
    return { field: 'funder', message: 'Le financeur doit être CPF, OPCO, France Travail, employeur, personnel ou autre.' };
  }
  if (funding.dossierNumber !== null && funding.dossierNumber.trim().length > 100) {
    return { field: 'dossierNumber', message: 'Le numéro de dossier ne peut pas dépasser 100 caractères.' };
  }
  if (funding.employerName !== null && funding.employerName.trim().length > 200) {
    return { field: 'employerName', message: 'Le nom de l’employeur ne peut pas dépasser 200 caractères.' };
  }
  if (blankToNull(funding.employerSiret) !== null && !isValidSiret(funding.employerSiret!)) {
    return { field: 'employerSiret', message: 'Le SIRET de l’employeur n’est pas valide.' };
  }
  if (funding.entryDate !== null && !isCalendarDate(funding.entryDate)) {
    return { field: 'entryDate', message: 'La date d’entrée doit être une date valide (AAAA-MM-JJ).' };
  }
  if (funding.exitDate !== null && !isCalendarDate(funding.exitDate)) {
    return { field: 'exitDate', message: 'La date de sortie doit être une date valide (AAAA-MM-JJ).' };
  }
  if (funding.entryDate !== null && funding.exitDate !== null && funding.exitDate < funding.entryDate) {
    return { field: 'exitDate', message: 'La date de sortie ne peut pas précéder la date d’entrée.' };
  }
  return null;
}
