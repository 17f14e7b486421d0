import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { courseIdOfStep, loadCourseForChange } from './load-course.js';
import type { StepKind } from './remove-step.command.js';

/**
 * The spec's `PATCH {order}`: the step takes that place among its siblings, and the one there
 * takes its former place. Sent for every item of a new order, in any order or all at once, the
 * result is that order, and no two steps ever share a place (docs/adr/0011).
 */
export class MoveStep extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly kind: StepKind,
    readonly id: number,
    readonly order: number,
  ) {
    super();
  }
}

@CommandHandler(MoveStep)
export class MoveStepHandler implements ICommandHandler<MoveStep> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, kind, id, order }: MoveStep): Promise<void> {
    await this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, await courseIdOfStep(uow, kind, id));
      if (kind === 'chapter') course.moveChapter(id, order);
      else course.moveSubchapter(id, order);
    });
  }
}
