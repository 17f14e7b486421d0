import { copyFile, mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_CONFIG, projectRoot, type AppConfig } from '../../platform/config/config.js';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { CreateCategoryHandler } from './application/commands/create-category.command.js';
import { PublishCourseHandler } from './application/commands/publish-course.command.js';
import { PublishPageHandler } from './application/commands/publish-page.command.js';
import { categoryStatsProjection, courseStatsProjection } from './application/projections/catalogue-stats.projection.js';
import { DEFAULT_COURSE_IMAGE } from './application/queries/course.sql.js';
import { GetCourseDetailHandler } from './application/queries/get-course-detail.query.js';
import { GetCourseSummariesHandler } from './application/queries/get-course-summaries.query.js';
import { GetCourseTitleHandler } from './application/queries/get-course-title.query.js';
import { GetPageHandler } from './application/queries/get-page.query.js';
import { GetTeacherCoursesHandler } from './application/queries/get-teacher-courses.query.js';
import { ListAllCoursesHandler } from './application/queries/list-all-courses.query.js';
import { ListCategoriesHandler } from './application/queries/list-categories.query.js';
import { ListCoursesHandler } from './application/queries/list-courses.query.js';
import { ListPagesHandler } from './application/queries/list-pages.query.js';
import { RecommendCoursesHandler } from './application/queries/recommend-courses.query.js';
import { Category } from './domain/category.entity.js';
import { CmsPage } from './domain/cms-page.entity.js';
import { Chapter, Course, Subchapter } from './domain/course.entity.js';
import { CatalogueController } from './http/catalogue.controller.js';

/** Catalogue: categories, courses and their structure, CMS pages, trainers' public pages. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([Category, Course, Chapter, Subchapter, CmsPage])],
  controllers: [CatalogueController],
  providers: [
    CreateCategoryHandler,
    PublishCourseHandler,
    PublishPageHandler,
    ListCoursesHandler,
    GetCourseDetailHandler,
    GetCourseSummariesHandler,
    GetCourseTitleHandler,
    RecommendCoursesHandler,
    ListAllCoursesHandler,
    GetTeacherCoursesHandler,
    ListCategoriesHandler,
    ListPagesHandler,
    GetPageHandler,
  ],
})
export class CatalogueModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.projections.register(courseStatsProjection);
    this.projections.register(categoryStatsProjection);
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
