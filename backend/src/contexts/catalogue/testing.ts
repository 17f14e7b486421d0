/** Commands the demo data and the tests send directly (docs/adr/0007-contracts-only-boundaries.md). */
export { CreateCategory } from './application/commands/create-category.command.js';
export { PublishCourse, type ChapterDraft } from './application/commands/publish-course.command.js';
export { CreateCourse } from './application/commands/create-course.command.js';
export { PublishPage } from './application/commands/publish-page.command.js';
export type { ContentInput } from './domain/step-input.js';
// Authoring commands the demo data sends as its trainers, through the same paths as their uploads.
export { AddChapter } from './application/commands/add-chapter.command.js';
export { AddSubchapter } from './application/commands/add-subchapter.command.js';
export { AddStudyMaterial } from './application/commands/add-study-material.command.js';
export type { IncomingFile } from './application/commands/step-media.js';
export { DeclareCoursePromises } from './application/commands/declare-course-promises.command.js';
export { EditCourseProgramme } from './application/commands/edit-course-programme.command.js';
export type { ProgrammeChanges } from './domain/course-programme.js';
export type { CourseNature, PromiseChanges, StepDeclaration } from './domain/course-promises.js';
export { COMPLETE_PROGRAMME, COMPLETE_PROGRAMME_FORM, COMPLETE_PROMISES } from './domain/testing/programme.js';
export { EMPTY_PROGRAMME, missingProgrammeItems, type ProgrammeSheet } from './domain/course-programme.js';
export { RecordDocumentDownload } from './application/commands/record-document-download.command.js';
