import { createHash } from 'node:crypto';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import { CourseProgress } from '../../domain/course-progress.aggregate.js';
import { commitOutcome, readCmi, type CommitOutcome } from '../../domain/scorm-commits.js';
import { judgeScorm } from '../../domain/validation-rules.js';
import { assertLearner, coursePlan, stepInfo } from '../progress-access.js';
import { COMMIT_INSERT_SQL, LAST_COMMIT_SEQ_SQL, SCO_STATES_SQL, SCO_STATE_UPSERT_SQL } from '../scorm-commit-sql.js';

export interface ScormCommitInput {
  chapterId: number;
  sco: string | undefined;
  sessionId: string | undefined;
  seq: number | undefined;
  cmi: Record<string, unknown>;
}

/** A session id for a client that sends none: one per student, chapter and SCO, so its times are never added twice. */
const fallbackSession = (studentId: number, chapterId: number, sco: string) => {
  const hex = createHash('sha256').update(`scorm-session:${studentId}:${chapterId}:${sco}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * A commit of the SCORM runtime (docs/learning-progress.md): acknowledged only once stored. A
 * duplicate (same session, SCO and sequence) is acknowledged without writing; a stale one is kept
 * in the trace and never applied over a newer state; an applied one updates the SCO's state, adds
 * to its total time, and validates the chapter when every SCO is completed or passed.
 */
export class RecordScormCommit extends Command<{ outcome: CommitOutcome; validated: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly commit: ScormCommitInput,
  ) {
    super();
  }
}

@CommandHandler(RecordScormCommit)
export class RecordScormCommitHandler implements ICommandHandler<RecordScormCommit> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId, commit }: RecordScormCommit): Promise<{ outcome: CommitOutcome; validated: boolean }> {
    await assertLearner(this.queries, actor, studentId, courseId);
    const plan = await coursePlan(this.queries, courseId);
    const { step, info } = stepInfo(plan, { kind: 'chapter', id: commit.chapterId });
    if (info.content_type !== 'scorm' || !info.scorm_version) throw new InvalidInputError("Ce chapitre n'est pas un module SCORM.", 'chapter');
    const version = info.scorm_version;
    const sco = commit.sco ?? info.scos[0] ?? 'sco';
    if (info.scos.length > 0 && !info.scos.includes(sco)) throw new InvalidInputError("Cette partie n'existe pas dans le module.", 'sco');
    const report = readCmi(version, commit.cmi);
    const sessionId = commit.sessionId ?? fallbackSession(studentId, commit.chapterId, sco);
    return this.store.transaction(
      async (uow) => {
        const now = this.clock.now();
        const sql = uow.em;
        const progress = (await uow.find(CourseProgress, { studentId, courseId }, { populate: ['steps'] })) ?? uow.add(new CourseProgress(studentId, courseId, now));
        const { progress: stepProgress } = progress.visit(plan.order, step, 'scorm', [], null, now);
        const [last] = await sql.execute<{ seq: number | null }[]>(LAST_COMMIT_SEQ_SQL, [sessionId, sco]);
        const seq = commit.seq ?? (last?.seq ?? 0) + 1;
        const outcome = commitOutcome(last?.seq ?? null, seq);
        if (outcome === 'duplicate') return { outcome, validated: Boolean(stepProgress.validatedAt) };
        await sql.execute(
          COMMIT_INSERT_SQL,
          [studentId, courseId, commit.chapterId, sco, sessionId, seq, outcome, JSON.stringify(commit.cmi), report.sessionSeconds, now.toISOString()],
        );
        if (outcome === 'applied') {
          await sql.execute(
            SCO_STATE_UPSERT_SQL,
            [studentId, courseId, commit.chapterId, sco, version, JSON.stringify(commit.cmi), studentId, commit.chapterId, sco, now.toISOString()],
          );
          progress.scormCommitted({
            chapterId: commit.chapterId, sco, sessionId, seq, completionStatus: report.completionStatus, successStatus: report.successStatus,
            score: report.score, sessionSeconds: report.sessionSeconds,
          });
        }
        const states = await sql.execute<{ sco: string; cmi: Record<string, unknown> }[]>(SCO_STATES_SQL, [studentId, commit.chapterId]);
        const reported = new Map(states.map((s) => [s.sco, readCmi(version, s.cmi)]));
        const scos = (info.scos.length > 0 ? info.scos : [sco]).map((id) => {
          const state = reported.get(id);
          return { id, version, lessonStatus: state?.completionStatus ?? null, completionStatus: state?.completionStatus ?? null, successStatus: state?.successStatus ?? null };
        });
        const validated = progress.settle(stepProgress, judgeScorm(scos), now);
        return { outcome, validated };
      },
      { retryOnConflict: 3 },
    );
  }
}
