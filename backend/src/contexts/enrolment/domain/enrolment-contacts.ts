/**
 * Who to ask about an enrolment besides the learner (issue 29 item 4, docs/adr/0032 and 0054): the
 * employer's contact (the organisation is the funding's `employerName`) and the funder's (OPCO,
 * France Travail, Caisse des dépôts…). Satisfaction sends them the « employeurs » and « financeurs »
 * questionnaires. Null means « not known ».
 */
export interface EnrolmentContacts {
  employerContactName: string | null;
  employerEmail: string | null;
  employerPhone: string | null;
  funderName: string | null;
  funderEmail: string | null;
}

export const CONTACT_KEYS = ['employerContactName', 'employerEmail', 'employerPhone', 'funderName', 'funderEmail'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^(?=.{6,30}$)\+?[0-9 .()-]+$/;

export const CONTACT_MESSAGES = {
  employerContactName: 'Le nom du contact de l’employeur ne peut pas dépasser 200 caractères.',
  employerEmail: 'L’adresse e-mail de l’employeur n’est pas valide (exemple : rh@entreprise.fr, 254 caractères au plus).',
  employerPhone: 'Le téléphone de l’employeur n’est pas valide (chiffres, espaces, points, tirets, 30 caractères au plus).',
  funderName: 'Le nom du financeur ne peut pas dépasser 200 caractères.',
  funderEmail: 'L’adresse e-mail du financeur n’est pas valide (exemple : contact@opco.fr, 254 caractères au plus).',
} as const;

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Trimmed, blanks as null, e-mails in lower case (one address is one contact, whatever its case). */
export function cleanContacts(input: EnrolmentContacts): EnrolmentContacts {
  return {
    employerContactName: clean(input.employerContactName),
    employerEmail: clean(input.employerEmail)?.toLowerCase() ?? null,
    employerPhone: clean(input.employerPhone),
    funderName: clean(input.funderName),
    funderEmail: clean(input.funderEmail)?.toLowerCase() ?? null,
  };
}

/** The first rule cleaned contacts break, as the field and the French message; null if none. */
export function contactsProblem(c: EnrolmentContacts): { field: keyof EnrolmentContacts; message: string } | null {
  const bad = (field: keyof EnrolmentContacts) => ({ field, message: CONTACT_MESSAGES[field] });
  if (c.employerContactName !== null && [...c.employerContactName].length > 200) return bad('employerContactName');
  if (c.employerEmail !== null && (c.employerEmail.length > 254 || !EMAIL.test(c.employerEmail))) return bad('employerEmail');
  if (c.employerPhone !== null && !PHONE.test(c.employerPhone)) return bad('employerPhone');
  if (c.funderName !== null && [...c.funderName].length > 200) return bad('funderName');
  if (c.funderEmail !== null && (c.funderEmail.length > 254 || !EMAIL.test(c.funderEmail))) return bad('funderEmail');
  return null;
}
