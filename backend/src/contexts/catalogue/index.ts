/** The catalogue context's public face: its module, the queries and commands others may use, its events. */
export { CatalogueModule } from './catalogue.module.js';
export { CreateCategory } from './application/commands/create-category.command.js';
export { PublishCourse, type ChapterDraft } from './application/commands/publish-course.command.js';
export type { ContentFields } from './domain/course.entity.js';
export { PublishPage } from './application/commands/publish-page.command.js';
export { GetCourseSummaries, GetCourseTitle, RecommendCourses, type CourseSummary } from './application/queries/course.queries.js';
export * from './contracts/catalogue.events.js';
