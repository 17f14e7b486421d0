import { copyFile, mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_CONFIG, projectRoot, type AppConfig } from '../../platform/config/config.js';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { CreateCategoryHandler } from './application/commands/create-category.command.js';
import { DeclareCoursePromisesHandler } from './application/commands/declare-course-promises.command.js';
import { EditCourseProgrammeHandler } from './application/commands/edit-course-programme.command.js';
import { PublishCourseHandler } from './application/commands/publish-course.command.js';
import { PublishPageHandler } from './application/commands/publish-page.command.js';
import {
  courseOutlineProjection, courseStatsProjection, trainerStudentProjection,
} from './application/projections/catalogue-stats.projection.js';
import { DEFAULT_COURSE_IMAGE } from './application/queries/course.sql.js';
import { GetCourseDetailHandler } from './application/queries/get-course-detail.query.js';
import { GetCourseSummariesHandler } from './application/queries/get-course-summaries.query.js';
import { GetCoursePromisesHandler } from './application/queries/get-course-promises.query.js';
import { GetCourseTitleHandler } from './application/queries/get-course-title.query.js';
import { GetPageHandler } from './application/queries/get-page.query.js';
import { GetTeacherCoursesHandler } from './application/queries/get-teacher-courses.query.js';
import { ListAllCoursesHandler } from './application/queries/list-all-courses.query.js';
import { ListCategoriesHandler } from './application/queries/list-categories.query.js';
import { ListCoursesHandler } from './application/queries/list-courses.query.js';
import { ListPagesHandler } from './application/queries/list-pages.query.js';
import { RecommendCoursesHandler } from './application/queries/recommend-courses.query.js';
import { Category } from './domain/category.aggregate.js';
import { CmsPage } from './domain/cms-page.aggregate.js';
import { Course } from './domain/course.aggregate.js';
import { Chapter, Subchapter } from './domain/course.aggregate.js';
import { CatalogueController } from './http/catalogue.controller.js';
import { AuthoringController } from './http/authoring.controller.js';
import { ChaptersController } from './http/chapters.controller.js';
import { CourseContentController } from './http/course-content.controller.js';
import { ScormLaunchController } from './http/scorm-launch.controller.js';
import { StudyMaterialsController } from './http/study-materials.controller.js';
import { StudyMaterial } from './domain/study-material.aggregate.js';
import { AddChapterHandler } from './application/commands/add-chapter.command.js';
import { AddStudyMaterialHandler } from './application/commands/add-study-material.command.js';
import { AddSubchapterHandler } from './application/commands/add-subchapter.command.js';
import { CourseTrainers } from './application/commands/course-trainers.js';
import { CreateCourseHandler } from './application/commands/create-course.command.js';
import { ReleaseCourseHandler } from './application/commands/release-course.command.js';
import { ReturnCourseToDraftHandler } from './application/commands/return-course-to-draft.command.js';
import { MoveStepHandler } from './application/commands/move-step.command.js';
import { RemoveCourseHandler } from './application/commands/remove-course.command.js';
import { RemoveStepHandler } from './application/commands/remove-step.command.js';
import { RecordDocumentDownloadHandler } from './application/commands/record-document-download.command.js';
import { RemoveStudyMaterialHandler } from './application/commands/remove-study-material.command.js';
import { ReorderChaptersHandler } from './application/commands/reorder-chapters.command.js';
import { ReorderSubchaptersHandler } from './application/commands/reorder-subchapters.command.js';
import { UpdateChapterHandler } from './application/commands/update-chapter.command.js';
import { UpdateCourseHandler } from './application/commands/update-course.command.js';
import { UpdateSubchapterHandler } from './application/commands/update-subchapter.command.js';
import { CanReadCourseContentHandler } from './application/queries/can-read-course-content.query.js';
import { GetDocumentNameHandler } from './application/queries/get-document-name.query.js';
import { GetScormPackageHandler } from './application/queries/get-scorm-package.query.js';
import { GetScormLaunchTargetHandler } from './application/queries/get-scorm-launch-target.query.js';
import { GetCourseForEditingHandler } from './application/queries/get-course-for-editing.query.js';
import { GetCourseOwnerHandler } from './application/queries/get-course-owner.query.js';
import { GetQuizStepCoursesHandler } from './application/queries/get-quiz-step-courses.query.js';
import { GetCourseOutlineHandler } from './application/queries/get-course-outline.query.js';
import { CountCourseStepsHandler } from './application/queries/count-course-steps.query.js';
import { GetRemovalImpactHandler } from './application/queries/get-removal-impact.query.js';
import { GetTrainerDashboardHandler } from './application/queries/get-trainer-dashboard.query.js';
import { ListAuthoredCoursesHandler } from './application/queries/list-authored-courses.query.js';
import { GetChapterHandler, ListChaptersHandler } from './application/queries/list-chapters.query.js';
import { GetSubchapterHandler, ListSubchaptersHandler } from './application/queries/list-subchapters.query.js';
import { ListStudyMaterialsHandler } from './application/queries/list-study-materials.query.js';
import { CountCatalogueRecordsHandler } from './application/queries/count-catalogue-records.query.js';
import { AssignCourseToTrainerHandler } from './application/commands/assign-course-to-trainer.command.js';
import { ListUnassignedCoursesHandler } from './application/queries/list-unassigned-courses.query.js';
import { ScormManifestUpgrade } from './application/scorm-manifest-upgrade.js';
import { TrainerCoursesController } from './http/trainer-courses.controller.js';

/** Catalogue: categories, courses and their structure, CMS pages, trainers' public pages. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([Category, Course, Chapter, Subchapter, CmsPage, StudyMaterial])],
  controllers: [CatalogueController, AuthoringController, ChaptersController, StudyMaterialsController, CourseContentController, ScormLaunchController, TrainerCoursesController],
  providers: [
    // Stored manifests of packages imported by an older reading, completed after the migrations (create-app.ts).
    ScormManifestUpgrade,
    // Identity asks before removing a person (identity.queries.ts), answered here.
    CountCatalogueRecordsHandler,
    AssignCourseToTrainerHandler,
    ListUnassignedCoursesHandler,
    CreateCategoryHandler,
    PublishCourseHandler,
    PublishPageHandler,
    ListCoursesHandler,
    GetCourseDetailHandler,
    GetCourseSummariesHandler,
    GetCourseTitleHandler,
    GetCoursePromisesHandler,
    DeclareCoursePromisesHandler,
    EditCourseProgrammeHandler,
    RecommendCoursesHandler,
    ListAllCoursesHandler,
    GetTeacherCoursesHandler,
    ListCategoriesHandler,
    ListPagesHandler,
    GetPageHandler,
    // Authoring (issue 8).
    CourseTrainers,
    CreateCourseHandler,
    ReleaseCourseHandler,
    ReturnCourseToDraftHandler,
    UpdateCourseHandler,
    RemoveCourseHandler,
    AddChapterHandler,
    UpdateChapterHandler,
    AddSubchapterHandler,
    UpdateSubchapterHandler,
    RemoveStepHandler,
    MoveStepHandler,
    ReorderChaptersHandler,
    ReorderSubchaptersHandler,
    AddStudyMaterialHandler,
    RemoveStudyMaterialHandler,
    RecordDocumentDownloadHandler,
    GetCourseOwnerHandler,
    GetQuizStepCoursesHandler,
    GetCourseOutlineHandler,
    CountCourseStepsHandler,
    GetCourseForEditingHandler,
    ListAuthoredCoursesHandler,
    GetTrainerDashboardHandler,
    ListChaptersHandler,
    GetChapterHandler,
    ListSubchaptersHandler,
    GetSubchapterHandler,
    GetRemovalImpactHandler,
    ListStudyMaterialsHandler,
    CanReadCourseContentHandler,
    GetDocumentNameHandler,
    GetScormPackageHandler,
    GetScormLaunchTargetHandler,
  ],
})
export class CatalogueModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.projections.register(courseStatsProjection);
    this.projections.register(courseOutlineProjection);
    this.projections.register(trainerStudentProjection);
    await this.installDefaultImage();
  }

  /** The image shown for a course without one, served from the media folder like the others. */
  private async installDefaultImage(): Promise<void> {
    const target = join(this.config.dataDir, DEFAULT_COURSE_IMAGE.replace(/^\//, ''));
    try {
      await stat(target);
    } catch {
      const source = join(projectRoot, 'backend/src/demo/assets/default-course.jpg');
      try {
        await mkdir(dirname(target), { recursive: true });
        await copyFile(source, target);
      } catch (error) {
        new Logger('Catalogue').warn(`Image par défaut des cours absente (${String(error)}).`);
      }
    }
  }
}
