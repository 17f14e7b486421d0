import { createHash } from 'node:crypto';
import { FILL_EVERY_FIELD, Homework, HOMEWORK_DETAIL_MAX, HOMEWORK_TITLE_MAX } from './homework.aggregate.js';

const GIVEN_AT = new Date('2026-11-23T09:00:00Z');
const DONE_AT = new Date('2026-11-25T18:30:00Z');
const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Homework from trainer 7 to student 3, as inserted: its row has an id. */
function blank(): Homework {
  const homework = new Homework(7, 3);
  homework.id = 5;
  return homework;
}

function given(): Homework {
  const homework = blank();
  homework.give('Tableaux croisés', 'Refaire l’exercice 2', GIVEN_AT, true);
  homework.takeEvents();
  return homework;
}

/** The named domain error (of the kind the filter maps to HTTP), its French message and the field it blames. */
const refused = (name: string, kind: string, message: string, field?: string) => expect.objectContaining({ name, kind, message, ...(field ? { field } : {}) });

describe('Homework', () => {
  it('writes to the homework stream of its row', () => {
    expect(blank().stream()).toEqual({ type: 'tutoring.homework', id: 5 });
  });

  describe('when a trainer gives homework to a student they follow', () => {
    it('records AssignmentGiven with the hash of the title and detail, never their text', () => {
      const homework = blank();
      homework.give('Tableaux croisés', 'Refaire l’exercice 2', GIVEN_AT, true);
      expect(homework.takeEvents()).toEqual([
        { type: 'AssignmentGiven', payload: { assignmentId: 5, teacherId: 7, studentId: 3, sha256: hash('Tableaux croisés\nRefaire l’exercice 2') } },
      ]);
    });

    it('keeps the trimmed title and detail, the time it was given, and not done yet', () => {
      const homework = blank();
      homework.give('  Tableaux  ', '\n Exercice 2 \n', GIVEN_AT, true);
      expect([homework.title, homework.detail, homework.givenAt, homework.studentStatus, homework.completedAt]).toEqual(['Tableaux', 'Exercice 2', GIVEN_AT, false, null]);
    });

    it('accepts a title and a detail at their longest', () => {
      const homework = blank();
      homework.give('t'.repeat(HOMEWORK_TITLE_MAX), 'd'.repeat(HOMEWORK_DETAIL_MAX), GIVEN_AT, true);
      expect(homework.hasPendingEvents).toBe(true);
    });
  });

  describe('when the trainer does not follow the student', () => {
    it('refuses with NotFollowedError, recording nothing', () => {
      const homework = blank();
      expect(() => homework.give('Titre', 'Détail', GIVEN_AT, false)).toThrow(
        refused('NotFollowedError', 'forbidden', "Ce formateur ne suit pas cet étudiant : aucun échange n'est possible entre eux."),
      );
      expect(homework.hasPendingEvents).toBe(false);
    });
  });

  describe('when a field is missing', () => {
    it.each([
      ['', 'Détail', 'title'],
      ['   ', 'Détail', 'title'],
      ['Titre', '', 'detail'],
      ['Titre', ' \n ', 'detail'],
      ['', '', 'title'],
    ])('refuses title %j and detail %j with « Veuillez remplir tous les champs. » on %s', (title, detail, field) => {
      const homework = blank();
      expect(() => homework.give(title, detail, GIVEN_AT, true)).toThrow(refused('InvalidInputError', 'invalid', FILL_EVERY_FIELD, field));
      expect(homework.hasPendingEvents).toBe(false);
    });
  });

  describe('when a field is too long', () => {
    it('refuses a title over 200 characters', () => {
      expect(() => blank().give('t'.repeat(HOMEWORK_TITLE_MAX + 1), 'Détail', GIVEN_AT, true)).toThrow(
        refused('InvalidInputError', 'invalid', 'Le titre ne doit pas dépasser 200 caractères.', 'title'),
      );
    });

    it('refuses a detail over 10,000 characters', () => {
      expect(() => blank().give('Titre', 'd'.repeat(HOMEWORK_DETAIL_MAX + 1), GIVEN_AT, true)).toThrow(
        refused('InvalidInputError', 'invalid', 'Le détail ne doit pas dépasser 10000 caractères.', 'detail'),
      );
    });

    it('counts the length after trimming', () => {
      const homework = blank();
      homework.give(` ${'t'.repeat(HOMEWORK_TITLE_MAX)} `, 'Détail', GIVEN_AT, true);
      expect(homework.title).toHaveLength(HOMEWORK_TITLE_MAX);
    });
  });

  describe('when the student marks their homework done', () => {
    it('records AssignmentCompleted and keeps when', () => {
      const homework = given();
      homework.complete(3, DONE_AT);
      expect(homework.takeEvents()).toEqual([{ type: 'AssignmentCompleted', payload: { assignmentId: 5, teacherId: 7, studentId: 3 } }]);
      expect([homework.studentStatus, homework.completedAt, homework.version]).toEqual([true, DONE_AT, 2]);
    });
  });

  describe("when another student marks it done", () => {
    it("refuses with « Ce devoir n'est pas le vôtre. », changing nothing", () => {
      const homework = given();
      expect(() => homework.complete(4, DONE_AT)).toThrow(refused('ForbiddenError', 'forbidden', "Ce devoir n'est pas le vôtre."));
      expect([homework.studentStatus, homework.completedAt, homework.hasPendingEvents]).toEqual([false, null, false]);
    });
  });

  describe('when the student marks it done a second time', () => {
    it('refuses with a conflict and keeps the first completion', () => {
      const homework = given();
      homework.complete(3, DONE_AT);
      homework.takeEvents();
      expect(() => homework.complete(3, new Date('2026-11-30T00:00:00Z'))).toThrow(refused('ConflictError', 'conflict', 'Ce devoir est déjà marqué comme terminé.'));
      expect([homework.completedAt, homework.hasPendingEvents]).toEqual([DONE_AT, false]);
    });
  });
});
