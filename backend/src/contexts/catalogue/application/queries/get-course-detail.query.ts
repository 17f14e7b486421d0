import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CONTENT_TYPES, type ContentType } from '../../contracts/catalogue.events.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { CourseSummary, IsFollowingCourse } from '../../contracts/catalogue.queries.js';
import { isAuthor } from '../../domain/authorship.js';
import { CourseNotFoundError } from '../../domain/catalogue.errors.js';
import { COURSE_NATURES, objectiveLines, type CourseNature } from '../../domain/course-promises.js';
import type { ProgrammeSheet } from '../../domain/course-programme.js';
import { toSummaries, type CourseRow } from './course-summaries.js';
import { ProgrammeView, toProgrammeView } from './programme.views.js';
import { COURSE_CHAPTERS_SQL, COURSE_DETAIL_SQL } from './course.sql.js';

export class SubchapterOutline {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() order!: number;
  @ApiProperty({ enum: CONTENT_TYPES }) content_type!: ContentType;
  @ApiProperty({ description: 'Secondes' }) duration!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée moyenne estimée en minutes (D.6313-3-1 2°) ; null : non déclarée' }) declared_minutes!: number | null;
}

export class ChapterOutline {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty() order!: number;
  @ApiProperty({ enum: CONTENT_TYPES }) content_type!: ContentType;
  @ApiProperty({ description: 'Secondes' }) duration!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée moyenne estimée en minutes (D.6313-3-1 2°) ; null : non déclarée' }) declared_minutes!: number | null;
  @ApiProperty({ type: [SubchapterOutline] }) subchapters!: SubchapterOutline[];
}

export class CourseDetail extends CourseSummary {
  @ApiProperty({ type: [ChapterOutline] }) course_chapters!: ChapterOutline[];
  @ApiProperty({ type: [String], description: 'Objectifs pédagogiques, un par élément (vide : non déclarés)' }) objectives!: string[];
  @ApiProperty({ type: Number, nullable: true, description: 'Durée prévue en minutes ; null : non déclarée' }) planned_minutes!: number | null;
  @ApiProperty({ enum: COURSE_NATURES, nullable: true, description: 'Nature de l’action ; null : non déclarée' }) nature!: CourseNature | null;
  @ApiProperty({ type: ProgrammeView, description: 'Fiche programme (ADR 0047) : chaque élément renseigné' }) programme!: ProgrammeView;
}

/**
 * A course with its chapters and sub-chapters in order (their content is served by the player, not
 * here). A draft answers only its trainer, admins and the students already enrolled in it (it went
 * back to draft after they enrolled); anyone else gets the 404 of an unknown course (docs/adr/0030).
 */
export class GetCourseDetail extends Query<CourseDetail> {
  constructor(
    readonly courseId: number,
    readonly reader: Actor | null = null,
  ) {
    super();
  }
}

@QueryHandler(GetCourseDetail)
export class GetCourseDetailHandler implements IQueryHandler<GetCourseDetail> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ courseId, reader }: GetCourseDetail): Promise<CourseDetail> {
    const [rows, chapters, promises] = await Promise.all([
      this.db.query<CourseRow>(COURSE_DETAIL_SQL, [courseId]),
      this.db.query<ChapterOutline>(COURSE_CHAPTERS_SQL, [courseId]),
      this.db.one<{ objectives: string | null; planned_minutes: number | null; nature: CourseNature | null; programme: Partial<ProgrammeSheet>; programme_updated_at: Date | null }>(
        'select objectives, planned_minutes, nature, programme, programme_updated_at from catalogue.course where id = $1',
        [courseId],
      ),
    ]);
    if (rows.length === 0 || (rows[0].status === 'draft' && !(await this.mayReadDraft(reader, rows[0].formateur, courseId)))) throw new CourseNotFoundError();
    const [summary] = await toSummaries(this.queries, rows);
    return {
      ...summary,
      course_chapters: chapters,
      objectives: objectiveLines(promises?.objectives ?? null),
      planned_minutes: promises?.planned_minutes ?? null,
      nature: promises?.nature ?? null,
      programme: toProgrammeView(promises?.programme ?? null, promises?.programme_updated_at ?? null),
    };
  }

  private async mayReadDraft(reader: Actor | null, teacherId: number | null, courseId: number): Promise<boolean> {
    if (!reader) return false;
    if (isAuthor(reader, teacherId)) return true;
    return reader.role === 'student' && this.queries.execute(new IsFollowingCourse(reader.profileId, courseId));
  }
}
