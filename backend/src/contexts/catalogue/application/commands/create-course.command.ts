import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { Course } from '../../domain/course.aggregate.js';
import { CourseTrainers, promiseChanges, type CourseFormFields } from './course-trainers.js';

/** A trainer creates a course of their own; an admin creates one for a trainer, or unassigned. */
export class CreateCourse extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly fields: CourseFormFields,
    readonly image?: Buffer,
  ) {
    super();
  }
}

@CommandHandler(CreateCourse)
export class CreateCourseHandler implements ICommandHandler<CreateCourse> {
  constructor(
    private readonly store: AggregateStore,
    private readonly trainers: CourseTrainers,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, fields, image }: CreateCourse): Promise<number> {
    const teacherId = await this.trainers.forNewCourse(actor, fields.formateur);
    // Stored before the transaction (docs/adr/0060), once the actor may create the course.
    const staged = await this.store.stage(async (read) => (image ? read.uploads.putImage('courses', image, 'featured_img') : null));
    return this.store.transaction(async (uow) => {
      const categoryId = await this.trainers.category(uow.em, fields.category, true);
      const featuredImg = uow.uploads.keep(staged);
      const course = uow.add(
        Course.create({
          title: fields.title, description: fields.description ?? '', techs: fields.techs ?? '', categoryId: categoryId!, teacherId, featuredImg, now: this.clock.now(),
          promises: promiseChanges(fields),
        }),
      );
      return () => course.id;
    }, { staged });
  }
}
