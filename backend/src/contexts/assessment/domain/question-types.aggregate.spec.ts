// ADR 0045 on the aggregates alone: question types, all-or-nothing scoring of several right answers,
// an attempt's paper, and the trainer's bank question (revisions, archive, owner).
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import { BankQuestion, checkFiling } from './bank-question.aggregate.js';
import { questionHash } from './question-hash.js';
import { checkQuestion, checkRules, isRight, NO_RULES, Question, Quiz, QuizCourse } from './quiz.aggregate.js';
import { AttemptQuestion, chosenOptions, QuizAnswer, QuizAttempt, StudentQuiz, type AnsweredQuestion, type PaperQuestion } from './student-quiz.aggregate.js';

let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({
    entities: [Quiz, Question, QuizCourse, StudentQuiz, QuizAttempt, QuizAnswer, AttemptQuestion, BankQuestion], metadataProvider: ReflectMetadataProvider, dbName: 'unused',
  });
});
afterAll(() => orm?.close());

const NOW = new Date('2026-11-27T09:00:00Z');
const FOUR: [string, string, string, string] = ['Word', 'Excel', 'PowerPoint', 'Paint'];
const multi: AnsweredQuestion = { id: 20, kind: 'multiple', answers: [...FOUR], rights: [1, 2] };
const tf: AnsweredQuestion = { id: 21, kind: 'true-false', answers: ['Vrai', 'Faux', '', ''], rights: [2] };

describe('question types', () => {
  it('a question with several right answers needs them by number, one at least, known and distinct', () => {
    expect(checkQuestion({ kind: 'multiple', questions: 'Tableurs et traitements de texte ?', answers: FOUR, rightAnswer: '', rightAnswers: [2, 1] })).toMatchObject({
      kind: 'multiple', rights: [1, 2],
    });
    expect(() => checkQuestion({ kind: 'multiple', questions: 'x', answers: FOUR, rightAnswer: '' })).toThrow('Cochez au moins une bonne réponse.');
    expect(() => checkQuestion({ kind: 'multiple', questions: 'x', answers: FOUR, rightAnswer: '', rightAnswers: [1, 5] })).toThrow('parmi les réponses proposées');
    expect(() => checkQuestion({ kind: 'multiple', questions: 'x', answers: FOUR, rightAnswer: '', rightAnswers: [1, 1] })).toThrow('indiquée deux fois');
  });

  it('a true/false question stores « Vrai » and « Faux » and takes its right answer by text or number', () => {
    expect(checkQuestion({ kind: 'true-false', questions: 'Excel est un tableur.', answers: ['', '', '', ''], rightAnswer: 'vrai' })).toMatchObject({
      answers: ['Vrai', 'Faux', '', ''], rights: [1],
    });
    expect(checkQuestion({ kind: 'true-false', questions: 'x', answers: ['', '', '', ''], rightAnswer: '', rightAnswers: [2] }).rights).toEqual([2]);
    expect(() => checkQuestion({ kind: 'true-false', questions: 'x', answers: ['', '', '', ''], rightAnswer: 'Peut-être' })).toThrow('« Vrai » ou « Faux »');
  });

  it('an edit without a kind keeps the question’s (the spec’s form), and events carry option numbers', () => {
    const quiz = Quiz.create(7, 'Bureautique', '', NOW);
    quiz.id = 1;
    const question = quiz.addQuestion({ kind: 'multiple', questions: 'x', answers: FOUR, rightAnswer: '', rightAnswers: [1, 3] });
    question.id = 5;
    quiz.takeEvents();
    expect(() => quiz.changeQuestion(5, { questions: 'y', answers: FOUR, rightAnswer: 'Word' })).toThrow('Cochez au moins une bonne réponse.');
    quiz.changeQuestion(5, { questions: 'y', answers: FOUR, rightAnswer: '', rightAnswers: [2, 3] });
    expect(question.rightAns).toBe('Excel');
    expect(quiz.takeEvents()).toEqual([{ type: 'QuestionChanged', payload: { quizId: 1, questionId: 5, rightAnswer: 2, kind: 'multiple', rightAnswers: [2, 3] } }]);
  });

  it('scores several right answers all-or-nothing', () => {
    expect(isRight([1, 2], [1, 2])).toBe(true);
    expect(isRight([1], [1, 2])).toBe(false);
    expect(isRight([1, 2, 3], [1, 2])).toBe(false);
  });
});

describe('answering by type', () => {
  const given = () => Object.assign(new StudentQuiz(7, 3), { id: 1 });

  it('checks the options chosen: known, distinct, at least one, one only unless several are right', () => {
    expect(chosenOptions(multi, [2, 1])).toEqual([1, 2]);
    expect(() => chosenOptions(multi, [])).toThrow('Choisissez au moins une réponse.');
    expect(() => chosenOptions(multi, [1, 9])).toThrow('Cette réponse ne fait pas partie des réponses proposées.');
    expect(() => chosenOptions(multi, [2, 2])).toThrow('Une même réponse ne peut pas être choisie deux fois.');
    expect(() => chosenOptions(tf, [1, 2])).toThrow('Cette question n’attend qu’une seule réponse.');
    expect(() => chosenOptions(tf, [3])).toThrow('Cette réponse ne fait pas partie des réponses proposées.');
    expect(chosenOptions(tf, 'Faux')).toEqual([2]);
  });

  it('records several options in the event by number, wrong when one is missing, and a retry answers the outcome', () => {
    const s = given();
    expect(s.answer(multi, [1], 2, NOW)).toEqual({ kind: 'recorded', correct: false, answered: 1 });
    const [, answered] = s.takeEvents();
    expect(answered).toEqual({ type: 'QuestionAnswered', payload: { studentId: 7, quizId: 3, attempt: 1, questionId: 20, chosen: 1, correct: false, choices: [1] } });
    expect(s.answer(multi, [1], 2, NOW)).toEqual({ kind: 'recorded', correct: false, answered: 1 });
    expect(() => s.answer(multi, [1, 2], 2, NOW)).toThrow('Vous avez déjà répondu à cette question.');
    expect(s.answer(tf, 'Faux', 2, NOW)).toEqual({ kind: 'recorded', correct: true, answered: 2 });
  });
});

describe('an attempt’s paper', () => {
  const paper: PaperQuestion[] = [
    { questionId: 31, source: 'bank', version: 2, hash: 'a'.repeat(64), kind: 'true-false', questions: 'Excel est un tableur.', options: [{ id: 1, text: 'Vrai' }, { id: 2, text: 'Faux' }], rights: [1], explanation: '' },
    { questionId: 30, source: 'bank', version: 1, hash: 'b'.repeat(64), kind: 'multiple', questions: 'Suite Office ?', options: [{ id: 3, text: 'PowerPoint' }, { id: 1, text: 'Word' }, { id: 4, text: 'Paint' }, { id: 2, text: 'Excel' }], rights: [1, 2, 3], explanation: '' },
  ];

  it('is recorded at the start in the order served, its ids, revisions and hashes in the event, and the attempt closes on its own count', () => {
    const s = Object.assign(new StudentQuiz(7, 3), { id: 1 });
    const rules = { ...NO_RULES, drawCategory: 'Excel', drawCount: 2 };
    const attempt = s.start(rules, 2, NOW, undefined, paper);
    expect(attempt.paper.getItems().map((q) => [q.position, q.questionId])).toEqual([[1, 31], [2, 30]]);
    expect(s.takeEvents()[0]!.payload).toMatchObject({
      questions: [{ questionId: 31, source: 'bank', version: 2, hash: 'a'.repeat(64) }, { questionId: 30, source: 'bank', version: 1, hash: 'b'.repeat(64) }],
    });
    const [first, second] = s.paper();
    s.answer(first!.answered, 'Vrai', 2, NOW, undefined, rules);
    s.answer(second!.answered, [3, 2, 1], 2, NOW, undefined, rules);
    expect(s.current()).toMatchObject({ score: 2, total: 2, closedBy: 'answers' });
  });
});

describe('the quiz’s serving settings', () => {
  it('shuffle and a bank draw are checked in French; a draw names both its category and its count', () => {
    expect(checkRules({ shuffle: true, drawCategory: ' Excel ', drawCount: 5 })).toMatchObject({ shuffle: true, drawCategory: 'Excel', drawCount: 5 });
    expect(() => checkRules({ drawCategory: 'Excel' })).toThrow('indiquez la catégorie et le nombre de questions à tirer');
    expect(() => checkRules({ drawCategory: 'Excel', drawCount: 0 })).toThrow('Le nombre de questions à tirer doit être un entier entre 1 et 100.');
    expect(checkRules({ drawCategory: '', drawCount: null }, { ...NO_RULES, drawCategory: 'Excel', drawCount: 2 })).toMatchObject({ drawCategory: null, drawCount: null });
  });
});

describe('a bank question', () => {
  const fields = { kind: 'true-false' as const, questions: 'Un tableau croisé dynamique résume des données.', answers: ['', '', '', ''] as [string, string, string, string], rightAnswer: 'Vrai' };

  it('is its trainer’s, filed and tagged, revised on each edit with its content’s hash, archived and then frozen', () => {
    const b = BankQuestion.create(7, ' Excel ', ['TCD', ' TCD ', 'avancé'], fields, NOW);
    b.id = 40;
    expect([b.category, b.tags, b.revision]).toEqual(['Excel', ['TCD', 'avancé'], 1]);
    const hash = questionHash({ kind: 'true-false', questions: fields.questions, answers: ['Vrai', 'Faux', '', ''], rights: [1], explanation: '' });
    expect(b.takeEvents()).toEqual([{ type: 'BankQuestionWritten', payload: { questionId: 40, teacherId: 7, kind: 'true-false', revision: 1, rightAnswers: [1], hash } }]);
    expect(() => b.assertOwner({ role: 'teacher', profileId: 8, accountId: 80 } as never)).toThrow('Cette question n’est pas dans votre banque.');
    b.change('Excel', [], { ...fields, rightAnswer: 'Faux' }, NOW);
    expect(b.revision).toBe(2);
    expect(b.takeEvents()[0]!.payload).toMatchObject({ revision: 2, rightAnswers: [2] });
    expect(b.hash).not.toBe(hash);
    b.takeEvents();
    b.archive(NOW);
    b.archive(NOW);
    expect(b.takeEvents().map((e) => e.type)).toEqual(['BankQuestionArchived']);
    expect(() => b.change('Excel', [], fields, NOW)).toThrow('Cette question est archivée');
  });

  it('refuses a filing without a category, too many tags or too long a tag', () => {
    expect(() => checkFiling(' ', [])).toThrow('La catégorie est obligatoire.');
    expect(() => checkFiling('Excel', Array.from({ length: 11 }, (_, i) => `t${i}`))).toThrow('au plus 10 étiquettes');
    expect(() => checkFiling('Excel', ['x'.repeat(41)])).toThrow('Une étiquette ne doit pas dépasser 40 caractères.');
  });
});
