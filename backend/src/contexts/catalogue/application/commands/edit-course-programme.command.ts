import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import type { ProgrammeChanges } from '../../domain/course-programme.js';
import type { PromiseChanges } from '../../domain/course-promises.js';
import { loadCourseForChange } from './load-course.js';

/** Changes a course's programme sheet (its trainer or an admin; docs/adr/0047): load, one domain call, save. */
export class EditCourseProgramme extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
    readonly changes: ProgrammeChanges,
    /** Objectives, planned duration and nature (ADR 0011), items of the sheet too. */
    readonly promises: PromiseChanges = {},
  ) {
    super();
  }
}

@CommandHandler(EditCourseProgramme)
export class EditCourseProgrammeHandler implements ICommandHandler<EditCourseProgramme> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, courseId, changes, promises }: EditCourseProgramme): Promise<void> {
    await this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, courseId);
      course.editProgramme(actor, changes, this.clock.now(), promises);
    });
  }
}
