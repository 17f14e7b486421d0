import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, type Actor, type StreamRef } from '../../../shared-kernel/index.js';
import { assertAuthor } from './authorship.js';
import { CONTENT_TYPES, COURSE_STREAM, SUBCHAPTER_CONTENT_TYPES, type CourseEvent } from '../contracts/catalogue.events.js';
import {
  ChapterNotFoundError, CourseHasTrainerError, CourseNotReadyError, InvalidCourseError, SubchapterNotFoundError, TrainerNotAcceptedError,
} from './catalogue.errors.js';
import { checkCourseFields, removalMode, type CourseFields, type CourseProps, type RemovalMode } from './course-fields.js';
import { ContentItem } from './content-item.js';
import {
  applyPromiseChanges, checkDeclaredMinutes, DEFAULT_COURSE_NATURE, type StepDeclaration, objectiveLines, objectivesSha256, type CourseNature, type CoursePromises, type PromiseChanges,
} from './course-promises.js';
import {
  applyProgrammeChanges, EMPTY_PROGRAMME, missingLabels, missingProgrammeItems, programmeDigest, sameProgramme, type ProgrammeChanges, type ProgrammeItem, type ProgrammeSheet,
} from './course-programme.js';
import { searchText } from './search-text.js';
import { permutation, renumber, swapInto } from './step-order.js';
import { DEFAULT_SCORM_RULE, type ContentInput, type ScormRule } from './step-input.js';

export const COURSE_STATUSES = ['draft', 'published'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/**
 * A course and its ordered structure of chapters and sub-chapters: the catalogue's aggregate, and
 * the rules of authoring. Live steps are numbered 1..n without gaps or duplicates; a removed step
 * is archived when learners may have used it, deleted otherwise. Events naming ids the insert gives
 * are recorded as functions the store reads after its flush.
 */
@Entity({ tableName: 'course', schema: 'catalogue' })
export class Course extends AggregateRoot<CourseEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'string', length: 255, fieldName: 'featured_img', nullable: true })
  featuredImg: string | null;

  @Property({ type: 'integer', fieldName: 'category_id' })
  categoryId!: number;

  /** The trainer (identity context) who teaches it; null: created by an admin, not yet assigned. */
  @Property({ type: 'integer', fieldName: 'teacher_id', nullable: true })
  teacherId!: number | null;

  @Property({ type: 'text' })
  techs!: string;

  @Property({ type: 'text', fieldName: 'search_title' })
  searchTitle!: string;

  @Property({ type: 'text', fieldName: 'search_text' })
  searchBody!: string;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'datetime', fieldName: 'updated_at', nullable: true })
  updatedAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'archived_at', nullable: true })
  archivedAt: Date | null = null;

  /** `draft`: its trainer and admins only; `published`: in the catalogue, open to enrolment (docs/adr/0030). */
  @Property({ type: 'string', length: 16 })
  status: CourseStatus = 'draft';

  /** When it was last published; kept when it goes back to draft. */
  @Property({ type: 'datetime', fieldName: 'published_at', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  /** The pedagogical objectives, one per line (issue 26); null: not declared. */
  @Property({ type: 'text', nullable: true })
  objectives: string | null = null;

  /** The planned duration of the action, in minutes; null: not declared. */
  @Property({ type: 'integer', fieldName: 'planned_minutes', nullable: true })
  plannedMinutes: number | null = null;

  /** The nature of the action (L.6313-1); new courses: action de formation; null: not declared. */
  @Property({ type: 'string', length: 32, nullable: true })
  nature: CourseNature | null = null;

  /** The programme sheet (fiche programme, issue 29: docs/adr/0047) beside the objectives and planned duration. */
  @Property({ type: 'json' })
  programme: ProgrammeSheet = { ...EMPTY_PROGRAMME };

  /** The last time an item of the programme sheet changed (objectives and planned duration included), by the server's clock. */
  @Property({ type: 'datetime', fieldName: 'programme_updated_at', nullable: true })
  programmeUpdatedAt: Date | null = null;

  // A chapter taken out of its course is deleted (chapters never move between courses; an archived one stays in).
  @OneToMany(() => Chapter, (chapter) => chapter.course, { orderBy: { order: 'asc', id: 'asc' }, orphanRemoval: true })
  chapters = new Collection<Chapter>(this);

  private constructor(props: CourseProps) {
    super();
    this.assign(checkCourseFields(props));
    this.assignPromises(applyPromiseChanges({ objectives: null, plannedMinutes: null, nature: DEFAULT_COURSE_NATURE }, props.promises ?? {}));
    this.featuredImg = props.featuredImg;
    this.createdAt = props.now;
  }

  /** A new course: a draft, seen by its trainer and admins only until it is published (docs/adr/0030). */
  static create(props: CourseProps): Course {
    return Course.created(props, 'draft');
  }

  /**
   * A course brought in already published, as the migration of issue 25 brought every course that
   * existed: the demo data's catalogue and the tests' fixtures (PublishCourse). No readiness check:
   * their chapters are added in the same change, and a fixture may need an empty published course.
   */
  static createPublished(props: CourseProps): Course {
    return Course.created(props, 'published');
  }

  /** The creation's event says in which state the course was created (absent before issue 25: published, as migrated). */
  private static created(props: CourseProps, status: CourseStatus): Course {
    const course = new Course(props);
    course.status = status;
    course.publishedAt = status === 'published' ? props.now : null;
    course.record(() => ({
      type: 'CourseCreated',
      payload: { courseId: course.id, title: course.title, categoryId: course.categoryId, teacherId: course.teacherId, status },
    }));
    // A course created with nothing declared but the default nature logs CourseCreated alone (as before issue 26).
    const { objectives, plannedMinutes, nature } = course.promises();
    if (objectives !== null || plannedMinutes !== null || nature !== DEFAULT_COURSE_NATURE) course.recordPromises();
    if (objectives !== null || plannedMinutes !== null) course.programmeUpdatedAt = props.now;
    return course;
  }

  get isPublished(): boolean {
    return this.status === 'published';
  }

  /**
   * « Publier »: the course enters the catalogue. Its author decides (an admin, or its trainer),
   * the trainer's account must have been accepted by the centre (`trainerAccepted`: asked to
   * identity by the handler; true for a course without trainer), and at least one live chapter
   * must have something a learner can go through. Publishing a published course changes nothing.
   */
  publish(actor: Actor, trainerAccepted: boolean, now: Date): void {
    this.assertLive();
    this.assertAuthor(actor);
    if (!trainerAccepted) throw new TrainerNotAcceptedError(actor.role === 'teacher' ? 'own' : 'publish');
    if (this.isPublished) return;
    const chapters = this.liveChapters();
    if (chapters.length === 0) throw new CourseNotReadyError('Ce cours ne peut pas être publié : ajoutez au moins un chapitre avec un contenu (vidéo, texte, quiz ou paquet SCORM).');
    const playable = chapters.filter((chapter) => chapter.isPlayable() || chapter.liveSubchapters().some((sub) => sub.isPlayable()));
    if (playable.length === 0) {
      throw new CourseNotReadyError(
        'Ce cours ne peut pas être publié : aucun chapitre n’a de contenu à suivre. Ajoutez une vidéo, un texte, un quiz ou un paquet SCORM '
        + `à l’un de ces chapitres : ${chapters.map((chapter) => `« ${chapter.title} »`).join(', ')}.`,
      );
    }
    const missing = this.missingProgrammeItems();
    if (missing.length > 0) {
      throw new CourseNotReadyError(`Ce cours ne peut pas être publié : la fiche programme est incomplète. Renseignez : ${missingLabels(missing)}.`);
    }
    this.status = 'published';
    this.publishedAt = now;
    this.updatedAt = now;
    this.record({ type: 'CourseReleased', payload: { courseId: this.id, categoryId: this.categoryId, teacherId: this.teacherId, playableChapters: playable.length } });
  }

  /**
   * « Repasser en brouillon »: out of the catalogue and closed to new enrolments; the learners
   * already enrolled keep the course, their progress and its history. A draft stays a draft.
   */
  unpublish(actor: Actor, now: Date): void {
    this.assertLive();
    this.assertAuthor(actor);
    if (!this.isPublished) return;
    this.status = 'draft';
    this.updatedAt = now;
    this.record({ type: 'CourseReturnedToDraft', payload: { courseId: this.id, categoryId: this.categoryId, teacherId: this.teacherId } });
  }

  stream(): StreamRef {
    return { type: COURSE_STREAM, id: this.id };
  }

  get isArchived(): boolean {
    return this.archivedAt !== null;
  }

  /** Admins author every course; a trainer only their own. */
  assertAuthor(actor: Actor): void {
    assertAuthor(actor, this.teacherId);
  }

  /**
   * Returns the image it replaces, to remove once the change is saved. A published course is given
   * to a trainer the centre accepted only (`trainerAccepted`, asked to identity: docs/adr/0030).
   */
  update(fields: CourseFields, featuredImg: string | undefined, now: Date, trainerAccepted = true, promises: PromiseChanges = {}): string | null {
    this.assertLive();
    if (this.isPublished && fields.teacherId !== this.teacherId && fields.teacherId !== null && !trainerAccepted) throw new TrainerNotAcceptedError('assign');
    const checked = checkCourseFields(fields);
    const before = this.promises();
    const after = applyPromiseChanges(before, promises);
    this.assertKeepsProgramme(this.sheet(), after);
    this.assign(checked);
    this.assignPromises(after);
    const replaced = featuredImg !== undefined ? this.featuredImg : null;
    if (featuredImg !== undefined) this.featuredImg = featuredImg;
    this.updatedAt = now;
    this.record({
      type: 'CourseUpdated',
      payload: { courseId: this.id, title: this.title, categoryId: this.categoryId, teacherId: this.teacherId, imageReplaced: featuredImg !== undefined },
    });
    if (before.objectives !== after.objectives || before.plannedMinutes !== after.plannedMinutes || before.nature !== after.nature) {
      this.recordPromises();
      if (before.objectives !== after.objectives || before.plannedMinutes !== after.plannedMinutes) this.programmeUpdatedAt = now;
    }
    return replaced;
  }

  /** What the programme sheet still lacks before the course can be published (Qualiopi indicators 1 and 3). */
  missingProgrammeItems(sheet: ProgrammeSheet = this.sheet(), promises: { objectives: string | null; plannedMinutes: number | null } = this.promises()): ProgrammeItem[] {
    return missingProgrammeItems(sheet, promises);
  }

  /**
   * Changes the programme sheet (its trainer or an admin). The date of last update is the server's
   * clock when something changed; a change that changes nothing logs nothing. A published course
   * stays complete: an edit that would empty a mandatory item is refused (the course would show
   * an incomplete sheet in the catalogue); go back to draft first. A published course that was
   * already incomplete (published before issue 29) may still be edited, as long as nothing more
   * goes missing.
   */
  editProgramme(actor: Actor, changes: ProgrammeChanges, now: Date, promiseChanges: PromiseChanges = {}): void {
    this.assertLive();
    this.assertAuthor(actor);
    const before = this.sheet();
    const after = applyProgrammeChanges(before, changes);
    const promisesBefore = this.promises();
    const promisesAfter = applyPromiseChanges(promisesBefore, promiseChanges);
    const promisesChanged = promisesBefore.objectives !== promisesAfter.objectives || promisesBefore.plannedMinutes !== promisesAfter.plannedMinutes
      || promisesBefore.nature !== promisesAfter.nature;
    const sheetChanged = !sameProgramme(after, before);
    if (!sheetChanged && !promisesChanged) return;
    this.assertKeepsProgramme(after, promisesAfter);
    if (promisesChanged) {
      this.assignPromises(promisesAfter);
      this.recordPromises();
      if (promisesBefore.objectives !== promisesAfter.objectives || promisesBefore.plannedMinutes !== promisesAfter.plannedMinutes) this.programmeUpdatedAt = now;
    }
    if (sheetChanged) {
      this.programme = after;
      this.programmeUpdatedAt = now;
      this.record({ type: 'CourseProgrammeDeclared', payload: { courseId: this.id, ...programmeDigest(after) } });
    }
    this.updatedAt = now;
  }

  /** The sheet, every item present (a row written before an item existed lacks it). */
  sheet(): ProgrammeSheet {
    return { ...EMPTY_PROGRAMME, ...this.programme };
  }

  /** On a published course, refuses a change after which an item the sheet had is missing. */
  private assertKeepsProgramme(sheet: ProgrammeSheet, promises: { objectives: string | null; plannedMinutes: number | null }): void {
    if (!this.isPublished) return;
    const before = new Set(this.missingProgrammeItems());
    const emptied = this.missingProgrammeItems(sheet, promises).filter((item) => !before.has(item));
    if (emptied.length === 0) return;
    throw new CourseNotReadyError(
      `Ce cours est publié : sa fiche programme doit rester complète. Renseignez : ${missingLabels(emptied)} (ou repassez d’abord le cours en brouillon).`,
    );
  }

  /**
   * Declares what the course promises and its steps' average durations at once (the demo data,
   * an import): every value is checked before anything changes; each change is logged as the
   * forms log it.
   */
  declarePromises(actor: Actor, changes: PromiseChanges, steps: readonly StepDeclaration[], now: Date): void {
    this.assertLive();
    this.assertAuthor(actor);
    const before = this.promises();
    const after = applyPromiseChanges(before, changes);
    const targets = steps.map(({ kind, stepId, minutes }) => ({ item: kind === 'chapter' ? this.chapter(stepId) : this.subchapter(stepId), minutes: checkDeclaredMinutes(minutes) }));
    this.assertKeepsProgramme(this.sheet(), after);
    this.assignPromises(after);
    if (before.objectives !== after.objectives || before.plannedMinutes !== after.plannedMinutes || before.nature !== after.nature) this.recordPromises();
    if (before.objectives !== after.objectives || before.plannedMinutes !== after.plannedMinutes) this.programmeUpdatedAt = now;
    for (const { item, minutes } of targets) {
      const previous = item.declaredMinutes;
      item.declaredMinutes = minutes;
      if (item instanceof Subchapter) this.recordDeclaredDuration(item.chapter, item, previous);
      else this.recordDeclaredDuration(item as Chapter, null, previous);
    }
    this.updatedAt = now;
  }

  /** Objectives, planned duration (minutes) and nature, as GetCoursePromises publishes them. */
  promises(): CoursePromises {
    return { objectives: this.objectives, plannedMinutes: this.plannedMinutes, nature: this.nature };
  }

  private assignPromises(promises: CoursePromises): void {
    this.objectives = promises.objectives;
    this.plannedMinutes = promises.plannedMinutes;
    this.nature = promises.nature;
  }

  /** Recorded as a function: at creation the id is known after the flush. */
  private recordPromises(): void {
    const { objectives, plannedMinutes, nature } = this.promises();
    this.record(() => ({
      type: 'CoursePromisesDeclared',
      payload: { courseId: this.id, objectivesCount: objectiveLines(objectives).length, objectivesSha256: objectivesSha256(objectives), plannedMinutes, nature },
    }));
  }

  /** A step's declared duration, when the change set it, changed it or cleared it. */
  private recordDeclaredDuration(chapter: Chapter, sub: Subchapter | null, before: number | null): void {
    const declaredMinutes = (sub ?? chapter).declaredMinutes;
    if (declaredMinutes === before) return;
    this.record(() => ({ type: 'StepDurationDeclared', payload: { courseId: this.id, chapterId: chapter.id, subchapterId: sub?.id ?? null, declaredMinutes } }));
  }

  /**
   * An admin gives a course without a trainer to a trainer (POST /formateur/{id}/assign-course/).
   * A course that has another trainer is refused (docs/adr/0015): moving it is the course form's
   * explicit choice of another trainer. Assigning it to its own trainer again changes nothing.
   */
  assignTrainer(teacherId: number, now: Date, trainerAccepted = true): void {
    this.assertLive();
    if (this.teacherId === teacherId) return;
    if (this.teacherId !== null) throw new CourseHasTrainerError();
    // Nothing of a trainer the centre has not accepted is public (docs/adr/0030).
    if (this.isPublished && !trainerAccepted) throw new TrainerNotAcceptedError('assign');
    this.teacherId = teacherId;
    this.updatedAt = now;
    this.record({ type: 'CourseAssignedToTrainer', payload: { courseId: this.id, teacherId, categoryId: this.categoryId } });
  }

  /**
   * Removes the course: archived when learners are enrolled, deleted otherwise (the caller then
   * removes the row). Returns the mode and, for a deletion, the files to remove once saved.
   */
  remove(enrolledStudents: number, now: Date): { mode: RemovalMode; files: string[] } {
    this.assertLive();
    const mode = removalMode(enrolledStudents);
    if (mode === 'archive') {
      this.archivedAt = now;
      this.record({ type: 'CourseArchived', payload: { courseId: this.id, categoryId: this.categoryId, teacherId: this.teacherId, enrolledStudents } });
      return { mode, files: [] };
    }
    this.record({ type: 'CourseDeleted', payload: { courseId: this.id } });
    const files = [this.featuredImg, ...this.chapters.getItems().flatMap((chapter) => chapter.files())].filter((f): f is string => !!f);
    return { mode, files };
  }

  liveChapters(): Chapter[] {
    return this.chapters.getItems().filter((chapter) => !chapter.isArchived).sort((a, b) => a.order - b.order);
  }

  chapter(chapterId: number): Chapter {
    const chapter = this.chapters.getItems().find((c) => c.id === chapterId && !c.isArchived);
    if (!chapter) throw new ChapterNotFoundError();
    return chapter;
  }

  subchapter(subchapterId: number): Subchapter {
    for (const chapter of this.liveChapters()) {
      const sub = chapter.subchapters.getItems().find((s) => s.id === subchapterId && !s.isArchived);
      if (sub) return sub;
    }
    throw new SubchapterNotFoundError();
  }

  addChapter(input: ContentInput): Chapter {
    this.assertLive();
    // Checked before it joins the course: a refused step leaves the aggregate as it was.
    const chapter = new Chapter(this.liveChapters().length + 1);
    chapter.apply(input, CONTENT_TYPES);
    chapter.course = this;
    this.chapters.add(chapter);
    this.record(() => ({
      type: 'ChapterAdded',
      payload: {
        courseId: this.id, chapterId: chapter.id, title: chapter.title, order: chapter.order, contentType: chapter.contentType, duration: chapter.duration,
        ...(chapter.contentType === 'scorm' ? { scormRule: chapter.scormRule } : {}),
      },
    }));
    this.recordMedia(chapter, null, input);
    this.recordDeclaredDuration(chapter, null, null);
    return chapter;
  }

  /** Returns the files the change replaces, to remove once saved. */
  updateChapter(chapterId: number, input: ContentInput): string[] {
    this.assertLive();
    const chapter = this.chapter(chapterId);
    const declaredBefore = chapter.declaredMinutes;
    const superseded = chapter.apply(input, CONTENT_TYPES);
    this.record({
      type: 'ChapterUpdated',
      payload: {
        courseId: this.id, chapterId, title: chapter.title, contentType: chapter.contentType, duration: chapter.duration, mediaReplaced: !!(input.video || input.scorm),
        ...(chapter.contentType === 'scorm' ? { scormRule: chapter.scormRule } : {}),
      },
    });
    this.recordMedia(chapter, null, input);
    this.recordDeclaredDuration(chapter, null, declaredBefore);
    return superseded;
  }

  /** Archives (learners enrolled) or deletes the chapter and its sub-chapters; the others close up. */
  removeChapter(chapterId: number, enrolledStudents: number, now: Date): { mode: RemovalMode; files: string[] } {
    this.assertLive();
    const chapter = this.chapter(chapterId);
    const mode = removalMode(enrolledStudents);
    let files: string[] = [];
    if (mode === 'archive') {
      chapter.archivedAt = now;
      this.record({ type: 'ChapterArchived', payload: { courseId: this.id, chapterId } });
    } else {
      files = chapter.files();
      this.chapters.remove(chapter);
      this.record({ type: 'ChapterDeleted', payload: { courseId: this.id, chapterId } });
    }
    renumber(this.liveChapters().filter((c) => c !== chapter));
    return { mode, files };
  }

  /** The spec's `PATCH {order}`: the chapter takes that place and the one there takes its place (see ADR 0011). */
  moveChapter(chapterId: number, order: number): void {
    this.assertLive();
    const chapters = this.liveChapters();
    const chapter = this.chapter(chapterId);
    this.reorderChapters(swapInto(chapters, chapter, order).map((c) => c.id));
  }

  /** The whole new order of the live chapters, at once. */
  reorderChapters(chapterIds: number[]): void {
    this.assertLive();
    const chapters = permutation(this.liveChapters(), chapterIds, 'chapters');
    if (chapters.every((c, i) => c.order === i + 1)) return;
    renumber(chapters);
    this.record({ type: 'ChapterReordered', payload: { courseId: this.id, chapterIds } });
  }

  /** Under a chapter given by id, or by reference when it is new in this same change (no id yet). */
  addSubchapter(to: number | Chapter, input: ContentInput): Subchapter {
    this.assertLive();
    const chapter = typeof to === 'number' ? this.chapter(to) : to;
    const sub = new Subchapter(chapter.liveSubchapters().length + 1);
    sub.apply(input, SUBCHAPTER_CONTENT_TYPES);
    sub.chapter = chapter;
    chapter.subchapters.add(sub);
    this.record(() => ({
      type: 'SubchapterAdded',
      payload: {
        courseId: this.id, chapterId: chapter.id, subchapterId: sub.id, title: sub.title, order: sub.order, contentType: sub.contentType, duration: sub.duration,
      },
    }));
    this.recordMedia(chapter, sub, input);
    this.recordDeclaredDuration(chapter, sub, null);
    return sub;
  }

  /** Edits a sub-chapter, and moves it (last) under another chapter of the course when `chapterId` differs. */
  updateSubchapter(subchapterId: number, input: ContentInput, chapterId?: number): string[] {
    this.assertLive();
    const sub = this.subchapter(subchapterId);
    const declaredBefore = sub.declaredMinutes;
    const from = sub.chapter;
    if (chapterId !== undefined && chapterId !== from.id) {
      const to = this.chapter(chapterId);
      const order = to.liveSubchapters().length + 1;
      // The ORM moves it from one collection to the other as its chapter changes.
      sub.chapter = to;
      sub.order = order;
      renumber(from.liveSubchapters().filter((s) => s !== sub));
    }
    const superseded = sub.apply(input, SUBCHAPTER_CONTENT_TYPES);
    this.record({
      type: 'SubchapterUpdated',
      payload: {
        courseId: this.id, chapterId: sub.chapter.id, subchapterId, title: sub.title, contentType: sub.contentType, duration: sub.duration, mediaReplaced: !!input.video,
      },
    });
    this.recordMedia(sub.chapter, sub, input);
    this.recordDeclaredDuration(sub.chapter, sub, declaredBefore);
    return superseded;
  }

  /** Also returns the sub-chapter to delete (sub-chapters move between chapters, so their collection removes no orphan). */
  removeSubchapter(subchapterId: number, enrolledStudents: number, now: Date): { mode: RemovalMode; files: string[]; deleted?: Subchapter } {
    this.assertLive();
    const sub = this.subchapter(subchapterId);
    const chapter = sub.chapter;
    const mode = removalMode(enrolledStudents);
    let files: string[] = [];
    const payload = { courseId: this.id, chapterId: chapter.id, subchapterId };
    if (mode === 'archive') {
      sub.archivedAt = now;
      this.record({ type: 'SubchapterArchived', payload });
    } else {
      files = sub.files();
      chapter.subchapters.remove(sub);
      this.record({ type: 'SubchapterDeleted', payload });
    }
    renumber(chapter.liveSubchapters().filter((s) => s !== sub));
    return { mode, files, deleted: mode === 'delete' ? sub : undefined };
  }

  moveSubchapter(subchapterId: number, order: number): void {
    this.assertLive();
    const sub = this.subchapter(subchapterId);
    const siblings = sub.chapter.liveSubchapters();
    this.reorderSubchapters(sub.chapter.id, swapInto(siblings, sub, order).map((s) => s.id));
  }

  reorderSubchapters(chapterId: number, subchapterIds: number[]): void {
    this.assertLive();
    const chapter = this.chapter(chapterId);
    const subs = permutation(chapter.liveSubchapters(), subchapterIds, 'subchapters');
    if (subs.every((s, i) => s.order === i + 1)) return;
    renumber(subs);
    this.record({ type: 'SubchapterReordered', payload: { courseId: this.id, chapterId, subchapterIds } });
  }

  private assign(fields: CourseFields): void {
    this.title = fields.title;
    this.description = fields.description;
    this.categoryId = fields.categoryId;
    this.teacherId = fields.teacherId;
    this.techs = fields.techs;
    this.searchTitle = searchText(this.title);
    this.searchBody = searchText(this.title, this.description, this.techs);
  }

  assertLive(): void {
    if (this.isArchived) throw new ConflictError('Ce cours est archivé : il ne peut plus être modifié.');
  }

  private recordMedia(chapter: Chapter, sub: Subchapter | null, input: ContentInput): void {
    const { video, scorm } = input;
    if (video) {
      this.record(() => ({
        type: 'VideoUploaded',
        payload: { courseId: this.id, chapterId: chapter.id, subchapterId: sub?.id ?? null, format: video.format, bytes: video.bytes, duration: video.duration },
      }));
    }
    if (scorm && !sub) {
      this.record(() => ({
        type: 'ScormPackageImported',
        payload: { courseId: this.id, chapterId: chapter.id, version: scorm.version, launch: scorm.launch, items: scorm.items, bytes: scorm.bytes },
      }));
    }
  }
}

/** A chapter of a course: an entity of the Course aggregate, changed only through it. */
@Entity({ tableName: 'chapter', schema: 'catalogue' })
export class Chapter extends ContentItem {
  @ManyToOne(() => Course, { fieldName: 'course_id', deleteRule: 'cascade' })
  course!: Rel<Course>;

  @OneToMany(() => Subchapter, (sub) => sub.chapter, { orderBy: { order: 'asc', id: 'asc' } })
  subchapters = new Collection<Subchapter>(this);

  /** Public path of the extracted package's folder. */
  @Property({ type: 'string', length: 300, fieldName: 'scorm_path', nullable: true })
  scormPath: string | null = null;

  @Property({ type: 'string', length: 8, fieldName: 'scorm_version', nullable: true })
  scormVersion: '1.2' | '2004' | null = null;

  /** The manifest as read at import: launch file and items (the player's SCO list). */
  @Property({ type: 'json', fieldName: 'scorm_manifest', nullable: true })
  scormManifest: object | null = null;

  /** What validates the chapter when it is a SCORM step (docs/learning-progress.md). */
  @Property({ type: 'string', length: 24, fieldName: 'scorm_rule' })
  scormRule: ScormRule = DEFAULT_SCORM_RULE;

  constructor(order: number) {
    super(order);
  }

  liveSubchapters(): Subchapter[] {
    return this.subchapters.getItems().filter((sub) => !sub.isArchived).sort((a, b) => a.order - b.order);
  }

  override files(): string[] {
    return [...super.files(), ...(this.scormPath ? [this.scormPath] : []), ...this.subchapters.getItems().flatMap((sub) => sub.files())];
  }

  protected override hasPackage(): boolean {
    return this.scormPath !== null;
  }

  protected override applyPackage(input: ContentInput, superseded: string[]): void {
    if (input.scormRule !== undefined) this.scormRule = input.scormRule;
    if (input.contentType === 'scorm' && !input.scorm && !this.scormPath) {
      throw new InvalidCourseError('Ajoutez le paquet SCORM (fichier .zip) de ce chapitre.', 'scorm_file');
    }
    if (input.scorm) {
      if (this.scormPath) superseded.push(this.scormPath);
      this.scormPath = input.scorm.path;
      this.scormVersion = input.scorm.version;
      this.scormManifest = input.scorm.manifest;
    } else if (input.contentType !== 'scorm' && this.scormPath) {
      superseded.push(this.scormPath);
      this.scormPath = null;
      this.scormVersion = null;
      this.scormManifest = null;
    }
  }
}

@Entity({ tableName: 'subchapter', schema: 'catalogue' })
export class Subchapter extends ContentItem {
  @ManyToOne(() => Chapter, { fieldName: 'chapter_id', deleteRule: 'cascade' })
  chapter!: Rel<Chapter>;

  constructor(order: number) {
    super(order);
  }
}
