import { createHash } from 'node:crypto';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import { CourseProgress } from '../../domain/course-progress.aggregate.js';
import { acceptCmi, applyRunTimeRules, endsAttempt, NO_SETTINGS, readCmi, type CommitOutcome, type ScoSettings } from '../../domain/scorm-commits.js';
import { EvidenceRepository } from '../evidence.repository.js';
import { assertLearner, coursePlan, stepInfo, progressWriters } from '../progress-access.js';

export interface ScormCommitInput {
  chapterId: number;
  sco: string | undefined;
  sessionId: string | undefined;
  seq: number | undefined;
  cmi: Record<string, unknown>;
  /** The SCO ended (LMSFinish/Terminate, or the learner left it): the 1.2 end-of-session rules apply. */
  final?: boolean;
}

/** What the commit came to, and the fields of it refused for a reason of their own (the rest kept). */
export interface ScormCommitResult {
  outcome: CommitOutcome;
  validated: boolean;
  refused: Record<string, string>;
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
export class RecordScormCommit extends Command<ScormCommitResult> {
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

  async execute({ actor, studentId, courseId, commit }: RecordScormCommit): Promise<ScormCommitResult> {
    await assertLearner(this.queries, actor, studentId, courseId);
    const plan = await coursePlan(this.queries, courseId);
    const { step, info } = stepInfo(plan, { kind: 'chapter', id: commit.chapterId });
    if (info.content_type !== 'scorm' || !info.scorm_version) throw new InvalidInputError("Ce chapitre n'est pas un module SCORM.", 'chapter');
    const version = info.scorm_version;
    const sco = commit.sco ?? info.scos[0] ?? 'sco';
    if (info.scos.length > 0 && !info.scos.includes(sco)) throw new InvalidInputError("Cette partie n'existe pas dans le module.", 'sco');
    const accepted = acceptCmi(version, commit.cmi);
    const { refused } = accepted;
    // The statuses the LMS decides (RTE): the learner's commit is judged with the manifest's values, never the client's say-so alone.
    const setting = info.sco_settings.find((s) => s.sco === sco);
    const settings: ScoSettings = setting
      ? { masteryScore: setting.mastery_score, completionThreshold: setting.completion_threshold, scaledPassingScore: setting.scaled_passing_score }
      : NO_SETTINGS;
    const cmi = applyRunTimeRules(version, accepted.cmi, settings, commit.final === true);
    const report = readCmi(version, cmi);
    const sessionId = commit.sessionId ?? fallbackSession(studentId, commit.chapterId, sco);
    const result = await this.store.transaction(
      async (uow) => {
        const now = this.clock.now();
        const progress = (await uow.find(CourseProgress, { studentId, courseId }, { populate: ['steps'] })) ?? uow.add(new CourseProgress(studentId, courseId, now));
        // A locked module is refused by the domain call; the transaction then keeps none of its commit.
        // The idempotency key (session, SCO, sequence) is read inside each try: a copy that raced with this one answers `duplicate`.
        const received = { studentId, courseId, chapterId: commit.chapterId, sco, sessionId, seq: commit.seq, version, cmi, refused: Object.keys(refused), sessionSeconds: report.sessionSeconds, endsAttempt: endsAttempt(commit.final === true, cmi) };
        const kept = await new EvidenceRepository(uow.em).recordCommit(received, now);
        return progress.commitScorm(plan.order, step, { version, scos: info.scos, choice: info.scorm_rule ?? undefined }, { sco, sessionId, report }, kept, now);
      },
      progressWriters(studentId, courseId),
    );
    return { ...result, refused };
  }
}
