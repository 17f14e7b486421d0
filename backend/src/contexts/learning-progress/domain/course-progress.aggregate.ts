import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, ForbiddenError, type StreamRef } from '../../../shared-kernel/index.js';
import { COURSE_PROGRESS_STREAM, type CourseProgressEvent, type StepKind } from '../contracts/learning-progress.events.js';
import { mergeIntervals, type Interval } from './played-intervals.js';
import { isOpen, stepKey, type Step } from './step-order.js';
import type { Verdict } from './validation-rules.js';

export const CHAPTER_LOCKED = "Terminez les étapes précédentes avant d'accéder à ce chapitre.";
export const SUBCHAPTER_LOCKED = 'Vous devez terminer les étapes précédentes.';
export const COURSE_NOT_DONE = 'Toutes les étapes doivent être validées avant de terminer le cours.';

/** What the step's evidence is judged with: its state so far (played intervals merged, opened before this request, time). */
export interface StepState {
  played: Interval[];
  openedBefore: boolean;
  activeSeconds: number;
}

/**
 * One student's progress in one course: the steps opened and validated, in the course's one order
 * (docs/learning-progress.md). A step not open is refused; a validation is decided from evidence
 * by a judge the caller picks for the step's content, and is never undone.
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

  validatedKeys(): Set<string> {
    return new Set(this.steps.getItems().filter((s) => s.validatedAt).map((s) => stepKey({ kind: s.kind, id: s.stepId })));
  }

  stepOf(step: Pick<Step, 'kind' | 'id'>): StepProgress | undefined {
    return this.steps.getItems().find((s) => s.kind === step.kind && s.stepId === step.id);
  }

  /** Refuses a step that is not open in the course's order (the spec's two warnings). */
  assertOpen(order: readonly Step[], step: Pick<Step, 'kind' | 'id'>): void {
    if (!isOpen(order, this.validatedKeys(), step)) throw new ForbiddenError(step.kind === 'chapter' ? CHAPTER_LOCKED : SUBCHAPTER_LOCKED);
  }

  /** The student is on the step: opened on the first visit; its played intervals grow. */
  visit(order: readonly Step[], step: Step, contentType: string, played: readonly Interval[], duration: number | null, now: Date): { state: StepState; progress: StepProgress } {
    this.assertOpen(order, step);
    let progress = this.stepOf(step);
    const openedBefore = progress !== undefined;
    if (!progress) {
      progress = new StepProgress(step.kind, step.id, contentType, now);
      progress.courseProgress = this;
      this.steps.add(progress);
      this.record({ type: 'StepOpened', payload: { studentId: this.studentId, courseId: this.courseId, kind: step.kind, stepId: step.id, contentType } });
    }
    if (played.length > 0) progress.played = mergeIntervals([...progress.played, ...played], duration ?? Number.POSITIVE_INFINITY);
    return { state: { played: progress.played, openedBefore, activeSeconds: progress.activeSeconds }, progress };
  }

  /** Time counted on a step (method v1) for one session after a save; the step's totals are the sums the caller gives. */
  timeRecorded(
    progress: StepProgress,
    session: { id: string; beats: number; connectedSeconds: number; activeSeconds: number; method: string; addedConnectedSeconds: number; addedActiveSeconds: number },
    totals: { connected: number; active: number },
  ): void {
    progress.connectedSeconds = totals.connected;
    progress.activeSeconds = totals.active;
    this.record({
      type: 'LearningTimeRecorded',
      payload: {
        studentId: this.studentId, courseId: this.courseId, kind: progress.kind, stepId: progress.stepId, sessionId: session.id, beats: session.beats,
        connectedSeconds: session.connectedSeconds, activeSeconds: session.activeSeconds, method: session.method,
        addedConnectedSeconds: session.addedConnectedSeconds, addedActiveSeconds: session.addedActiveSeconds,
      },
    });
  }

  /** An applied commit of the step's SCORM runtime (the trace row and the SCO's state are written beside). */
  scormCommitted(commit: Omit<Extract<CourseProgressEvent, { type: 'ScormCommitted' }>['payload'], 'studentId' | 'courseId'>): void {
    this.record({ type: 'ScormCommitted', payload: { studentId: this.studentId, courseId: this.courseId, ...commit } });
  }

  /** Applies a judge's verdict to an opened step: validated once, with its rule and figures; never undone. */
  settle(progress: StepProgress, verdict: Verdict, now: Date): boolean {
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
