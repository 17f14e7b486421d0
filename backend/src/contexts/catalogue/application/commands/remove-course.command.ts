import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { CountCourseLearners } from '../../contracts/catalogue.queries.js';
import { StudyMaterial } from '../../domain/study-material.aggregate.js';
import { loadCourseForChange } from './load-course.js';

/** Removes a course: archived when students are enrolled (their history stays whole), deleted otherwise. */
export class RemoveCourse extends Command<{ archived: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
  ) {
    super();
  }
}

@CommandHandler(RemoveCourse)
export class RemoveCourseHandler implements ICommandHandler<RemoveCourse> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, courseId }: RemoveCourse): Promise<{ archived: boolean }> {
    return this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, courseId);
      const learners = await this.queries.execute(new CountCourseLearners(courseId));
      const { mode, files } = course.remove(learners, this.clock.now());
      if (mode === 'delete') {
        uow.em.remove(course);
        files.forEach((file) => uow.uploads.supersede(file));
        // Its documents go with it (the database cascades the rows): their files too.
        for (const material of await uow.em.find(StudyMaterial, { courseId })) uow.uploads.supersede(material.filePath);
      }
      return { archived: mode === 'archive' };
    });
  }
}
