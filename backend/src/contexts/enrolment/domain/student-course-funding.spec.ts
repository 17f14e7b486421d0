import { InvalidFundingError, NotEnrolledInCourseError } from './enrolment.errors.js';
import type { EnrolmentFunding } from './enrolment-funding.js';
import { StudentCourse } from './student-course.aggregate.js';

const now = new Date('2026-11-21T10:00:00Z');
const none: EnrolmentFunding = { funder: null, dossierNumber: null, employerName: null, employerSiret: null, entryDate: null, exitDate: null };
const opco: EnrolmentFunding = {
  funder: 'opco',
  dossierNumber: ' EP-2026-004512 ',
  employerName: 'Boulangerie Maison Fabre',
  employerSiret: '443 061 841 00047',
  entryDate: '2026-09-01',
  exitDate: '2026-12-18',
};

function enrolled(): StudentCourse {
  const sc = new StudentCourse(1, 7);
  sc.enrol(now, 'admin');
  sc.takeEvents();
  return sc;
}

describe('StudentCourse.setFunding', () => {
  it('records EnrolmentFundingChanged with every value, trimmed, the SIRET as its 14 digits, and the fields that changed', () => {
    const sc = enrolled();
    expect(sc.setFunding(opco)).toBe(true);
    const funding = { funder: 'opco', dossierNumber: 'EP-2026-004512', employerName: 'Boulangerie Maison Fabre', employerSiret: '44306184100047', entryDate: '2026-09-01', exitDate: '2026-12-18' };
    expect(sc.takeEvents()).toEqual([
      { type: 'EnrolmentFundingChanged', payload: { studentId: 1, courseId: 7, ...funding, changed: ['funder', 'dossierNumber', 'employerName', 'employerSiret', 'entryDate', 'exitDate'] } },
    ]);
    expect(sc.funding).toEqual(funding);
  });

  it('given the same values again, answers false and records nothing', () => {
    const sc = enrolled();
    sc.setFunding(opco);
    sc.takeEvents();
    expect(sc.setFunding({ ...opco, dossierNumber: 'EP-2026-004512', employerSiret: '44306184100047' })).toBe(false);
    expect(sc.takeEvents()).toEqual([]);
  });

  it('names only the fields that changed, and a blank value clears the field (the student record then applies)', () => {
    const sc = enrolled();
    sc.setFunding(opco);
    sc.takeEvents();
    sc.setFunding({ ...opco, employerName: '  ', employerSiret: null, funder: 'cpf' });
    const [event] = sc.takeEvents();
    expect(event.payload).toMatchObject({ funder: 'cpf', employerName: null, employerSiret: null, changed: ['funder', 'employerName', 'employerSiret'] });
  });

  it.each([
    [{ funder: 'banque' }, 'funder', 'Le financeur doit être CPF, OPCO, France Travail, employeur, personnel ou autre.'],
    [{ dossierNumber: 'x'.repeat(101) }, 'dossier_number', 'Le numéro de dossier ne peut pas dépasser 100 caractères.'],
    [{ employerName: 'x'.repeat(201) }, 'employer_name', 'Le nom de l’employeur ne peut pas dépasser 200 caractères.'],
    [{ employerSiret: '44306184100048' }, 'employer_siret', 'Le SIRET de l’employeur n’est pas valide.'],
    [{ entryDate: '2026-02-30' }, 'entry_date', 'La date d’entrée doit être une date valide (AAAA-MM-JJ).'],
    [{ exitDate: '18/12/2026' }, 'exit_date', 'La date de sortie doit être une date valide (AAAA-MM-JJ).'],
    [{ entryDate: '2026-12-19' }, 'exit_date', 'La date de sortie ne peut pas précéder la date d’entrée.'],
  ])('refuses %p naming the field %s, and changes nothing', (change, field, message) => {
    const sc = enrolled();
    let error: unknown;
    try {
      sc.setFunding({ ...opco, ...(change as Partial<EnrolmentFunding>) });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(InvalidFundingError);
    expect(error).toMatchObject({ field, message });
    expect(sc.funding).toEqual(none);
    expect(sc.takeEvents()).toEqual([]);
  });

  it('keeps the funding of an ended enrolment, which may still be corrected', () => {
    const sc = enrolled();
    sc.setFunding(opco);
    sc.unenrol();
    sc.takeEvents();
    expect(sc.funding.funder).toBe('opco');
    expect(sc.wasEverEnrolled).toBe(true);
    expect(sc.setFunding({ ...opco, exitDate: '2026-11-20' })).toBe(true);
    expect(sc.takeEvents()[0].payload).toMatchObject({ exitDate: '2026-11-20', changed: ['exitDate'] });
  });

  it('refuses a funding on a link that never was an enrolment (a favourite alone)', () => {
    const sc = new StudentCourse(1, 7);
    sc.favourite(now);
    sc.takeEvents();
    expect(() => sc.setFunding(opco)).toThrow(NotEnrolledInCourseError);
    expect(sc.takeEvents()).toEqual([]);
  });

  it('remembers the first enrolment across an unenrolment and a new enrolment', () => {
    const sc = enrolled();
    sc.unenrol();
    sc.enrol(new Date('2026-11-25T10:00:00Z'), 'admin');
    expect(sc.firstEnrolledAt).toEqual(now);
  });
});
