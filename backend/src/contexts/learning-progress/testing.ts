/** Commands the demo data and the tests send directly (docs/adr/0007-contracts-only-boundaries.md). */
export { RecordProgress } from './application/commands/record-progress.command.js';
/** The handler itself, for the demo data, which plays its learners' reports on a clock of its own (src/demo/demo-progress.ts). */
export { RecordProgressHandler } from './application/commands/record-progress.command.js';
export { CompleteCourse } from './application/commands/complete-course.command.js';
export { RecordScormCommit } from './application/commands/record-scorm-commit.command.js';
export { ValidateQuizStep } from './application/commands/validate-quiz-step.command.js';
