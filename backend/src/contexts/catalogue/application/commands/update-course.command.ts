import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { CourseTrainers, promiseChanges, type CourseFormFields } from './course-trainers.js';
import { assertMayChangeCourse, loadCourseForChange } from './load-course.js';

/** Edits a course's title, description, category, image (and, for an admin, its trainer). */
export class UpdateCourse extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
    readonly fields: CourseFormFields,
    readonly image?: Buffer,
  ) {
    super();
  }
}

@CommandHandler(UpdateCourse)
export class UpdateCourseHandler implements ICommandHandler<UpdateCourse> {
  constructor(
    private readonly store: AggregateStore,
    private readonly trainers: CourseTrainers,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, courseId, fields, image }: UpdateCourse): Promise<void> {
    // Stored before the transaction (docs/adr/0060), once the actor is known to be the course's author.
    const staged = await this.store.stage(async (read) => {
      if (!image) return undefined;
      await assertMayChangeCourse(read, actor, courseId);
      return read.uploads.putImage('courses', image, 'featured_img');
    });
    await this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, courseId);
      const teacherId = await this.trainers.forUpdate(actor, fields.formateur, course.teacherId);
      const categoryId = (await this.trainers.category(uow.em, fields.category, false)) ?? course.categoryId;
      const accepted = teacherId === course.teacherId || (await this.trainers.isAccepted(teacherId));
      const featuredImg = uow.uploads.keep(staged);
      const replaced = course.update(
        { title: fields.title, description: fields.description ?? course.description, techs: fields.techs ?? course.techs, categoryId, teacherId },
        featuredImg,
        this.clock.now(),
        accepted,
        promiseChanges(fields),
      );
      uow.uploads.supersede(replaced);
    }, { staged });
  }
}
