// The authoring rules of a quiz, given / when / then, on the aggregate alone (the ORM's metadata, no database).
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Actor } from '../../../shared-kernel/index.js';
import { QuestionNotFoundError } from './assessment.errors.js';
import { ANSWER_MAX, checkRules, passes, Question, QUESTION_MAX, Quiz, QuizCourse, QUIZ_DETAIL_MAX, QUIZ_TITLE_MAX, RIGHT_ANSWER_NOT_OFFERED, type QuestionFields } from './quiz.aggregate.js';

let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [Quiz, Question, QuizCourse], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(() => orm?.close());

const NOW = new Date('2026-11-23T09:00:00Z');
const LATER = new Date('2026-11-24T09:00:00Z');
const trainer: Actor = { accountId: 1, role: 'teacher', profileId: 7, username: 'claire', jti: 'j' };
const otherTrainer: Actor = { ...trainer, profileId: 8 };
const admin: Actor = { accountId: 2, role: 'admin', profileId: 1, username: 'admin', jti: 'k' };
const student: Actor = { accountId: 3, role: 'student', profileId: 7, username: 'lea', jti: 'l' };

const capital = (questions = 'Capitale de la France ?', rightAnswer = 'Paris'): QuestionFields => ({
  questions, answers: ['Paris', 'Lyon', 'Nice', 'Lille'], rightAnswer,
});

let nextId = 100;
/** Trainer 7's quiz as loaded, with `questions` questions that have their rows' ids. */
function quiz(questions = 0): Quiz {
  const q = Quiz.create(7, 'Géographie', 'Les villes', NOW);
  q.id = 1;
  for (let i = 0; i < questions; i++) q.addQuestion(capital(`Question ${i + 1}`)).id = nextId++;
  q.takeEvents();
  return q;
}
const live = (q: Quiz) => q.liveQuestions().map((question) => `${question.order}:${question.questions}`);

/** The named domain error, its French message and the field it blames. */
const refused = (name: string, message: string, field?: string) => expect.objectContaining({ name, message, ...(field ? { field } : {}) });

describe('Quiz', () => {
  describe('when a trainer creates a quiz', () => {
    it('records QuizCreated with its trainer, once the row has its id', () => {
      const q = Quiz.create(7, '  Géographie ', ' Les villes ', NOW);
      q.id = 4;
      expect(q.takeEvents()).toEqual([{ type: 'QuizCreated', payload: { quizId: 4, teacherId: 7, passMark: null, maxAttempts: null, timeLimitMinutes: null, shuffle: false, drawCategory: null, drawCount: null } }]);
      expect([q.title, q.detail, q.teacherId, q.createdAt, q.archivedAt, q.version]).toEqual(['Géographie', 'Les villes', 7, NOW, null, 1]);
      expect(q.stream()).toEqual({ type: 'assessment.quiz', id: 4 });
    });

    it("records an admin's quiz with no trainer", () => {
      const q = Quiz.create(null, 'Sécurité', '', NOW);
      q.id = 5;
      expect(q.takeEvents()).toEqual([{ type: 'QuizCreated', payload: { quizId: 5, teacherId: null, passMark: null, maxAttempts: null, timeLimitMinutes: null, shuffle: false, drawCategory: null, drawCount: null } }]);
    });
  });

  describe('when the title or description breaks a rule', () => {
    it.each<[string, string, string, string]>([
      [' ', '', 'Le titre du quiz est obligatoire.', 'title'],
      ['t'.repeat(QUIZ_TITLE_MAX + 1), '', 'Le titre du quiz ne doit pas dépasser 200 caractères.', 'title'],
      ['Quiz', 'd'.repeat(QUIZ_DETAIL_MAX + 1), 'La description ne doit pas dépasser 5000 caractères.', 'detail'],
    ])('refuses title %j… with « %s » on %s', (title, detail, message, field) => {
      expect(() => Quiz.create(7, title, detail, NOW)).toThrow(refused('InvalidInputError', message, field));
    });

    it('accepts a title and a description at their longest', () => {
      expect(Quiz.create(7, 't'.repeat(QUIZ_TITLE_MAX), 'd'.repeat(QUIZ_DETAIL_MAX), NOW).title).toHaveLength(QUIZ_TITLE_MAX);
    });
  });

  describe('when someone authors it', () => {
    it('lets its own trainer and any admin, nobody else', () => {
      const q = quiz();
      expect(() => q.assertAuthor(trainer)).not.toThrow();
      expect(() => q.assertAuthor(admin)).not.toThrow();
      for (const actor of [otherTrainer, student]) {
        expect(() => q.assertAuthor(actor)).toThrow(refused('ForbiddenError', "Ce quiz n'est pas le vôtre."));
      }
    });

    it("refuses every trainer an admin's quiz", () => {
      const q = Quiz.create(null, 'Sécurité', '', NOW);
      expect(() => q.assertAuthor(trainer)).toThrow("Ce quiz n'est pas le vôtre.");
      expect(() => q.assertAuthor(admin)).not.toThrow();
    });
  });

  describe('when the trainer renames it', () => {
    it('records QuizUpdated and keeps the trimmed text', () => {
      const q = quiz();
      q.update(' Capitales ', ' Europe ');
      expect(q.takeEvents()).toEqual([{ type: 'QuizUpdated', payload: { quizId: 1, passMark: null, maxAttempts: null, timeLimitMinutes: null, shuffle: false, drawCategory: null, drawCount: null } }]);
      expect([q.title, q.detail]).toEqual(['Capitales', 'Europe']);
    });

    it('refuses an empty title, keeping the old one and recording nothing', () => {
      const q = quiz();
      expect(() => q.update('', 'Europe')).toThrow('Le titre du quiz est obligatoire.');
      expect([q.title, q.hasPendingEvents]).toEqual(['Géographie', false]);
    });
  });

  describe('when the trainer removes a quiz nobody answered', () => {
    it('records QuizDeleted and says to delete it', () => {
      const q = quiz(1);
      expect(q.remove(false, LATER)).toBe('delete');
      expect(q.takeEvents()).toEqual([{ type: 'QuizDeleted', payload: { quizId: 1 } }]);
      expect(q.archivedAt).toBeNull();
    });
  });

  describe('when the trainer removes a quiz students answered', () => {
    it('archives it instead (their results stay readable) and records QuizArchived', () => {
      const q = quiz(1);
      expect(q.remove(true, LATER)).toBe('archive');
      expect(q.takeEvents()).toEqual([{ type: 'QuizArchived', payload: { quizId: 1 } }]);
      expect(q.archivedAt).toEqual(LATER);
    });
  });

  describe('when the quiz is archived', () => {
    const archived = () => {
      const q = quiz(2);
      q.remove(true, LATER);
      q.takeEvents();
      return q;
    };

    it.each<[string, (q: Quiz) => unknown]>([
      ['renaming it', (q) => q.update('Autre', '')],
      ['removing it again', (q) => q.remove(true, LATER)],
      ['adding a question', (q) => q.addQuestion(capital())],
      ['changing a question', (q) => q.changeQuestion(q.liveQuestions()[0]!.id, capital('Autre ?'))],
      ['removing a question', (q) => q.removeQuestion(q.liveQuestions()[0]!.id, false, LATER)],
      ['assigning it to a course', (q) => q.assignTo(40, LATER)],
    ])('refuses %s with a conflict, recording nothing', (_, call) => {
      const q = archived();
      expect(() => call(q)).toThrow(refused('ConflictError', 'Ce quiz est archivé : il ne peut plus être modifié.'));
      expect(q.hasPendingEvents).toBe(false);
      expect(live(q)).toEqual(['1:Question 1', '2:Question 2']);
    });
  });

  describe('when a trainer adds a question', () => {
    it('puts it last and records QuestionAdded with its position, once the row has its id', () => {
      const q = quiz(2);
      const question = q.addQuestion(capital(' Capitale ? ', ' Lyon '));
      question.id = 77;
      expect(q.takeEvents()).toEqual([{ type: 'QuestionAdded', payload: { quizId: 1, questionId: 77, order: 3, kind: 'single' } }]);
      expect([question.order, question.questions, question.rightAns, question.rights, question.quiz]).toEqual([3, 'Capitale ?', 'Lyon', [2], q]);
      expect(question.answers).toEqual(['Paris', 'Lyon', 'Nice', 'Lille']);
    });
  });

  describe('when a trainer adds a question with no right answer among the four', () => {
    it('refuses with « La bonne réponse doit correspondre à une des 4 réponses proposées. », adding nothing', () => {
      const q = quiz(1);
      expect(() => q.addQuestion(capital('Capitale ?', 'Marseille'))).toThrow(refused('InvalidInputError', RIGHT_ANSWER_NOT_OFFERED, 'right_ans'));
      expect([q.questions.length, q.hasPendingEvents]).toEqual([1, false]);
    });
  });

  describe('when a question breaks a rule', () => {
    it.each<[string, QuestionFields, string, string]>([
      ['no text', { ...capital(' ') }, 'La question est obligatoire.', 'questions'],
      ['a text too long', { ...capital('q'.repeat(QUESTION_MAX + 1)) }, 'La question ne doit pas dépasser 2000 caractères.', 'questions'],
      ['a blank answer', { ...capital(), answers: ['Paris', ' ', 'Nice', 'Lille'] }, 'La réponse 2 est obligatoire.', 'ans2'],
      ['an answer too long', { ...capital(), answers: ['Paris', 'Lyon', 'Nice', 'l'.repeat(ANSWER_MAX + 1)] }, 'La réponse 4 ne doit pas dépasser 500 caractères.', 'ans4'],
      ['twice the same answer', { ...capital(), answers: ['Paris', 'Lyon', ' Paris ', 'Lille'] }, 'Les 4 réponses doivent être différentes.', 'ans4'],
    ])('refuses %s', (_, fields, message, field) => {
      const q = quiz();
      expect(() => q.addQuestion(fields)).toThrow(refused('InvalidInputError', message, field));
      expect(q.hasPendingEvents).toBe(false);
    });
  });

  describe('when a trainer changes a question', () => {
    it('records QuestionChanged with the number of the new right answer', () => {
      const q = quiz(2);
      const [first] = q.liveQuestions();
      q.changeQuestion(first!.id, { questions: 'Plus grande ville ?', answers: ['Lille', 'Nice', 'Paris', 'Lyon'], rightAnswer: 'Paris' });
      expect(q.takeEvents()).toEqual([{ type: 'QuestionChanged', payload: { quizId: 1, questionId: first!.id, rightAnswer: 3, kind: 'single', rightAnswers: [3] } }]);
      expect([first!.questions, first!.ans1, first!.rightAns, first!.order]).toEqual(['Plus grande ville ?', 'Lille', 'Paris', 1]);
    });

    it('refuses an invalid change, keeping the question as it was', () => {
      const q = quiz(1);
      const [first] = q.liveQuestions();
      expect(() => q.changeQuestion(first!.id, capital('Autre ?', 'Bordeaux'))).toThrow(RIGHT_ANSWER_NOT_OFFERED);
      expect([first!.questions, first!.rightAns, q.hasPendingEvents]).toEqual(['Question 1', 'Paris', false]);
    });

    it('refuses a question of another quiz, or an archived one, as not found', () => {
      const q = quiz(2);
      const [first] = q.liveQuestions();
      q.removeQuestion(first!.id, true, LATER);
      q.takeEvents();
      for (const id of [999, first!.id]) {
        expect(() => q.changeQuestion(id, capital())).toThrow(refused('QuestionNotFoundError', 'Question introuvable.'));
      }
      expect(q.hasPendingEvents).toBe(false);
    });
  });

  describe('when a trainer removes a question nobody answered', () => {
    it('deletes it, closes up the others and records QuestionRemoved, not archived', () => {
      const q = quiz(3);
      const [, second] = q.liveQuestions();
      q.removeQuestion(second!.id, false, LATER);
      expect(q.takeEvents()).toEqual([{ type: 'QuestionRemoved', payload: { quizId: 1, questionId: second!.id, archived: false } }]);
      expect(live(q)).toEqual(['1:Question 1', '2:Question 3']);
      expect(q.questions.length).toBe(2);
    });
  });

  describe('when a trainer removes a question students answered', () => {
    it('archives it (their answers keep their question), out of the live list, and closes up the others', () => {
      const q = quiz(3);
      const [first] = q.liveQuestions();
      q.removeQuestion(first!.id, true, LATER);
      expect(q.takeEvents()).toEqual([{ type: 'QuestionRemoved', payload: { quizId: 1, questionId: first!.id, archived: true } }]);
      expect(first!.archivedAt).toEqual(LATER);
      expect(q.questions.length).toBe(3);
      expect(live(q)).toEqual(['1:Question 2', '2:Question 3']);
    });

    it('puts the next question added after the live ones', () => {
      const q = quiz(2);
      q.removeQuestion(q.liveQuestions()[0]!.id, true, LATER);
      expect(q.addQuestion(capital('Nouvelle')).order).toBe(2);
    });
  });

  describe('when a trainer removes a question that is not in the quiz', () => {
    it('refuses with « Question introuvable. »', () => {
      const q = quiz(1);
      expect(() => q.removeQuestion(999, false, LATER)).toThrow(QuestionNotFoundError);
      expect(live(q)).toEqual(['1:Question 1']);
    });
  });

  describe('when the trainer assigns it to a course', () => {
    it('records QuizAssignedToCourse and knows it is assigned there only', () => {
      const q = quiz();
      q.assignTo(40, LATER);
      expect(q.takeEvents()).toEqual([{ type: 'QuizAssignedToCourse', payload: { quizId: 1, courseId: 40 } }]);
      expect([q.isAssignedTo(40), q.isAssignedTo(41)]).toEqual([true, false]);
      expect(q.courses.getItems().map((a) => [a.courseId, a.assignedAt])).toEqual([[40, LATER]]);
    });

    it('does nothing the second time (idempotent)', () => {
      const q = quiz();
      q.assignTo(40, NOW);
      q.takeEvents();
      q.assignTo(40, LATER);
      expect([q.hasPendingEvents, q.courses.length]).toEqual([false, 1]);
    });
  });

  describe('when the trainer unassigns it from a course', () => {
    it('records QuizUnassignedFromCourse and forgets the course', () => {
      const q = quiz();
      q.assignTo(40, NOW);
      q.assignTo(41, NOW);
      q.takeEvents();
      q.unassignFrom(40);
      expect(q.takeEvents()).toEqual([{ type: 'QuizUnassignedFromCourse', payload: { quizId: 1, courseId: 40 } }]);
      expect([q.isAssignedTo(40), q.isAssignedTo(41)]).toEqual([false, true]);
    });

    it('does nothing for a course it is not assigned to', () => {
      const q = quiz();
      q.unassignFrom(40);
      expect(q.hasPendingEvents).toBe(false);
    });

    it('still lets an archived quiz leave its courses', () => {
      const q = quiz();
      q.assignTo(40, NOW);
      q.remove(true, LATER);
      q.takeEvents();
      q.unassignFrom(40);
      expect(q.takeEvents().map((e) => e.type)).toEqual(['QuizUnassignedFromCourse']);
    });
  });
});

describe('the rules a trainer sets (ADR 0043)', () => {
  it('checks them in French, keeps those not sent, and puts them in the events', () => {
    expect(checkRules({ passMark: 80, maxAttempts: 3, timeLimitMinutes: 20, shuffle: false, drawCategory: null, drawCount: null })).toEqual({ passMark: 80, maxAttempts: 3, timeLimitMinutes: 20, shuffle: false, drawCategory: null, drawCount: null });
    expect(() => checkRules({ passMark: 101 })).toThrow('Le seuil de réussite doit être un pourcentage entier entre 0 et 100.');
    expect(() => checkRules({ maxAttempts: 0 })).toThrow('Le nombre de tentatives doit être un entier entre 1');
    expect(() => checkRules({ timeLimitMinutes: 0.5 })).toThrow('La durée limite doit être un nombre entier de minutes');
    const quiz = Quiz.create(7, 'Évaluation', '', new Date('2026-11-22T10:00:00Z'), { passMark: 70 });
    quiz.id = 9;
    expect(quiz.takeEvents()).toEqual([{ type: 'QuizCreated', payload: { quizId: 9, teacherId: 7, passMark: 70, maxAttempts: null, timeLimitMinutes: null, shuffle: false, drawCategory: null, drawCount: null } }]);
    quiz.update('Évaluation finale', '', { maxAttempts: 2 });
    expect(quiz.rules).toEqual({ passMark: 70, maxAttempts: 2, timeLimitMinutes: null, shuffle: false, drawCategory: null, drawCount: null });
    quiz.update('Évaluation finale', '', { passMark: null });
    expect(quiz.takeEvents().at(-1)).toEqual({ type: 'QuizUpdated', payload: { quizId: 9, passMark: null, maxAttempts: 2, timeLimitMinutes: null, shuffle: false, drawCategory: null, drawCount: null } });
    expect(passes(2, 3, 67)).toBe(false);
    expect(passes(2, 3, 66)).toBe(true);
    expect(passes(0, 3, null)).toBe(true);
  });
});
