import type { EntityManager } from '@mikro-orm/postgresql';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import { CourseProgress } from '../../domain/course-progress.aggregate.js';
import type { Interval } from '../../domain/played-intervals.js';
import type { Step } from '../../domain/step-order.js';
import type { Beat } from '../../domain/time-on-task.js';
import { judgeStep } from '../judge-step.js';
import { assertLearner, coursePlan, stepInfo } from '../progress-access.js';
import { recordBeats } from '../time-beats.js';

export interface ProgressReport {
  step: Pick<Step, 'kind' | 'id'>;
  /** The chapter named with the step (a sub-chapter's must be its own chapter). */
  chapterId: number;
  contentType: string;
  /** The finish button (the spec's `validated=true`): a request the server judges. */
  finish: boolean;
  played: Interval[];
  session: { id: string; beats: Beat[] } | null;
}

export interface ProgressAnswer {
  validated: boolean;
  rule: string | null;
  reason: string | null;
  connectedSeconds: number;
  activeSeconds: number;
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
    if (step.chapterId !== report.chapterId) throw new InvalidInputError("Ce sous-chapitre n'appartient pas à ce chapitre.", 'chapter');
    if (report.contentType !== info.content_type) throw new InvalidInputError("Le type de contenu ne correspond pas à cette étape.", 'content_type');
    return this.store.transaction(
      async (uow) => {
        const now = this.clock.now();
        const progress = (await uow.find(CourseProgress, { studentId, courseId }, { populate: ['steps'] })) ?? uow.add(new CourseProgress(studentId, courseId, now));
        const { state, progress: stepProgress } = progress.visit(plan.order, step, info.content_type, report.played, info.duration, now);
        if (report.session && report.session.beats.length > 0) {
          const time = await recordBeats(uow.em, { studentId, courseId, kind: step.kind, stepId: step.id }, report.session.id, report.session.beats, now);
          if (time) {
            progress.timeRecorded(stepProgress, time.session, time.totals);
            state.activeSeconds = time.totals.active;
          }
        }
        const quiz = info.quiz_id === null ? null : await latestQuizCompletion(uow.em, studentId, info.quiz_id);
        const verdict = judgeStep(info, state, { finish: report.finish, quiz });
        const validated = progress.settle(stepProgress, verdict, now);
        return {
          validated,
          rule: stepProgress.rule,
          reason: validated || verdict.validated ? null : verdict.reason,
          connectedSeconds: stepProgress.connectedSeconds,
          activeSeconds: stepProgress.activeSeconds,
        };
      },
      { retryOnConflict: 3 },
    );
  }
}

/** The student's latest completion of the quiz, as assessment reported it (the quiz-step policy stores them). */
async function latestQuizCompletion(em: EntityManager, studentId: number, quizId: number) {
  const [row] = await em.execute<{ quiz_id: number; score: number; total: number; attempt: number }[]>(
    'select quiz_id, score, total, attempt from progress.quiz_completion where student_id = ? and quiz_id = ? order by completed_at desc limit 1',
    [studentId, quizId],
  );
  return row ? { quizId: row.quiz_id, score: row.score, total: row.total, attempt: row.attempt } : null;
}
