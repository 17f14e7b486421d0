import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import { DomainError } from '../../../shared-kernel/index.js';
import { edofDeclaration, edofDeadline } from './edof.js';
import { StudentCourse } from './student-course.aggregate.js';
import { SessionMember, TrainingSession } from './training-session.aggregate.js';

// The members collection needs the ORM's metadata, not a database: discovered once, never connected.
let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [TrainingSession, SessionMember, StudentCourse], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(async () => {
  await orm.close(true);
});

const now = new Date('2026-11-27T09:00:00Z');
const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return [(error as DomainError).constructor.name, (error as DomainError).message];
  }
  return 'accepted';
};

function scheduled(): TrainingSession {
  const session = new TrainingSession(7);
  session.id = 3;
  session.schedule({ name: '  Session de janvier 2027 ', startDate: '2027-01-11', endDate: '2027-03-26' }, now);
  return session;
}

describe('TrainingSession', () => {
  it('is scheduled with a name and two dates, its dates in the event, its name in the table only', () => {
    const session = scheduled();
    expect([session.name, session.startDate, session.endDate]).toEqual(['Session de janvier 2027', '2027-01-11', '2027-03-26']);
    expect(session.takeEvents()).toEqual([{ type: 'TrainingSessionScheduled', payload: { sessionId: 3, courseId: 7, startDate: '2027-01-11', endDate: '2027-03-26' } }]);
  });

  it('refuses in French a blank name, a date that does not exist and an end before the start', () => {
    const session = new TrainingSession(7);
    expect(refusal(() => session.schedule({ name: ' ', startDate: '2027-01-11', endDate: '2027-03-26' }, now))[1]).toMatch(/Donnez un nom/);
    expect(refusal(() => session.schedule({ name: 'S', startDate: '2027-02-30', endDate: '2027-03-26' }, now))[1]).toBe('La date de début doit être une date valide (AAAA-MM-JJ).');
    expect(refusal(() => session.schedule({ name: 'S', startDate: '2027-03-27', endDate: '2027-03-26' }, now))[1]).toBe('La date de fin ne peut pas précéder la date de début.');
    expect(refusal(() => session.schedule({ name: 'x'.repeat(121), startDate: '2027-03-20', endDate: '2027-03-26' }, now))[1]).toMatch(/120 caractères/);
    expect(refusal(() => session.schedule({ name: 'S', startDate: '1500-01-02', endDate: '2027-03-26' }, now))[1]).toBe('La date de début doit être une date valide (AAAA-MM-JJ).');
    expect(refusal(() => session.schedule({ name: 'S', startDate: '2027-01-02', endDate: '9999-12-31' }, now))[1]).toBe('La date de fin doit être une date valide (AAAA-MM-JJ).');
    expect(session.takeEvents()).toEqual([]);
  });

  it('records new dates, not a new name, and nothing when nothing changed', () => {
    const session = scheduled();
    session.takeEvents();
    expect(session.change({ name: 'Session de janvier 2027', startDate: '2027-01-11', endDate: '2027-03-26' })).toBe(false);
    expect(session.change({ name: 'Janvier 2027 (groupe B)', startDate: '2027-01-11', endDate: '2027-03-26' })).toBe(true);
    expect(session.takeEvents()).toEqual([]);
    expect(session.change({ name: 'Janvier 2027 (groupe B)', startDate: '2027-01-18', endDate: '2027-04-02' })).toBe(true);
    expect(session.takeEvents()).toEqual([{ type: 'TrainingSessionRescheduled', payload: { sessionId: 3, courseId: 7, startDate: '2027-01-18', endDate: '2027-04-02' } }]);
  });

  it('adds enrolled learners and accepted trainers once, and keeps those who leave', () => {
    const session = scheduled();
    session.takeEvents();
    expect(refusal(() => session.addLearner(11, false, now))).toEqual(['SessionLearnerNotEnrolledError', 'Inscrivez d’abord cet apprenant au cours de la session.']);
    expect(refusal(() => session.addTrainer(4, false, now))).toEqual(['SessionTrainerNotAcceptedError', 'Seul un formateur accepté par le centre peut encadrer une session.']);
    expect(session.addLearner(11, true, now)).toBe(true);
    expect(session.addLearner(11, true, now)).toBe(false);
    expect(session.addTrainer(4, true, now)).toBe(true);
    expect(session.remove('learner', 11, new Date('2027-02-01T10:00:00Z'))).toBe(true);
    // Removed again (a double click): nothing more; never in: refused.
    expect(session.remove('learner', 11, now)).toBe(false);
    expect(refusal(() => session.remove('learner', 12, now))).toEqual(['NotASessionMemberError', 'Cet apprenant ne fait pas partie de la session.']);
    expect(session.current('learner')).toEqual([]);
    expect(session.members.getItems().map((m) => [m.role, m.personId, m.leftAt?.toISOString() ?? null])).toEqual([
      ['learner', 11, '2027-02-01T10:00:00.000Z'],
      ['trainer', 4, null],
    ]);
    // Back in after leaving: a new membership, the old one kept.
    expect(session.addLearner(11, true, now)).toBe(true);
    expect(session.members.getItems()).toHaveLength(3);
    expect(session.takeEvents().map((e) => e.type)).toEqual(['SessionLearnerAdded', 'SessionTrainerAdded', 'SessionLearnerRemoved', 'SessionLearnerAdded']);
  });

  it('admits the learners of an import at once, those already in left out, with the events addLearner records, their rows left to the caller', () => {
    const session = scheduled();
    session.addLearner(11, true, now);
    session.takeEvents();
    const version = session.version;
    expect(session.admitImportedLearners([12, 11, 13, 12])).toEqual([12, 13]);
    expect(session.version).toBe(version + 2);
    expect(session.takeEvents()).toEqual([
      { type: 'SessionLearnerAdded', payload: { sessionId: 3, courseId: 7, studentId: 12 } },
      { type: 'SessionLearnerAdded', payload: { sessionId: 3, courseId: 7, studentId: 13 } },
    ]);
    expect(session.members.getItems().map((m) => m.personId)).toEqual([11]);
  });

  it('keeps the reason a learner did not complete the session on their latest passage, as a code in the event', () => {
    const session = scheduled();
    session.addLearner(11, true, now);
    session.remove('learner', 11, now);
    session.addLearner(11, true, now);
    session.addTrainer(4, true, now);
    session.takeEvents();
    expect(session.setLearnerReason(11, 'abandon')).toBe(true);
    expect(session.setLearnerReason(11, 'abandon')).toBe(false);
    expect(session.members.getItems().map((m) => m.reason)).toEqual([null, 'abandon', null]);
    expect(session.setLearnerReason(11, null)).toBe(true);
    expect(refusal(() => session.setLearnerReason(12, 'autre'))).toEqual(['NotASessionMemberError', 'Cet apprenant ne fait pas partie de la session.']);
    expect(refusal(() => session.setLearnerReason(4, 'autre'))).toEqual(['NotASessionMemberError', 'Cet apprenant ne fait pas partie de la session.']);
    expect(refusal(() => session.setLearnerReason(11, 'vacances' as never))).toEqual(['InvalidInputError', 'Le motif doit être abandon, absence, interruption, force majeure ou autre.']);
    expect(session.takeEvents()).toEqual([
      { type: 'SessionLearnerReasonSet', payload: { sessionId: 3, courseId: 7, studentId: 11, reason: 'abandon' } },
      { type: 'SessionLearnerReasonSet', payload: { sessionId: 3, courseId: 7, studentId: 11, reason: null } },
    ]);
  });
});

describe('EDOF declarations', () => {
  it('are due three working days after the date', () => {
    expect(edofDeadline('2027-01-11')).toBe('2027-01-14');
    expect(edofDeadline('2026-11-06')).toBe('2026-11-12');
    expect(edofDeclaration('entry', null, null, '2027-01-12')).toEqual({ kind: 'entry', date: null, deadline: null, declaredOn: null, status: 'date_inconnue', workingDaysLeft: null });
    expect(edofDeclaration('entry', '2027-01-11', null, '2027-01-08').status).toBe('a_venir');
    expect(edofDeclaration('entry', '2027-01-11', null, '2027-01-11')).toMatchObject({ status: 'a_declarer', deadline: '2027-01-14', workingDaysLeft: 3 });
    expect(edofDeclaration('entry', '2027-01-11', null, '2027-01-14')).toMatchObject({ status: 'a_declarer', workingDaysLeft: 0 });
    expect(edofDeclaration('entry', '2027-01-11', null, '2027-01-15').status).toBe('en_retard');
    const recorded = (declaredOn: string) => ({ declaredOn, date: '2027-01-11', deadline: '2027-01-14' });
    expect(edofDeclaration('entry', '2027-01-11', recorded('2027-01-14'), '2027-02-01').status).toBe('declaree');
    expect(edofDeclaration('entry', '2027-01-11', recorded('2027-01-15'), '2027-02-01').status).toBe('declaree_en_retard');
    // Judged on the dates of the day it was declared: a date moved afterwards changes nothing.
    expect(edofDeclaration('entry', '2027-01-13', recorded('2027-01-15'), '2027-02-01')).toMatchObject({ date: '2027-01-11', deadline: '2027-01-14', status: 'declaree_en_retard' });
  });

  function enrolled(): StudentCourse {
    const link = new StudentCourse(11, 7);
    link.enrol(now, 'admin');
    link.takeEvents();
    return link;
  }
  const cpf = { cpf: true, entryDate: '2027-01-11', exitDate: '2027-03-26' };

  // The exit's three working days run over Easter Monday 2027 (29 March).
  it('are recorded once, with the server’s day, the deadline and whether it was late', () => {
    const link = enrolled();
    expect(link.declareOnEdof('entry', cpf, '2027-01-15')).toBe(true);
    expect(link.declareOnEdof('entry', cpf, '2027-01-16')).toBe(false);
    expect(link.declareOnEdof('exit', cpf, '2027-03-29')).toBe(true);
    expect(link.takeEvents()).toEqual([
      { type: 'EdofDeclared', payload: { studentId: 11, courseId: 7, kind: 'entry', date: '2027-01-11', deadline: '2027-01-14', declaredOn: '2027-01-15', late: true } },
      { type: 'EdofDeclared', payload: { studentId: 11, courseId: 7, kind: 'exit', date: '2027-03-26', deadline: '2027-04-01', declaredOn: '2027-03-29', late: false } },
    ]);
    expect([link.edofEntryDeclaredOn, link.edofExitDeclaredOn]).toEqual(['2027-01-15', '2027-03-29']);
  });

  it('are refused in French when they cannot be true', () => {
    const link = enrolled();
    expect(refusal(() => link.declareOnEdof('entry', { ...cpf, cpf: false }, '2027-01-12'))[1]).toBe('Seule une inscription financée par le CPF se déclare sur EDOF.');
    expect(refusal(() => link.declareOnEdof('entry', { ...cpf, entryDate: null }, '2027-01-12'))[1]).toBe('Renseignez d’abord la date d’entrée en formation.');
    expect(refusal(() => link.declareOnEdof('entry', cpf, '2027-01-10'))[1]).toBe('L’entrée ne peut être déclarée qu’à partir du 11/01/2027.');
    expect(refusal(() => link.declareOnEdof('exit', cpf, '2027-03-29'))[1]).toBe('Déclarez d’abord l’entrée en formation.');
    expect(refusal(() => new StudentCourse(12, 7).declareOnEdof('entry', cpf, '2027-01-12'))[0]).toBe('NotEnrolledInCourseError');
    expect(link.takeEvents()).toEqual([]);
  });
});
