import { effectiveFunding, fundingProblem, type EnrolmentFunding } from './enrolment-funding.js';

const none: EnrolmentFunding = { funder: null, dossierNumber: null, employerName: null, employerSiret: null, entryDate: null, exitDate: null };
const record = { numeroDossier: 'D-2026-001', typeDossier: 'OPCO Atlas', dateEntree: '2026-09-01', dateSortie: '2026-12-15' };

describe('enrolment funding', () => {
  it('falls back, field by field, to the student record', () => {
    const result = effectiveFunding({ ...none, dossierNumber: 'CPF-778899', entryDate: '2026-10-01' }, record);
    expect(result.dossierNumber).toEqual({ value: 'CPF-778899', source: 'inscription' });
    expect(result.entryDate).toEqual({ value: '2026-10-01', source: 'inscription' });
    expect(result.exitDate).toEqual({ value: '2026-12-15', source: 'dossier_etudiant' });
    expect(result.fundingLabel).toEqual({ value: 'OPCO Atlas', source: 'dossier_etudiant' });
    expect(result.missing).toEqual([]);
  });

  it('prints the funder set on the enrolment before the record’s type_dossier', () => {
    const result = effectiveFunding({ ...none, funder: 'france_travail' }, record);
    expect(result.funder).toBe('france_travail');
    expect(result.fundingLabel).toEqual({ value: 'France Travail', source: 'inscription' });
  });

  it('lists what is missing instead of blanks', () => {
    const result = effectiveFunding({ ...none, dossierNumber: '  ' }, { numeroDossier: null, typeDossier: '', dateEntree: null, dateSortie: null });
    expect(result.dossierNumber).toEqual({ value: null, source: null });
    expect(result.missing).toEqual(['financement', 'numero_dossier', 'date_entree', 'date_sortie']);
    expect(effectiveFunding(null, null).missing).toHaveLength(4);
  });

  it('refuses bad input with a French message naming the field', () => {
    expect(fundingProblem({ ...none, funder: 'banque' as never })?.field).toBe('funder');
    expect(fundingProblem({ ...none, employerSiret: '12345678901234' })).toEqual({ field: 'employerSiret', message: 'Le SIRET de l’employeur n’est pas valide.' });
    expect(fundingProblem({ ...none, entryDate: '2026-02-30' })?.field).toBe('entryDate');
    expect(fundingProblem({ ...none, entryDate: '2026-10-01', exitDate: '2026-09-30' })).toEqual({
      field: 'exitDate', message: 'La date de sortie ne peut pas précéder la date d’entrée.',
    });
  });

  it('accepts a complete, consistent funding', () => {
    expect(fundingProblem({ funder: 'employeur', dossierNumber: 'E-1', employerName: 'Atelier Dupont', employerSiret: '732 829 320 00074', entryDate: '2026-09-01', exitDate: '2026-09-01' })).toBeNull();
    expect(fundingProblem(none)).toBeNull();
  });
});
