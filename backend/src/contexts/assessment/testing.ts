/** Commands the demo data and the tests send directly (docs/adr/0007-contracts-only-boundaries.md). */
export { CreateQuiz } from './application/commands/create-quiz.command.js';
export { AddQuestion } from './application/commands/add-question.command.js';
export { AssignQuiz } from './application/commands/assign-quiz.command.js';
export { AnswerQuestion } from './application/commands/answer-question.command.js';
export { WriteBankQuestion } from './application/commands/bank-question.commands.js';
export type { QuestionFields } from './domain/quiz.aggregate.js';
