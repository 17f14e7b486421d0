import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, ForbiddenError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';
import { loadQuizForChange } from './load-quiz.js';

/** Assigns (or, `assign` false, unassigns) a quiz to a course: a trainer's quiz to that trainer's own courses only. */
export class AssignQuiz extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly courseId: number,
    readonly assign = true,
  ) {
    super();
  }
}

@CommandHandler(AssignQuiz)
export class AssignQuizHandler implements ICommandHandler<AssignQuiz> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, quizId, courseId, assign }: AssignQuiz): Promise<void> {
    const course = await this.queries.execute(new GetCourseOwner(courseId));
    if (course.archived) throw new NotFoundError('Cours introuvable.', 'course');
    await this.store.transaction(async (uow) => {
      const quiz = await loadQuizForChange(uow, actor, quizId);
      if (course.teacher_id === null || course.teacher_id !== quiz.teacherId) {
        throw new ForbiddenError('Un quiz ne peut être assigné qu’à un cours de son formateur.');
      }
      if (assign) quiz.assignTo(courseId, this.clock.now());
      else quiz.unassignFrom(courseId);
    });
  }
}
