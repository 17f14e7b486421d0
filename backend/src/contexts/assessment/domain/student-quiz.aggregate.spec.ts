// The answer and reset rules, given / when / then, on the aggregate alone (the ORM's metadata, no database).
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Collection, MikroORM } from '@mikro-orm/postgresql';
import { checkQuestion, Question, Quiz, QuizCourse, RIGHT_ANSWER_NOT_OFFERED } from './quiz.aggregate.js';
import { AttemptQuestion, QuizAnswer, QuizAttempt, StudentQuiz, type AnsweredQuestion } from './student-quiz.aggregate.js';

let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({
    entities: [Quiz, Question, QuizCourse, StudentQuiz, QuizAttempt, QuizAnswer, AttemptQuestion], metadataProvider: ReflectMetadataProvider, dbName: 'unused',
  });
});
afterAll(() => orm?.close());

const NOW = new Date('2026-11-22T10:00:00Z');
const q = (id: number, right = 2): AnsweredQuestion => ({ id, kind: 'single', answers: ['Paris', 'Lyon', 'Nice', 'Lille'], rights: [right] });
const types = (s: StudentQuiz) => s.takeEvents().map((e) => e.type);

function given(): StudentQuiz {
  const s = new StudentQuiz(7, 3);
  s.id = 1;
  return s;
}

describe('a question', () => {
  it('needs its text, four different answers and a right answer among them', () => {
    expect(checkQuestion({ questions: ' Capitale ? ', answers: ['Paris', 'Lyon', 'Nice', 'Lille'], rightAnswer: ' Paris ' })).toEqual({
      kind: 'single', questions: 'Capitale ?', answers: ['Paris', 'Lyon', 'Nice', 'Lille'], rights: [1],
    });
    expect(() => checkQuestion({ questions: 'x', answers: ['a', 'b', 'c', 'd'], rightAnswer: 'e' })).toThrow(RIGHT_ANSWER_NOT_OFFERED);
    expect(() => checkQuestion({ questions: 'x', answers: ['a', 'b', ' ', 'd'], rightAnswer: 'a' })).toThrow('La réponse 3 est obligatoire.');
    expect(() => checkQuestion({ questions: 'x', answers: ['a', 'b', 'a', 'd'], rightAnswer: 'a' })).toThrow('Les 4 réponses doivent être différentes.');
    expect(() => checkQuestion({ questions: ' ', answers: ['a', 'b', 'c', 'd'], rightAnswer: 'a' })).toThrow('La question est obligatoire.');
  });
});

describe('answering', () => {
  it('given a first answer, when it is recorded, then the attempt starts and the answer is scored', () => {
    const s = given();
    expect(s.answer(q(10), 'Lyon', 2, NOW)).toEqual({ kind: 'recorded', correct: true, answered: 1 });
    expect(types(s)).toEqual(['QuizAttemptStarted', 'QuestionAnswered']);
  });

  it('given an answered question, when it is answered again, then it is refused and counted once', () => {
    const s = given();
    s.answer(q(10), 'Paris', 3, NOW);
    s.takeEvents();
    expect(() => s.answer(q(10), 'Lyon', 3, NOW)).toThrow('Vous avez déjà répondu à cette question.');
    expect(s.answersOf()).toHaveLength(1);
    expect(s.hasPendingEvents).toBe(false);
  });

  it('given an answer that is not one of the four, then it is refused', () => {
    expect(() => given().answer(q(10), 'Marseille', 2, NOW)).toThrow('Cette réponse ne fait pas partie des réponses proposées.');
  });

  it('given the last question, when it is answered, then the quiz completes with its score, and no more answers are taken', () => {
    const s = given();
    s.answer(q(10), 'Lyon', 2, NOW);
    s.answer(q(11), 'Nice', 2, NOW, { courseId: 5, chapterId: 6, subchapterId: null });
    const events = s.takeEvents();
    expect(events.at(-1)).toEqual({
      type: 'QuizCompleted', payload: { studentId: 7, quizId: 3, attempt: 1, score: 1, total: 2, courseId: 5, chapterId: 6, subchapterId: null,
        passed: true, passMark: null, closedBy: 'answers',
      },
    });
    expect(s.canAnswer).toBe(false);
    expect(() => s.answer(q(12), 'Lyon', 2, NOW)).toThrow('recommencez-le');
  });
});

describe('resetting', () => {
  it('given a completed attempt, when reset, then a new attempt starts and the earlier answers stay', () => {
    const s = given();
    s.answer(q(10), 'Lyon', 1, NOW);
    s.takeEvents();
    s.reset();
    expect(types(s)).toEqual(['QuizAttemptsReset']);
    expect(s.attempt).toBe(2);
    expect(s.canAnswer).toBe(true);
    expect(s.answersOf(1)).toHaveLength(1);
    expect(s.answer(q(10), 'Paris', 1, NOW)).toEqual({ kind: 'recorded', correct: false, answered: 1 });
    expect(s.answers.length).toBe(2);
  });

  it('given no answer yet, when reset, then nothing happens', () => {
    const s = given();
    s.reset();
    expect(s.attempt).toBe(1);
    expect(s.hasPendingEvents).toBe(false);
  });
});

describe('StudentQuiz events', () => {
  describe('when a student gives their first answer', () => {
    it('records the attempt started, then the answer by its number and whether it is right', () => {
      const s = given();
      s.answer(q(10), '  Nice ', 3, NOW);
      expect(s.takeEvents()).toEqual([
        { type: 'QuizAttemptStarted', payload: { studentId: 7, quizId: 3, attempt: 1, deadline: null } },
        { type: 'QuestionAnswered', payload: { studentId: 7, quizId: 3, attempt: 1, questionId: 10, chosen: 3, correct: false } },
      ]);
      expect(s.current()!.startedAt).toEqual(NOW);
      expect(s.stream()).toEqual({ type: 'assessment.student-quiz', id: 1 });
    });
  });

  describe('when the last question is answered without a place', () => {
    it('completes with no course, chapter or sub-chapter, and keeps when', () => {
      const s = given();
      s.answer(q(10), 'Lyon', 1, NOW);
      expect(s.takeEvents().at(-1)).toEqual({
        type: 'QuizCompleted', payload: { studentId: 7, quizId: 3, attempt: 1, score: 1, total: 1, courseId: null, chapterId: null, subchapterId: null,
          passed: true, passMark: null, closedBy: 'answers',
        },
      });
      expect(s.current()!.completedAt).toEqual(NOW);
    });
  });

  describe('when the student starts over in the middle of an attempt', () => {
    it('records the reset with the new attempt, whose answers start afresh', () => {
      const s = given();
      s.answer(q(10), 'Lyon', 3, NOW);
      s.takeEvents();
      s.reset();
      expect(s.takeEvents()).toEqual([{ type: 'QuizAttemptsReset', payload: { studentId: 7, quizId: 3, attempt: 2 } }]);
      expect(s.answersOf()).toEqual([]);
      s.answer(q(10), 'Paris', 3, NOW);
      expect(types(s)).toEqual(['QuizAttemptStarted', 'QuestionAnswered']);
      expect(s.answersOf(2).map((a) => [a.questionId, a.options, a.correct])).toEqual([[10, [1], false]]);
    });
  });

  describe('when an answer is refused', () => {
    it.each<[string, (s: StudentQuiz) => unknown, string, string]>([
      ['not one of the four', (s) => s.answer(q(10), 'Marseille', 2, NOW), 'InvalidInputError', 'Cette réponse ne fait pas partie des réponses proposées.'],
      ['a second answer to a question', (s) => (s.answer(q(10), 'Lyon', 2, NOW), s.takeEvents(), s.answer(q(10), 'Nice', 2, NOW)), 'ConflictError', 'Vous avez déjà répondu à cette question.'],
      ['an answer after completing', (s) => (s.answer(q(10), 'Lyon', 1, NOW), s.takeEvents(), s.answer(q(11), 'Nice', 1, NOW)), 'ConflictError', 'Vous avez terminé ce quiz : recommencez-le pour répondre à nouveau.'],
    ])('refuses %s with its named error, recording nothing', (_, call, name, message) => {
      const s = given();
      expect(() => call(s)).toThrow(expect.objectContaining({ name, message }));
      expect(s.hasPendingEvents).toBe(false);
    });
  });
});

describe('as the answer path loads it: the attempt in progress, its answers as values (ADR 0043 item 10)', () => {
  /** Attempt 2 in progress (started, two answers given: question 10 right, 11 wrong, 12 with two options); `answers` not loaded. */
  function loaded(): StudentQuiz {
    const s = given();
    s.attempt = 2;
    s.version = 9;
    s.attempts = new Collection<QuizAttempt>(s, [Object.assign(new QuizAttempt(1, NOW), { completedAt: NOW }), new QuizAttempt(2, NOW)]);
    s.answers = new Collection<QuizAnswer>(s, undefined, false);
    s.givenAnswers = [
      { attempt: 2, questionId: 10, chosen: 2, choices: null, correct: true },
      { attempt: 2, questionId: 11, chosen: 1, choices: null, correct: false },
      { attempt: 2, questionId: 12, chosen: 1, choices: [1, 3], correct: true },
    ];
    return s;
  }
  const multiple: AnsweredQuestion = { id: 12, kind: 'multiple', answers: ['Paris', 'Lyon', 'Nice', 'Lille'], rights: [1, 3] };

  it('answers a retry with the recorded outcome and refuses another answer, from the values', () => {
    const s = loaded();
    expect(s.answer(q(10), 'Lyon', 5, NOW)).toEqual({ kind: 'recorded', correct: true, answered: 3 });
    expect(s.answer(multiple, [3, 1], 5, NOW)).toEqual({ kind: 'recorded', correct: true, answered: 3 });
    expect(() => s.answer(q(11), 'Lyon', 5, NOW)).toThrow('Vous avez déjà répondu à cette question.');
    expect(s.hasPendingEvents).toBe(false);
  });

  it('adds a new answer to the rows to insert and closes the attempt counting the values with it', () => {
    const s = loaded();
    expect(s.answer(q(13), 'Lyon', 4, NOW)).toEqual({ kind: 'recorded', correct: true, answered: 4 });
    expect(s.answers.getItems(false).map((a) => [a.attempt, a.questionId, a.chosen, a.correct])).toEqual([[2, 13, 2, true]]);
    expect(s.takeEvents().map((e) => [e.type, (e.payload as { score?: number }).score])).toEqual([['QuestionAnswered', undefined], ['QuizCompleted', 3]]);
    expect(s.version).toBe(11);
  });

  it('refuses to read an earlier attempt it did not load', () => {
    expect(() => loaded().answersOf(1)).toThrow('the answers of attempt 1 were not loaded');
    const bare = loaded();
    bare.givenAnswers = undefined;
    expect(() => bare.answersOf()).toThrow('the answers of attempt 2 were not loaded');
  });
});

describe('the rules of a quiz used as an evaluation (ADR 0043)', () => {
  const rules = (over: Partial<{ passMark: number | null; maxAttempts: number | null; timeLimitMinutes: number | null }> = {}) => ({
    passMark: 60, maxAttempts: 2, timeLimitMinutes: null, shuffle: false, drawCategory: null, drawCount: null, ...over,
  });
  const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
  const completed = (s: StudentQuiz) => s.takeEvents().filter((e) => e.type === 'QuizCompleted').map((e) => e.payload as { passed: boolean; score: number; closedBy: string });

  it('given a pass mark of 60 %, then 1 of 2 fails and 2 of 2 passes', () => {
    const s = given();
    s.answer(q(10), 'Lyon', 2, NOW, undefined, rules());
    s.answer(q(11), 'Paris', 2, NOW, undefined, rules());
    expect(completed(s)).toEqual([expect.objectContaining({ passed: false, score: 1, closedBy: 'answers' })]);
    s.reset(rules(), 2, NOW);
    s.answer(q(10), 'Lyon', 2, NOW, undefined, rules());
    s.answer(q(11), 'Lyon', 2, NOW, undefined, rules());
    expect(completed(s)).toEqual([expect.objectContaining({ passed: true, score: 2 })]);
    expect(s.outOfAttempts).toBe(false);
  });

  it('given no pass mark (the quizzes written before), then completing passes, attempts are unlimited', () => {
    const s = given();
    for (let i = 0; i < 5; i++) {
      s.answer(q(10), 'Paris', 1, NOW);
      expect(completed(s)).toEqual([expect.objectContaining({ passed: true, score: 0 })]);
      s.reset();
    }
    expect(s.attempt).toBe(6);
  });

  it('given the last attempt allowed below the pass mark, then the student is out of attempts and a reset is refused in French', () => {
    const s = given();
    s.answer(q(10), 'Paris', 1, NOW, undefined, rules());
    s.reset(rules(), 1, NOW);
    s.takeEvents();
    s.answer(q(10), 'Paris', 1, NOW, undefined, rules());
    expect(types(s)).toEqual(['QuizAttemptStarted', 'QuestionAnswered', 'QuizCompleted', 'QuizAttemptsExhausted']);
    expect(s.outOfAttempts).toBe(true);
    expect(() => s.reset(rules(), 1, NOW)).toThrow('Vous avez utilisé vos 2 tentatives pour ce quiz. Votre formateur en est informé');
    expect(() => s.answer(q(10), 'Lyon', 1, NOW, undefined, rules())).toThrow('Vous avez déjà répondu à cette question.');
    expect(s.attempt).toBe(2);
    expect(s.hasPendingEvents).toBe(false);
  });

  it('given a student out of attempts, when the trainer grants one more, then a new attempt opens and counts', () => {
    const s = given();
    s.answer(q(10), 'Paris', 1, NOW, undefined, rules({ maxAttempts: 1 }));
    s.takeEvents();
    expect(() => s.reset(rules({ maxAttempts: 1 }), 1, NOW)).toThrow('Vous avez utilisé votre tentative');
    s.grantAttempt(rules({ maxAttempts: 1 }));
    expect(s.takeEvents()).toEqual([
      { type: 'QuizAttemptGranted', payload: { studentId: 7, quizId: 3, allowed: 2 } },
      { type: 'QuizAttemptsReset', payload: { studentId: 7, quizId: 3, attempt: 2 } },
    ]);
    expect(s.outOfAttempts).toBe(false);
    expect(s.answer(q(10), 'Lyon', 1, NOW, undefined, rules({ maxAttempts: 1 }))).toEqual({ kind: 'recorded', correct: true, answered: 1 });
    expect(() => s.grantAttempt(rules({ maxAttempts: 1 }))).toThrow("Cet apprenant n'a pas épuisé ses tentatives");
  });

  it('given a student out of attempts, when the trainer validates by hand, then the event carries the category and the hash, not the text', () => {
    const s = given();
    s.answer(q(10), 'Paris', 1, NOW, { courseId: 5, chapterId: 6, subchapterId: null }, rules({ maxAttempts: 1 }));
    s.takeEvents();
    expect(() => s.validateByHand(9, 'inconnue', 'Oral réussi', 'h', NOW)).toThrow('Choisissez le motif de la validation.');
    expect(() => s.validateByHand(9, 'evaluation-orale', '  ', 'h', NOW)).toThrow('Précisez la raison de la validation.');
    s.validateByHand(9, 'evaluation-orale', 'Oral réussi le 12', 'abc123', NOW);
    expect(s.takeEvents()).toEqual([{
      type: 'QuizValidatedByTrainer',
      payload: { studentId: 7, quizId: 3, attempt: 1, score: 0, total: 1, courseId: 5, chapterId: 6, subchapterId: null, reasonCategory: 'evaluation-orale', reasonHash: 'abc123' },
    }]);
    expect(s.validationReason).toBe('Oral réussi le 12');
    expect(() => s.validateByHand(9, 'evaluation-orale', 'encore', 'h', NOW)).toThrow("il n'y a rien à valider");
  });

  it('given a time limit, then the attempt starts with a deadline, and an answer after it closes the attempt as it stands', () => {
    const timed = rules({ timeLimitMinutes: 10 });
    const s = given();
    s.start(timed, 3, NOW);
    expect(s.takeEvents()).toEqual([{ type: 'QuizAttemptStarted', payload: { studentId: 7, quizId: 3, attempt: 1, deadline: later(10).toISOString() } }]);
    expect(s.answer(q(10), 'Lyon', 3, later(9), undefined, timed)).toEqual({ kind: 'recorded', correct: true, answered: 1 });
    s.takeEvents();
    expect(s.answer(q(11), 'Lyon', 3, later(11), undefined, timed)).toEqual({ kind: 'time-up', answered: 1 });
    expect(completed(s)).toEqual([expect.objectContaining({ passed: false, score: 1, closedBy: 'time-limit' })]);
    expect(s.answersOf()).toHaveLength(1);
    expect(() => s.answer(q(12), 'Lyon', 3, later(12), undefined, timed)).toThrow('Le temps imparti pour ce quiz est écoulé');
  });

  it('given the same answer sent twice (a retry, a second tab), then the second answers the recorded outcome and records nothing', () => {
    const s = given();
    s.answer(q(10), 'Lyon', 2, NOW, undefined, rules());
    s.takeEvents();
    expect(s.answer(q(10), ' Lyon ', 2, NOW, undefined, rules())).toEqual({ kind: 'recorded', correct: true, answered: 1 });
    expect(s.hasPendingEvents).toBe(false);
  });
});
