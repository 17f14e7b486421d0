import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { CountCourseLearners } from '../../contracts/catalogue.queries.js';
import { StudyMaterialNotFoundError } from '../../domain/catalogue.errors.js';
import { StudyMaterial } from '../../domain/study-material.aggregate.js';
import { loadCourseForChange } from './load-course.js';

/** Removes a shared document: archived when the course has learners, deleted (with its file) otherwise. */
export class RemoveStudyMaterial extends Command<{ archived: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly materialId: number,
  ) {
    super();
  }
}

@CommandHandler(RemoveStudyMaterial)
export class RemoveStudyMaterialHandler implements ICommandHandler<RemoveStudyMaterial> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  execute({ actor, materialId }: RemoveStudyMaterial): Promise<{ archived: boolean }> {
    return this.store.transaction(async (uow) => {
      const material = await uow.load(StudyMaterial, { id: materialId, archivedAt: null }, () => new StudyMaterialNotFoundError());
      await loadCourseForChange(uow, actor, material.courseId);
      const learners = await this.queries.execute(new CountCourseLearners(material.courseId));
      const mode = material.remove(learners, this.clock.now());
      if (mode === 'delete') {
        uow.em.remove(material);
        uow.uploads.supersede(material.filePath);
      }
      return { archived: mode === 'archive' };
    });
  }
}
