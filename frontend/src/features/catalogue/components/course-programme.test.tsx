import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CourseProgramme } from './course-programme';
import { priceLabel, programmeItems, type ProgrammeOf } from './programme-format';

const EMPTY: ProgrammeOf = {
  target_public: null, prerequisites: null, access_delays: null, modality_label: null, teaching_methods: null, evaluation_methods: null,
  accessibility: null, referent_name: null, referent_email: null, referent_phone: null, contacts: null, price_cents: null, on_quote: false,
  certifying: false, certification_code: null, certifier: null, equivalences: null, outcomes: null, cpf_eligible: false, updated_at: null,
};
const FULL: ProgrammeOf = {
  ...EMPTY,
  target_public: 'Assistants et gestionnaires',
  prerequisites: 'Aucun',
  access_delays: 'Sous 14 jours',
  modality_label: 'À distance',
  teaching_methods: 'Vidéos et exercices',
  evaluation_methods: 'Quiz final',
  accessibility: 'Adaptations possibles',
  referent_name: 'Sophie Marchand',
  referent_email: 'referent@centre.fr',
  contacts: 'contact@centre.fr',
  price_cents: 129050,
  updated_at: '2026-11-25T08:30:00.000Z',
};

describe('the programme sheet on the course page', () => {
  it('writes prices the French way, or « Sur devis »', () => {
    expect(priceLabel(129050, false)).toBe('1 290,50 € TTC');
    expect(priceLabel(90000, false)).toBe('900,00 € TTC');
    expect(priceLabel(null, true)).toBe('Sur devis');
    expect(priceLabel(null, false)).toBeNull();
  });

  it('lists only the items filled, the certification ones only for a certifying training', () => {
    expect(programmeItems(EMPTY)).toEqual([]);
    expect(programmeItems({ ...FULL, certification_code: 'RS6289' }).map(([key]) => key)).not.toContain('certification');
    const certifying = programmeItems({ ...FULL, certifying: true, certification_code: 'RS6289', certifier: 'Isograd', cpf_eligible: true });
    expect(certifying.find(([key]) => key === 'certification')?.[2]).toBe('RS6289\nCertificateur : Isograd');
    expect(certifying.find(([key]) => key === 'cpf')?.[2]).toBe('Oui');
  });

  it('shows nothing for an empty sheet', () => {
    const { container } = render(<CourseProgramme courseId={5} programme={EMPTY} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows « Programme », its date, every filled item and the PDF link', () => {
    render(<CourseProgramme courseId={5} programme={FULL} />);
    const section = screen.getByRole('region', { name: 'Programme' });
    expect(within(section).getByText('Mis à jour le 25 novembre 2026')).toBeInTheDocument();
    expect(within(section).getByText('Public visé')).toBeInTheDocument();
    expect(within(section).getByText('Assistants et gestionnaires')).toBeInTheDocument();
    expect(within(section).getByText('1 290,50 € TTC')).toBeInTheDocument();
    expect(within(section).getByText(/Sophie Marchand/)).toBeInTheDocument();
    expect(within(section).queryByText('Certification')).not.toBeInTheDocument();
    const pdf = within(section).getByRole('link', { name: 'Télécharger le programme (PDF)' });
    expect(pdf.getAttribute('href')).toMatch(/\/api\/course\/5\/programme\.pdf$/);
  });
});
