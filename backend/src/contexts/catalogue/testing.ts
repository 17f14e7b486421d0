/** Commands the demo data and the tests send directly (docs/adr/0007-contracts-only-boundaries.md). */
export { CreateCategory } from './application/commands/create-category.command.js';
export { PublishCourse, type ChapterDraft } from './application/commands/publish-course.command.js';
export { PublishPage } from './application/commands/publish-page.command.js';
export type { ContentInput } from './domain/course.entity.js';
