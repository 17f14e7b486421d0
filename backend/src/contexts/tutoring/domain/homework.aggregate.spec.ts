import { createHash } from 'node:crypto';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import { endOfParisDay } from './due-date.js';
import { FILL_EVERY_FIELD, Homework, HomeworkFile, HomeworkSubmission, HOMEWORK_DETAIL_MAX, HOMEWORK_FILE_MAX_BYTES, HOMEWORK_MESSAGES, HOMEWORK_TITLE_MAX, type SubmittedFileInput } from './homework.aggregate.js';

// The submissions collection needs the ORM's metadata, not a database: discovered once, never connected.
let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [Homework, HomeworkSubmission, HomeworkFile], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(async () => {
  await orm.close();
});

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
        { type: 'AssignmentGiven', payload: { assignmentId: 5, teacherId: 7, studentId: 3, sha256: hash('Tableaux croisés\nRefaire l’exercice 2'), dueAt: null } },
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

  describe('with a due date', () => {
    it('keeps it and records it in AssignmentGiven', () => {
      const homework = blank();
      const due = new Date('2026-11-30T22:59:59Z');
      homework.give('Titre', 'Détail', GIVEN_AT, true, due);
      expect(homework.dueAt).toEqual(due);
      expect(homework.takeEvents()[0].payload).toEqual(expect.objectContaining({ dueAt: '2026-11-30T22:59:59.000Z' }));
    });

    it('refuses a due date not after now', () => {
      expect(() => blank().give('Titre', 'Détail', GIVEN_AT, true, GIVEN_AT)).toThrow(refused('InvalidInputError', 'invalid', HOMEWORK_MESSAGES.dueInPast, 'due_at'));
    });
  });

  describe('when the student hands in their work', () => {
    const DUE = new Date('2026-11-24T22:59:59Z');
    const file = (over: Partial<SubmittedFileInput> = {}): SubmittedFileInput => ({ path: '/media/homework/5/a.pdf', fileName: 'a.pdf', contentType: 'application/pdf', size: 1200, sha256: 'a'.repeat(64), ...over });
    function dated(): Homework {
      const homework = blank();
      homework.give('Tableaux croisés', 'Refaire l’exercice 2', GIVEN_AT, true, DUE);
      homework.takeEvents();
      return homework;
    }
    /** Ids as the flush gives them. */
    function flushed(homework: Homework): void {
      homework.submissions.getItems().forEach((s, i) => {
        s.id ??= 100 + i;
        s.files.getItems().forEach((f, j) => (f.id ??= 1000 + 10 * i + j));
      });
    }

    it('records AssignmentSubmitted with hashes, in time, and AssignmentCompleted the first time only', () => {
      const homework = dated();
      homework.submit(3, '  Ma réponse  ', [file()], 'k1', new Date('2026-11-24T22:00:00Z'));
      flushed(homework);
      expect(homework.takeEvents()).toEqual([
        {
          type: 'AssignmentSubmitted',
          payload: {
            assignmentId: 5, submissionId: 100, teacherId: 7, studentId: 3, number: 1, sha256: hash('Ma réponse'), length: 10,
            files: [{ fileId: 1000, sha256: 'a'.repeat(64), size: 1200, contentType: 'application/pdf' }], dueAt: '2026-11-24T22:59:59.000Z', late: false,
          },
        },
        { type: 'AssignmentCompleted', payload: { assignmentId: 5, teacherId: 7, studentId: 3 } },
      ]);
      homework.submit(3, 'Seconde version', [], 'k2', new Date('2026-11-24T23:00:00Z'));
      flushed(homework);
      const events = homework.takeEvents();
      expect(events.map((e) => e.type)).toEqual(['AssignmentSubmitted']);
      expect(events[0].payload).toEqual(expect.objectContaining({ number: 2, late: true, files: [] }));
      expect(homework.submissions.getItems().map((s) => [s.number, s.late, s.body])).toEqual([[1, false, 'Ma réponse'], [2, true, 'Seconde version']]);
      expect(homework.completedAt).toEqual(new Date('2026-11-24T22:00:00Z'));
    });

    it('is never late without a due date', () => {
      const homework = given();
      expect(homework.submit(3, 'Réponse', [], 'k', new Date('2030-01-01T00:00:00Z')).late).toBe(false);
    });

    it('answers the same key with the submission already kept, recording nothing', () => {
      const homework = dated();
      const first = homework.submit(3, 'Réponse', [], 'k', DUE);
      homework.takeEvents();
      expect(homework.submit(3, 'Autre', [file()], 'k', DUE)).toBe(first);
      expect([homework.submissions.length, homework.hasPendingEvents]).toEqual([1, false]);
    });

    it.each([
      [3, '', [], InvalidInputErrorLike(HOMEWORK_MESSAGES.emptySubmission, 'answer')],
      [3, 'x'.repeat(20_001), [], InvalidInputErrorLike(HOMEWORK_MESSAGES.answerTooLong, 'answer')],
      [3, 'Réponse', Array.from({ length: 6 }, () => file()), InvalidInputErrorLike(HOMEWORK_MESSAGES.tooManyFiles, 'upload')],
      [3, 'Réponse', [file({ size: HOMEWORK_FILE_MAX_BYTES + 1 })], InvalidInputErrorLike(HOMEWORK_MESSAGES.fileTooLarge, 'upload')],
      [4, 'Réponse', [], refused('ForbiddenError', 'forbidden', HOMEWORK_MESSAGES.notYours)],
    ])('refuses case %# (student %s), changing nothing', (student, answer, files, error) => {
      const homework = dated();
      expect(() => homework.submit(student as number, answer as string, files as SubmittedFileInput[], 'k', DUE)).toThrow(error as Error);
      expect([homework.submissions.length, homework.studentStatus, homework.hasPendingEvents]).toEqual([0, false, false]);
    });
  });

  describe('when the trainer grades it', () => {
    const TRAINER = { id: 7, role: 'teacher' as const };
    function handedIn(): Homework {
      const homework = given();
      homework.submit(3, 'Réponse', [], 'k', DONE_AT);
      homework.submissions.getItems()[0].id = 100;
      homework.takeEvents();
      return homework;
    }

    it('records AssignmentGraded out of 20 with the hash of the feedback, and closes the hand-in', () => {
      const homework = handedIn();
      expect(homework.gradeWork(TRAINER, 14.5, ' Bien. ', DONE_AT)).toBe(true);
      expect(homework.takeEvents()).toEqual([
        {
          type: 'AssignmentGraded',
          payload: { assignmentId: 5, teacherId: 7, studentId: 3, gradedById: 7, gradedByRole: 'teacher', grade: 14.5, outOf: 20, submissionId: 100, feedbackSha256: hash('Bien.'), feedbackLength: 5 },
        },
      ]);
      expect([homework.gradeValue, homework.feedback, homework.gradedAt]).toEqual([14.5, 'Bien.', DONE_AT]);
      expect(() => homework.submit(3, 'Encore', [], 'k2', DONE_AT)).toThrow(refused('ConflictError', 'conflict', HOMEWORK_MESSAGES.graded));
    });

    it('changes nothing for the same grade and feedback again, and records a correction', () => {
      const homework = handedIn();
      homework.gradeWork(TRAINER, 12, '', DONE_AT);
      homework.takeEvents();
      expect(homework.gradeWork(TRAINER, 12, '', DONE_AT)).toBe(false);
      expect(homework.hasPendingEvents).toBe(false);
      expect(homework.gradeWork(TRAINER, 13, '', DONE_AT)).toBe(true);
      expect(homework.takeEvents()[0].payload).toEqual(expect.objectContaining({ grade: 13, feedbackSha256: null, feedbackLength: 0 }));
    });

    it('grades work marked done without a submission (« sans rendu »), which is no longer handed in', () => {
      const homework = given();
      homework.complete(3, DONE_AT);
      homework.takeEvents();
      expect(() => homework.submit(3, 'Trop tard', [], 'k', DONE_AT)).toThrow(refused('ConflictError', 'conflict', HOMEWORK_MESSAGES.doneWithout));
      homework.gradeWork({ id: 1, role: 'admin' }, 0, '', DONE_AT);
      expect(homework.takeEvents()[0].payload).toEqual(expect.objectContaining({ grade: 0, submissionId: null, gradedByRole: 'admin' }));
    });

    it.each([[21], [-0.5], [14.3], ['14'], [Number.NaN], [null]])('refuses the grade %p', (grade) => {
      const homework = handedIn();
      expect(() => homework.gradeWork(TRAINER, grade, '', DONE_AT)).toThrow(InvalidInputErrorLike(HOMEWORK_MESSAGES.grade, 'grade'));
      expect(homework.hasPendingEvents).toBe(false);
    });

    it('refuses another trainer, and work neither handed in nor done', () => {
      expect(() => handedIn().gradeWork({ id: 8, role: 'teacher' }, 10, '', DONE_AT)).toThrow(refused('ForbiddenError', 'forbidden', HOMEWORK_MESSAGES.notYourLearner));
      expect(() => given().gradeWork(TRAINER, 10, '', DONE_AT)).toThrow(refused('ConflictError', 'conflict', HOMEWORK_MESSAGES.nothingToGrade));
    });
  });
});

function InvalidInputErrorLike(message: string, field: string) {
  return expect.objectContaining({ name: 'InvalidInputError', kind: 'invalid', message, field });
}

describe('endOfParisDay', () => {
  it('is 23:59:59 in Paris, winter and summer', () => {
    expect(endOfParisDay('2026-12-11').toISOString()).toBe('2026-12-11T22:59:59.000Z');
    expect(endOfParisDay('2027-07-01').toISOString()).toBe('2027-07-01T21:59:59.000Z');
    expect(endOfParisDay('2027-03-28').toISOString()).toBe('2027-03-28T21:59:59.000Z');
  });
});
