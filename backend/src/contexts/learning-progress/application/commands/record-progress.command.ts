import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import { CourseProgress, type ProgressAnswer } from '../../domain/course-progress.aggregate.js';
import type { Interval } from '../../domain/played-intervals.js';
import type { Step } from '../../domain/step-order.js';
import type { Beat } from '../../domain/time-on-task.js';
import { EvidenceRepository } from '../evidence.repository.js';
import { assertLearner, contentOf, coursePlan, stepInfo, progressWriters } from '../progress-access.js';

export type { ProgressAnswer };

export interface ProgressReport {
  step: Pick<Step, 'kind' | 'id'>;
  /** The chapter named with the step, if any (a sub-chapter's must be its own chapter; the spec's client may send it null). */
  chapterId?: number;
  contentType: string;
  /** The finish button (the spec's `validated=true`): a request the server judges. */
  finish: boolean;
  played: Interval[];
  session: { id: string; beats: Beat[] } | null;
}

/** The player reports a step: opened, intervals played, time beats, the finish button. The server decides whether it is validated. */
export class RecordProgress extends Command<ProgressAnswer> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly report: ProgressReport,
  ) {
    super();
  }
}

@CommandHandler(RecordProgress)
export class RecordProgressHandler implements ICommandHandler<RecordProgress> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId, report }: RecordProgress): Promise<ProgressAnswer> {
    await assertLearner(this.queries, actor, studentId, courseId);
    const plan = await coursePlan(this.queries, courseId);
    const { step, info } = stepInfo(plan, report.step);
    if (report.chapterId !== undefined && step.chapterId !== report.chapterId) throw new InvalidInputError("Ce sous-chapitre n'appartient pas à ce chapitre.", 'chapter');
    if (report.contentType !== info.content_type) throw new InvalidInputError("Le type de contenu ne correspond pas à cette étape.", 'content_type');
    return this.store.transaction(
      async (uow) => {
        const now = this.clock.now();
        const progress = (await uow.find(CourseProgress, { studentId, courseId }, { populate: ['steps'] })) ?? uow.add(new CourseProgress(studentId, courseId, now));
        // A locked step is refused by the domain call; the transaction then keeps none of its evidence.
        const place = { studentId, courseId, kind: step.kind, stepId: step.id };
        const evidence = await new EvidenceRepository(uow.em).recordReport(place, report.session, info.quiz_id, now);
        return progress.report(plan.order, step, contentOf(info), report, evidence, now);
      },
      progressWriters(studentId, courseId),
    );
  }
}
