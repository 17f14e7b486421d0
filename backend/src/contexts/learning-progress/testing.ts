/** Commands the demo data and the tests send directly (docs/adr/0007-contracts-only-boundaries.md). */
export { RecordProgress } from './application/commands/record-progress.command.js';
export { CompleteCourse } from './application/commands/complete-course.command.js';
export { RecordScormCommit } from './application/commands/record-scorm-commit.command.js';
export { ValidateQuizStep } from './application/commands/validate-quiz-step.command.js';
