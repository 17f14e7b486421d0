import { Account } from './account.aggregate.js';
import { AccountClosedError, InvalidRecordError } from './identity.errors.js';
import { joinNames, recordDigest, splitFullname, StudentProfile, TeacherProfile, type StudentRecord } from './profiles.js';

const now = new Date('2026-11-23T10:00:00Z');
const record: StudentRecord = {
  prenom: ' Camille ', nom: 'Lefort', email: 'camille@test.fr', username: 'camille', telephone: '06 12 34 56 78', numeroDossier: ' D-1 ',
  typeDossier: 'CPF', typeFormation: 'Continue', formations: ['Excel', ' Excel ', 'Word', ''], dateEntree: '2026-09-01', dateSortie: '2027-06-30',
};
const student = (changes: Partial<StudentRecord> = {}) => {
  const account = new Account({ email: record.email, username: record.username, passwordHash: 'h', role: 'student', now });
  return StudentProfile.create(account, { ...record, ...changes }, null, true);
};

describe('the student as one person (docs/adr/0015)', () => {
  it('splits a fullname into the first word and the rest, and joins names back', () => {
    expect(splitFullname('  Jean  Pierre Durand ')).toEqual({ prenom: 'Jean', nom: 'Pierre Durand' });
    expect(splitFullname('Madonna')).toEqual({ prenom: 'Madonna', nom: '' });
    expect(joinNames(' Léa ', '')).toBe('Léa');
  });

  it('keeps fullname, formations, formation_title and the search text in step with the record', () => {
    const s = student();
    expect([s.prenom, s.fullname, s.numeroDossier]).toEqual(['Camille', 'Camille Lefort', 'D-1']);
    expect(s.formations).toEqual(['Excel', 'Word']);
    expect(s.formationTitle).toBe('Excel');
    expect(s.searchText).toBe('camille lefort camille@test.fr camille d-1');
    s.updateRecord({ nom: 'Martin', formations: [] }, now);
    expect([s.fullname, s.formationTitle]).toEqual(['Camille Martin', null]);
  });

  it('refuses a name that is not text in French (a null that reached it), changing nothing', () => {
    const s = student();
    s.takeEvents();
    expect(() => s.updateRecord({ nom: null as unknown as string }, now)).toThrow(new InvalidRecordError('Le nom est obligatoire.', 'nom'));
    expect([s.nom, s.fullname, s.takeEvents()]).toEqual(['Lefort', 'Camille Lefort', []]);
  });

  it('refuses an exit before the entry', () => {
    expect(() => student({ dateEntree: '2027-01-10', dateSortie: '2027-01-09' })).toThrow(InvalidRecordError);
    expect(() => student({ dateEntree: null, dateSortie: '2027-01-09' })).not.toThrow();
  });

  it('records StudentUpdated with the names of the fields that changed, or nothing', () => {
    const s = student();
    s.takeEvents();
    s.updateRecord({ telephone: '06 12 34 56 78' }, now);
    expect(s.takeEvents()).toEqual([]);
    s.updateRecord({ telephone: '', dateSortie: null }, now);
    expect(s.takeEvents().map((e) => [e.type, (e.payload as { fields: string[] }).fields])).toEqual([['StudentUpdated', ['telephone', 'date_sortie']]]);
  });

  it('closes the account for good: no sign-in, no edit, no password, a digest of the record', () => {
    const s = student();
    s.takeEvents();
    s.close(now, ['enrolment']);
    const [closed] = s.takeEvents();
    expect(closed.type).toBe('AccountClosed');
    expect((closed.payload as { recordDigest: string }).recordDigest).toMatch(/^[0-9a-f]{64}$/);
    expect([s.account.isActive, s.account.sessionEpoch]).toEqual([false, 1]);
    expect(() => s.updateRecord({ nom: 'X' }, now)).toThrow(AccountClosedError);
    expect(() => s.changePassword('h2', now, true)).toThrow(AccountClosedError);
    expect(() => s.account.toggleActive(now)).toThrow(AccountClosedError);
  });

  it('erases the personal data once, keeping ids and formations', () => {
    const s = student();
    s.close(now, ['enrolment']);
    expect(s.erase(now)).toBeNull();
    expect(s.erase(now)).toBeNull();
    expect([s.fullname, s.telephone, s.numeroDossier, s.formations]).toEqual(['Compte supprimé', '', null, ['Excel', 'Word']]);
    expect(s.takeEvents().filter((e) => e.type === 'PersonalDataErased')).toHaveLength(1);
    expect(student().erase(now)).toBeNull();
  });

  it('digests a record the same way whatever the order of its keys', () => {
    expect(recordDigest({ a: 1, b: 'x' })).toBe(recordDigest({ b: 'x', a: 1 }));
    expect(recordDigest({ a: 1 })).not.toBe(recordDigest({ a: 2 }));
  });
});

describe('a trainer who registered waits for the centre (docs/adr/0030)', () => {
  const details = { fullName: 'Nadia Bensaïd', qualification: '', mobileNo: '', skills: '', detail: '', faceUrl: '', instaUrl: '', twitUrl: '', webUrl: '', youUrl: '' };
  const registered = () => {
    const teacher = TeacherProfile.register(new Account({ email: 'nadia@test.fr', username: 'nadia', passwordHash: 'h', role: 'teacher', now }), details, null);
    teacher.takeEvents();
    return teacher;
  };
  const events = (teacher: TeacherProfile) => teacher.takeEvents();

  it('is pending, and signs in', () => {
    const teacher = registered();
    expect(teacher.approval).toBe('pending');
    expect(() => teacher.assertCanSignIn()).not.toThrow();
  });

  it('is accepted once, with an event', () => {
    const teacher = registered();
    teacher.accept(now);
    expect([teacher.approval, teacher.approvalDecidedAt]).toEqual(['accepted', now]);
    expect(events(teacher).map((e) => e.type)).toEqual(['TrainerAccepted']);
    // Accepting again (a retry, a second tab) is the same outcome: no second event.
    expect(teacher.accept(now)).toBe(false);
    expect(events(teacher)).toEqual([]);
    expect(() => teacher.refuse('Trop tard pour refuser.', now)).toThrow('Ce formateur a déjà été accepté.');
  });

  it('is refused with a reason: the sessions closed, sign-in refused with the reason, the log holding its digest', () => {
    const teacher = registered();
    expect(() => teacher.refuse('  ', now)).toThrow(InvalidRecordError);
    expect(() => teacher.refuse(42, now)).toThrow('Indiquez la raison du refus');
    expect(teacher.approval).toBe('pending');
    teacher.refuse(' Pas de formation en langues. ', now);
    expect(teacher.account.sessionEpoch).toBe(1);
    expect(() => teacher.assertCanSignIn()).toThrow('Votre demande de compte formateur a été refusée par le centre : Pas de formation en langues.');
    const [refused] = events(teacher);
    expect(refused!.type).toBe('TrainerRefused');
    expect(JSON.stringify(refused!.payload)).not.toContain('langues');
    expect(refused!.payload).toMatchObject({ reasonSha256: expect.stringMatching(/^[0-9a-f]{64}$/), reasonLength: 28 });
    // The same refusal again is its outcome; another reason, or accepting, is a conflict.
    expect(teacher.refuse('Pas de formation en langues.', now)).toBe(false);
    expect(events(teacher)).toEqual([]);
    expect(() => teacher.refuse('Une autre raison donnée.', now)).toThrow('Ce formateur a déjà été refusé.');
    expect(() => teacher.accept(now)).toThrow('Ce formateur a déjà été refusé.');
  });

  it('is accepted at once when an admin creates them', () => {
    const teacher = TeacherProfile.create(new Account({ email: 'paul@test.fr', username: 'paul', passwordHash: 'h', role: 'teacher', now }), {
      prenom: 'Paul', nom: 'Martin', email: 'paul@test.fr', telephone: '', calendly: '',
    });
    expect(teacher.approval).toBe('accepted');
  });
});
