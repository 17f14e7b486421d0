import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, ForbiddenError, type StreamRef } from '../../../shared-kernel/index.js';
import { COURSE_PROGRESS_STREAM, type CourseProgressEvent, type StepKind } from '../contracts/learning-progress.events.js';
import type { Interval } from './played-intervals.js';
import { creditPlayed, MAX_PLAYBACK_RATE } from './playback-bound.js';
import { readCmi, type CmiReport, type CommitOutcome, type KeptCommit } from './scorm-commits.js';
import { scoStanding } from './scorm-trace.js';
import { isOpen, stepKey, type Step } from './step-order.js';
import type { SessionTime, TimeEvidence } from './time-on-task.js';
import { judgeQuiz, judgeScorm, judgeStep, type QuizCompletion, type ScormChoice, type StepContent, type StepState, type Verdict } from './validation-rules.js';

const round1 = (value: number) => Math.round(value * 10) / 10;

export const CHAPTER_LOCKED = "Terminez les étapes précédentes avant d'accéder à ce chapitre.";
export const SUBCHAPTER_LOCKED = 'Vous devez terminer les étapes précédentes.';
export const COURSE_NOT_DONE = 'Toutes les étapes doivent être validées avant de terminer le cours.';

/** What the player reports on a step: the video intervals played and the finish button (a request the server judges). */
export interface StepReport {
  played: readonly Interval[];
  finish: boolean;
}

/** What the server's own records say about the step, as the evidence repository answers it (never a learner's history). */
export interface StepEvidence {
  /** The save's time, when it brought new beats: the session's figures (method v1) and the step's totals. */
  time: TimeEvidence | null;
  /** The student's latest completion of the step's quiz. */
  quiz: QuizCompletion | null;
}

/** The server's verdict on a report, and the step's time. */
export interface ProgressAnswer {
  validated: boolean;
  rule: string | null;
  reason: string | null;
  connectedSeconds: number;
  activeSeconds: number;
}

/** A commit of the SCORM runtime: its SCO, its session and what it reports. */
export interface ScormCommit {
  sco: string;
  sessionId: string;
  report: CmiReport;
}

/** The SCORM package of a chapter: its version, its required SCOs (none listed: the one committing), and what validates it. */
export interface ScormPackage {
  version: '1.2' | '2004';
  scos: readonly string[];
  /** The chapter's choice (absent: completed or passed). */
  choice?: ScormChoice;
}

/**
 * One student's progress in one course: the steps opened and validated, in the course's one order
 * (docs/learning-progress.md). A step not open is refused; a validation is decided from evidence
 * by the rule of the step's content, and is never undone.
 */
@Entity({ tableName: 'course_progress', schema: 'progress' })
export class CourseProgress extends AggregateRoot<CourseProgressEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId: number;

  @Property({ type: 'datetime', fieldName: 'started_at' })
  startedAt: Date;

  @Property({ type: 'datetime', fieldName: 'completed_at', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  @OneToMany(() => StepProgress, (s) => s.courseProgress)
  steps = new Collection<StepProgress>(this);

  constructor(studentId: number, courseId: number, now: Date) {
    super();
    this.studentId = studentId;
    this.courseId = courseId;
    this.startedAt = now;
  }

  stream(): StreamRef {
    return { type: COURSE_PROGRESS_STREAM, id: this.id };
  }

  private validatedKeys(): Set<string> {
    return new Set(this.steps.getItems().filter((s) => s.validatedAt).map((s) => stepKey({ kind: s.kind, id: s.stepId })));
  }

  private stepOf(step: Pick<Step, 'kind' | 'id'>): StepProgress | undefined {
    return this.steps.getItems().find((s) => s.kind === step.kind && s.stepId === step.id);
  }

  /** Refuses a step that is not open in the course's order (the spec's two warnings). */
  private assertOpen(order: readonly Step[], step: Pick<Step, 'kind' | 'id'>): void {
    if (!isOpen(order, this.validatedKeys(), step)) throw new ForbiddenError(step.kind === 'chapter' ? CHAPTER_LOCKED : SUBCHAPTER_LOCKED);
  }

  /**
   * The player reports a step (opened, intervals played, time, the finish button): the step is
   * opened on the first visit, the save's time recorded, and the step validated when the rule of
   * its content accepts the evidence. Answers the verdict and the step's time.
   */
  report(order: readonly Step[], step: Step, content: StepContent, report: StepReport, evidence: StepEvidence, now: Date): ProgressAnswer {
    const { progress, openedBefore } = this.visit(order, step, content.contentType, now);
    if (evidence.time) {
      this.timeRecorded(progress, evidence.time.session, evidence.time.totals);
    }
    // A step already validated is not judged again: its evidence stays as it was validated.
    const ignoredSeconds = progress.validatedAt ? 0 : this.credit(progress, report.played, content.duration, now);
    const state: StepState = {
      played: progress.played,
      openedBefore,
      activeSeconds: progress.activeSeconds,
      clock: { firstSeenAt: progress.openedAt, now, ignoredSeconds },
    };
    const verdict = judgeStep(content, state, { finish: report.finish, quiz: evidence.quiz });
    const validated = this.settle(progress, verdict, now);
    return {
      validated,
      rule: progress.rule,
      reason: validated || verdict.validated ? null : verdict.reason,
      connectedSeconds: progress.connectedSeconds,
      activeSeconds: progress.activeSeconds,
    };
  }

  /**
   * Credits the intervals a save claims, as far as the server's clock allows since the step was first
   * seen (playback-bound.ts); the excess is ignored and recorded (PlaybackExcessIgnored). Answers the
   * seconds ignored.
   */
  private credit(progress: StepProgress, played: readonly Interval[], duration: number | null, now: Date): number {
    if (played.length === 0) return 0;
    const credit = creditPlayed(progress.played, played, duration ?? Number.POSITIVE_INFINITY, progress.openedAt, now);
    progress.played = credit.played;
    if (round1(credit.ignoredSeconds) <= 0) return 0;
    this.record({
      type: 'PlaybackExcessIgnored',
      payload: {
        studentId: this.studentId, courseId: this.courseId, kind: progress.kind, stepId: progress.stepId,
        claimedSeconds: round1(credit.claimedSeconds), creditedSeconds: round1(credit.creditedSeconds), ignoredSeconds: round1(credit.ignoredSeconds),
        uniqueSeconds: round1(credit.uniqueSeconds), elapsedSeconds: round1(credit.elapsedSeconds), maxRate: MAX_PLAYBACK_RATE, allowanceSeconds: round1(credit.allowanceSeconds),
      },
    });
    return credit.ignoredSeconds;
  }

  /**
   * A commit of the chapter's SCORM runtime, once kept: an applied one is recorded (statuses, score,
   * times), and the chapter is validated when every SCO of the package reports completed or passed.
   * A duplicate changes nothing.
   */
  commitScorm(order: readonly Step[], step: Step, pkg: ScormPackage, commit: ScormCommit, kept: KeptCommit, now: Date): { outcome: CommitOutcome; validated: boolean } {
    const { progress } = this.visit(order, step, 'scorm', now);
    const { outcome, seq } = kept;
    if (outcome === 'duplicate') return { outcome, validated: Boolean(progress.validatedAt) };
    if (outcome === 'applied') {
      const { report } = commit;
      // The SCO's standing and score as the trace reads them (scorm-trace.ts, ADR 0027), with the standing stored before.
      const standing = scoStanding(pkg.version, report);
      const previous = kept.previous ? scoStanding(pkg.version, readCmi(pkg.version, kept.previous)) : null;
      this.record({
        type: 'ScormCommitted',
        ...(kept.sha256 ? { schemaVersion: 3 as const } : { schemaVersion: 2 as const }),
        payload: {
          studentId: this.studentId, courseId: this.courseId, chapterId: step.id, sco: commit.sco, sessionId: commit.sessionId, seq,
          completionStatus: standing.completionStatus, successStatus: standing.successStatus, score: report.scores.raw, sessionSeconds: report.sessionSeconds,
          version: pkg.version, lessonStatus: pkg.version === '1.2' ? report.completionStatus : null,
          scoreMin: report.scores.min, scoreMax: report.scores.max, scoreScaled: report.scores.scaled,
          previous: previous && { completionStatus: previous.completionStatus, successStatus: previous.successStatus },
          ...(kept.sha256 ? { commitSha256: kept.sha256 } : {}),
        },
      });
    }
    if (kept.attemptEnded && kept.attempt !== undefined) {
      // exitAll/abandonAll: the learner's attempt of the package ends; the next opening starts the next one afresh.
      this.record({ type: 'ScormAttemptEnded', payload: { studentId: this.studentId, courseId: this.courseId, chapterId: step.id, attempt: kept.attempt, sco: commit.sco, sessionId: commit.sessionId } });
    }
    const reported = new Map(kept.scoStates.map((s) => [s.sco, readCmi(pkg.version, s.cmi)]));
    const scos = (pkg.scos.length > 0 ? pkg.scos : [commit.sco]).map((id) => {
      const state = reported.get(id);
      return { id, version: pkg.version, lessonStatus: state?.completionStatus ?? null, completionStatus: state?.completionStatus ?? null, successStatus: state?.successStatus ?? null };
    });
    return { outcome, validated: this.settle(progress, judgeScorm(scos, pkg.choice), now) };
  }

  /**
   * A quiz taken from the player's quiz step was completed (assessment's QuizCompleted): the step is
   * validated if it is open; a locked step stays as it is (false), its evidence kept for later.
   */
  quizCompleted(order: readonly Step[], step: Step, content: StepContent, completion: QuizCompletion, now: Date): boolean {
    if (!isOpen(order, this.validatedKeys(), step)) return false;
    const { progress } = this.visit(order, step, content.contentType, now);
    return this.settle(progress, judgeQuiz(completion), now);
  }

  /**
   * The student is on the step: opened on the first visit, whatever the save carries (an opening,
   * beats, played intervals), so the opening is the first event of the step the server saw.
   */
  private visit(order: readonly Step[], step: Step, contentType: string, now: Date): { progress: StepProgress; openedBefore: boolean } {
    this.assertOpen(order, step);
    let progress = this.stepOf(step);
    const openedBefore = progress !== undefined;
    if (!progress) {
      progress = new StepProgress(step.kind, step.id, contentType, now);
      progress.courseProgress = this;
      this.steps.add(progress);
      this.record({ type: 'StepOpened', payload: { studentId: this.studentId, courseId: this.courseId, kind: step.kind, stepId: step.id, contentType } });
    }
    return { progress, openedBefore };
  }

  /** Time counted on a step (method v1) for one session after a save; the step's totals are the sums the evidence gives. */
  private timeRecorded(progress: StepProgress, session: SessionTime, totals: TimeEvidence['totals']): void {
    progress.connectedSeconds = totals.connected;
    progress.activeSeconds = totals.active;
    this.record({
      type: 'LearningTimeRecorded',
      // Version 2 binds the beats this save stored by their digest (ADR 0040).
      ...(session.bound ? { schemaVersion: 2 as const } : {}),
      payload: {
        studentId: this.studentId, courseId: this.courseId, kind: progress.kind, stepId: progress.stepId, sessionId: session.id, beats: session.beats,
        connectedSeconds: session.connectedSeconds, activeSeconds: session.activeSeconds, method: session.method,
        addedConnectedSeconds: session.addedConnectedSeconds, addedActiveSeconds: session.addedActiveSeconds,
        ...(session.bound ? { beatSeqs: session.bound.seqs, beatsSha256: session.bound.sha256 } : {}),
      },
    });
  }

  /** Applies a verdict to an opened step: validated once, with its rule and figures; never undone. */
  private settle(progress: StepProgress, verdict: Verdict, now: Date): boolean {
    if (progress.validatedAt) return true;
    if (!verdict.validated) return false;
    progress.validatedAt = now;
    progress.rule = verdict.rule;
    progress.figures = verdict.figures;
    this.record({
      type: 'ChapterValidated',
      payload: { studentId: this.studentId, courseId: this.courseId, kind: progress.kind, stepId: progress.stepId, rule: verdict.rule, figures: verdict.figures },
    });
    return true;
  }

  /** Completes the course: every step of its order validated (once). */
  complete(order: readonly Step[], now: Date): void {
    if (this.completedAt) return;
    const validated = this.validatedKeys();
    if (order.length === 0 || !order.every((s) => validated.has(stepKey(s)))) throw new ConflictError(COURSE_NOT_DONE);
    this.completedAt = now;
    this.record({ type: 'CourseCompleted', payload: { studentId: this.studentId, courseId: this.courseId, steps: order.length } });
  }
}

@Entity({ tableName: 'step_progress', schema: 'progress' })
export class StepProgress {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => CourseProgress, { fieldName: 'course_progress_id' })
  courseProgress!: Rel<CourseProgress>;

  @Property({ type: 'text' })
  kind: StepKind;

  @Property({ type: 'integer', fieldName: 'step_id' })
  stepId: number;

  @Property({ type: 'text', fieldName: 'content_type' })
  contentType: string;

  @Property({ type: 'datetime', fieldName: 'opened_at' })
  openedAt: Date;

  @Property({ type: 'datetime', fieldName: 'validated_at', nullable: true })
  validatedAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  rule: string | null = null;

  @Property({ type: 'json', nullable: true })
  figures: Record<string, number | string> | null = null;

  @Property({ type: 'json' })
  played: Interval[] = [];

  @Property({ type: 'integer', fieldName: 'connected_seconds' })
  connectedSeconds = 0;

  @Property({ type: 'integer', fieldName: 'active_seconds' })
  activeSeconds = 0;

  constructor(kind: StepKind, stepId: number, contentType: string, openedAt: Date) {
    this.kind = kind;
    this.stepId = stepId;
    this.contentType = contentType;
    this.openedAt = openedAt;
  }
}
