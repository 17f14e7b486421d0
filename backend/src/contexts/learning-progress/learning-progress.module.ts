import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { CompleteCourseHandler } from './application/commands/complete-course.command.js';
import { RecordProgressHandler } from './application/commands/record-progress.command.js';
import { ValidateQuizStepHandler } from './application/commands/validate-quiz-step.command.js';
import { QuizStepPolicy } from './application/policies/quiz-step.policy.js';
import { studentCourseProgressProjection, studentProgressProjection } from './application/projections/progress.projections.js';
import { quizCompletionProjection } from './application/projections/quiz-completion.projection.js';
import { ListStudentCoursesHandler } from './application/queries/list-student-courses.query.js';
import { GetStudentDashboardHandler } from './application/queries/get-student-dashboard.query.js';
import { studentDashboardProjection } from './application/projections/student-dashboard.projection.js';
import { ListProgressHandler } from './application/queries/list-progress.query.js';
import { GetScormProgressHandler } from './application/queries/get-scorm-progress.query.js';
import { ListMapping1ScormCommitsHandler } from './application/queries/list-mapping1-scorm-commits.query.js';
import { GetScormTraceHandler } from './application/queries/get-scorm-trace.query.js';
import { RecordScormCommitHandler } from './application/commands/record-scorm-commit.command.js';
import { CourseProgress, StepProgress } from './domain/course-progress.aggregate.js';
import { ProgressController } from './http/progress.controller.js';
import { ProgressRulesController } from './http/progress-rules.controller.js';
import { ProgressGridController } from './http/progress-grid.controller.js';
import { GetProgressGridHandler } from './application/queries/get-progress-grid.query.js';
import { ExportProgressGridHandler } from './application/exports/progress-grid-export.js';
import { GetProgressRulesHandler } from './application/queries/get-progress-rules.query.js';
import { CountLearningRecordsHandler } from './application/queries/count-learning-records.query.js';
import { GetQuizStepAccessHandler } from './application/queries/get-quiz-step-access.query.js';
import { GetLearningTranscriptHandler } from './application/queries/get-learning-transcript.query.js';
import { GetLearnerBeatsPageHandler, GetLearnerScormCommitsPageHandler } from './application/queries/get-learner-evidence-rows.query.js';

/** Learning progress (issue 11, in progress): the player's progress, validation from evidence, time on task. docs/learning-progress.md. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([CourseProgress, StepProgress])],
  controllers: [ProgressController, ProgressRulesController, ProgressGridController],
  providers: [
    // Identity asks before removing a person (identity.queries.ts), answered here.
    CountLearningRecordsHandler,
    // Assessment asks before a student takes a quiz that is a course step (assessment.queries.ts), answered here.
    GetQuizStepAccessHandler,
    // The evidence context's transcript asks (learning-progress.transcript.ts), answered here.
    GetLearningTranscriptHandler,
    // The evidence context's dossier de preuves asks for the raw rows (learning-progress.evidence-rows.ts), answered here.
    GetLearnerBeatsPageHandler, GetLearnerScormCommitsPageHandler,
    // The trainer's progress grid and its export (docs/adr/0042-progress-grid.md).
    GetProgressGridHandler, ExportProgressGridHandler,
    RecordProgressHandler, RecordScormCommitHandler, GetScormProgressHandler, GetScormTraceHandler, ListMapping1ScormCommitsHandler, CompleteCourseHandler, ValidateQuizStepHandler, ListProgressHandler, ListStudentCoursesHandler, GetStudentDashboardHandler, GetProgressRulesHandler, QuizStepPolicy],
})
export class LearningProgressModule {
  constructor(projections: ProjectionRegistry, quizStep: QuizStepPolicy) {
    projections.register(quizCompletionProjection);
    projections.register(studentCourseProgressProjection);
    projections.register(studentProgressProjection);
    projections.register(studentDashboardProjection);
    projections.registerPolicy(quizStep);
  }
}
