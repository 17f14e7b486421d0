/** Commands the demo data and the tests send directly (docs/adr/0007-contracts-only-boundaries.md). */
export { AssignTrainer } from './application/commands/assign-trainer.command.js';
export { SendMessage } from './application/commands/send-message.command.js';
export { SendGroupMessage } from './application/commands/send-group-message.command.js';
export { MarkMessagesRead } from './application/commands/mark-messages-read.command.js';
export { GiveHomework, GiveHomeworkHandler } from './application/commands/give-homework.command.js';
export { SubmitHomework, SubmitHomeworkHandler } from './application/commands/submit-homework.command.js';
export { GradeHomework, GradeHomeworkHandler } from './application/commands/grade-homework.command.js';
export { endOfParisDay } from './domain/due-date.js';
export { CompleteHomework } from './application/commands/complete-homework.command.js';
export {
  OpenSupportRequest, OpenSupportRequestHandler, AnswerSupportRequest, AnswerSupportRequestHandler, ResolveSupportRequest, ResolveSupportRequestHandler,
} from './application/support/support.commands.js';
