/** How the programme sheet (fiche programme, docs/adr/0047) reads in French: prices, dates, the items in order. */

export interface ProgrammeOf {
  target_public: string | null;
  prerequisites: string | null;
  access_delays: string | null;
  modality_label: string | null;
  teaching_methods: string | null;
  evaluation_methods: string | null;
  accessibility: string | null;
  referent_name: string | null;
  referent_email: string | null;
  referent_phone: string | null;
  contacts: string | null;
  price_cents: number | null;
  on_quote: boolean;
  certifying: boolean;
  certification_code: string | null;
  certifier: string | null;
  equivalences: string | null;
  outcomes: string | null;
  cpf_eligible: boolean;
  updated_at: string | null;
}

/** « 1 290,00 € TTC », « Gratuit », « Sur devis », or null. */
export function priceLabel(priceCents: number | null, onQuote: boolean): string | null {
  if (onQuote) return 'Sur devis';
  if (priceCents === null) return null;
  if (priceCents === 0) return 'Gratuit';
  const euros = Math.floor(priceCents / 100).toString().replace(/\B(?=(\d{3})+$)/g, ' ');
  return `${euros},${String(priceCents % 100).padStart(2, '0')} € TTC`;
}

const DAY = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' });
/** « 25 novembre 2026 » (Paris). */
export const updatedLabel = (iso: string): string => DAY.format(new Date(iso));

export type ProgrammeItemKey =
  | 'target_public' | 'prerequisites' | 'modality' | 'access_delays' | 'teaching_methods' | 'evaluation_methods' | 'price' | 'accessibility'
  | 'referent' | 'contacts' | 'certification' | 'cpf' | 'equivalences' | 'outcomes';

/** The items filled, in the sheet's order: [key, heading, text]. Objectives and duration are shown by « Ce que vous allez apprendre ». */
export function programmeItems(p: ProgrammeOf): [ProgrammeItemKey, string, string][] {
  const items: [ProgrammeItemKey, string, string | null][] = [
    ['target_public', 'Public visé', p.target_public],
    ['prerequisites', 'Prérequis', p.prerequisites],
    ['modality', 'Modalités', p.modality_label],
    ['access_delays', 'Délais d’accès', p.access_delays],
    ['teaching_methods', 'Méthodes pédagogiques', p.teaching_methods],
    ['evaluation_methods', 'Modalités d’évaluation', p.evaluation_methods],
    ['price', 'Tarif', priceLabel(p.price_cents, p.on_quote)],
    ['accessibility', 'Accessibilité aux personnes en situation de handicap', p.accessibility],
    ['referent', 'Référent handicap', [p.referent_name, p.referent_email, p.referent_phone].filter(Boolean).join('\n') || null],
    ['contacts', 'Contacts', p.contacts],
  ];
  if (p.certifying) {
    items.push(
      ['certification', 'Certification', [p.certification_code, p.certifier ? `Certificateur : ${p.certifier}` : null].filter(Boolean).join('\n') || null],
      ['cpf', 'Éligible au CPF', p.cpf_eligible ? 'Oui' : 'Non'],
      ['equivalences', 'Équivalences et passerelles', p.equivalences],
      ['outcomes', 'Débouchés', p.outcomes],
    );
  }
  return items.filter((item): item is [ProgrammeItemKey, string, string] => !!item[2]);
}
