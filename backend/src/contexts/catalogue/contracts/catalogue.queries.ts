import { ApiProperty } from '@nestjs/swagger';
import { Query } from '@nestjs/cqrs';

export class CourseCategoryView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
}

export class CourseTeacherView {
  @ApiProperty() id!: number;
  @ApiProperty() full_name!: string;
  @ApiProperty({ type: String, nullable: true }) profile_img!: string | null;
}

/** A course as every list shows it (catalogue, favourites, recommendations). */
export class CourseSummary {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'Chemin de l’image (une image par défaut si le cours n’en a pas)' }) featured_img!: string;
  @ApiProperty() total_enrolled_students!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Moyenne des notes, à une décimale' }) course_rating!: number | null;
  @ApiProperty() rating_count!: number;
  @ApiProperty({ type: CourseCategoryView }) category!: CourseCategoryView;
  @ApiProperty({ type: CourseTeacherView, nullable: true }) teacher!: CourseTeacherView | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Identifiant du formateur (null : cours non assigné, liste de l’administration)' }) formateur!: number | null;
  @ApiProperty({ description: 'Technologies, séparées par des virgules' }) techs!: string;
  @ApiProperty() total_chapters!: number;
  @ApiProperty({ description: 'Durée totale en secondes' }) total_duration!: number;
  @ApiProperty({ enum: ['draft', 'published'], description: 'Brouillon ou publié (ADR 0030) : les listes publiques n’ont que des cours publiés' })
  status!: 'draft' | 'published';
}

/** Summaries of given courses, in the given order (favourites, recommendations). Unknown ids are skipped. */
export class GetCourseSummaries extends Query<CourseSummary[]> {
  constructor(readonly courseIds: readonly number[]) {
    super();
  }
}

/**
 * Courses for a student: in their areas of interest (matched on category, title and techs) or
 * taught by the trainers of the courses they follow; never one they follow; best rated first.
 */
export class RecommendCourses extends Query<CourseSummary[]> {
  constructor(
    readonly interests: readonly string[],
    readonly enrolledCourseIds: readonly number[],
    readonly limit = 12,
  ) {
    super();
  }
}

export class CourseTitleView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

/**
 * The id and title of a course, or CourseNotFoundError (404). `published`: a draft answers the
 * same 404 (what enrolment asks before a new enrolment or favourite, docs/adr/0030).
 */
export class GetCourseTitle extends Query<CourseTitleView> {
  constructor(
    readonly courseId: number,
    readonly published = false,
  ) {
    super();
  }
}

/** Who authors a course and whether it is still live: for downstream contexts checking ownership. */
export class CourseOwnerView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: Number, nullable: true }) teacher_id!: number | null;
  @ApiProperty() archived!: boolean;
}

/** The course's trainer and state, archived courses included; CourseNotFoundError (404) otherwise. */
export class GetCourseOwner extends Query<CourseOwnerView> {
  constructor(readonly courseId: number) {
    super();
  }
}

/** What the manifest gives the run-time of a SCO (null: not given). */
export class ScoSettingsView {
  @ApiProperty() sco!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'adlcp:masteryscore (1.2)' }) mastery_score!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'adlcp:completionThreshold (2004)' }) completion_threshold!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'imsss:minNormalizedMeasure, satisfiedByMeasure (2004)' }) scaled_passing_score!: number | null;
}

/** A step of a course as the player and learning progress see it (no content: what validates it). */
export class OutlineStep {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: ['video', 'video_file', 'video_url', 'text', 'quiz', 'scorm'] }) content_type!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée du média en secondes (lue au dépôt, ou saisie)' }) duration!: number | null;
  @ApiProperty({ enum: ['file', 'url', 'none'], description: 'Une vidéo déposée, un lien, ou pas de vidéo' }) video!: 'file' | 'url' | 'none';
  @ApiProperty({ type: Number, nullable: true }) quiz_id!: number | null;
  @ApiProperty({ type: String, nullable: true, enum: ['1.2', '2004'] }) scorm_version!: '1.2' | '2004' | null;
  @ApiProperty({ type: [String], description: 'Identifiants des SCO que l’apprenant doit parcourir (vide hors SCORM ; ni « asset », ni items masqués)' }) scos!: string[];
  @ApiProperty({ type: String, nullable: true, enum: ['completed_or_passed', 'completed', 'passed'], description: 'Ce qui valide un chapitre SCORM' })
  scorm_rule!: 'completed_or_passed' | 'completed' | 'passed' | null;
  @ApiProperty({ type: [ScoSettingsView], description: 'Ce que le manifeste donne au run-time de chaque SCO' }) sco_settings!: ScoSettingsView[];
}

export class OutlineChapterView extends OutlineStep {
  @ApiProperty({ type: [OutlineStep] }) subchapters!: OutlineStep[];
}

export class CourseOutlineView {
  @ApiProperty() course_id!: number;
  @ApiProperty({ type: Number, nullable: true }) teacher_id!: number | null;
  @ApiProperty() archived!: boolean;
  @ApiProperty({ type: [OutlineChapterView] }) chapters!: OutlineChapterView[];
}

/** The live chapters and sub-chapters of a course, in order, with what validates each (archived courses included); 404 otherwise. */
export class GetCourseOutline extends Query<CourseOutlineView> {
  constructor(readonly courseId: number) {
    super();
  }
}

/** How many live steps (chapters plus sub-chapters) each course has: the denominator of a completion percentage. */
export class CountCourseSteps extends Query<Map<number, number>> {
  constructor(readonly courseIds: readonly number[]) {
    super();
  }
}

/*
 * Questions the catalogue asks and a downstream context answers (docs/adr/0011-course-content-and-archiving.md):
 * the catalogue comes first in the context order, so it cannot import enrolment; it defines the
 * question here, enrolment registers its handler, and the query bus joins them at run time.
 */

/** How many students follow the course (answered by enrolment). A removal archives when there are any. */
export class CountCourseLearners extends Query<number> {
  constructor(readonly courseId: number) {
    super();
  }
}

/** Whether the student follows the course, so may read its content (answered by enrolment). */
export class IsFollowingCourse extends Query<boolean> {
  constructor(
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

/** The courses whose live chapters or sub-chapters name the quiz (a quiz step), for who may take it. */
export class GetQuizStepCourses extends Query<number[]> {
  constructor(readonly quizId: number) {
    super();
  }
}

/**
 * Whether the quiz exists, is live and belongs to the trainer (answered by assessment): a quiz step
 * names a quiz of the course's trainer.
 */
export class IsQuizOfTrainer extends Query<boolean> {
  constructor(
    readonly quizId: number,
    readonly teacherId: number | null,
  ) {
    super();
  }
}

/** A step of a course with its declared average duration (D.6313-3-1 2°), in reading order. */
export interface CoursePromiseStep {
  kind: 'chapter' | 'subchapter';
  step_id: number;
  /** Minutes; null: not declared. */
  declared_minutes: number | null;
}

/** What a course promises (issue 26 item 3): the certificat de réalisation and the attestation read it. */
export interface CoursePromisesView {
  course_id: number;
  /** One objective per line; null: not declared. */
  objectives: string | null;
  planned_minutes: number | null;
  nature: 'action_formation' | 'bilan_competences' | 'vae' | 'apprentissage' | null;
  /** The live steps in reading order (as `catalogue.course_step` and learning-progress name them). */
  steps: CoursePromiseStep[];
}

/** A course's objectives, planned duration, nature and each live step's declared duration; null when the course does not exist (archived ones answer). */
export class GetCoursePromises extends Query<CoursePromisesView | null> {
  constructor(readonly courseId: number) {
    super();
  }
}
