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
  @ApiProperty({ description: 'Identifiant du formateur' }) formateur!: number;
  @ApiProperty({ description: 'Technologies, séparées par des virgules' }) techs!: string;
  @ApiProperty() total_chapters!: number;
  @ApiProperty({ description: 'Durée totale en secondes' }) total_duration!: number;
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

/** The id and title of a course, or CourseNotFoundError (404). */
export class GetCourseTitle extends Query<CourseTitleView> {
  constructor(readonly courseId: number) {
    super();
  }
}
