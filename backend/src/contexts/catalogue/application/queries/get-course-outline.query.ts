import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetCourseOutline, type CourseOutlineView, type OutlineStep } from '../../contracts/catalogue.queries.js';
import { CourseNotFoundError } from '../../domain/catalogue.errors.js';

type StepRow = OutlineStep & { chapter_id: number | null; position?: number; sub_position?: number };

const STEP_COLUMNS = `x.id, x.title, x.content_type,
  coalesce(x.media_duration, nullif(x.duration, 0)) as duration,
  case when x.video_file is not null then 'file' when x.video_url <> '' then 'url' else 'none' end as video,
  x.quiz_id`;

/** An item of a stored manifest a learner must go through: shown, and not an asset (isRequiredPart, in SQL). */
const REQUIRED_PART = `coalesce((i->>'visible')::boolean, true) and not coalesce((i->>'asset')::boolean, false)`;

/** The live chapters and sub-chapters of course $1, chapters first then their sub-chapters, in order. */
export const COURSE_STEPS_SQL = `select ${STEP_COLUMNS}, null::int as chapter_id, x.scorm_version,
              coalesce((select array_agg(i->>'identifier') from jsonb_array_elements(x.scorm_manifest->'items') i where ${REQUIRED_PART}), '{}'::text[]) as scos,
              case when x.content_type = 'scorm' then x.scorm_rule end as scorm_rule,
              coalesce((select jsonb_agg(jsonb_build_object('sco', i->>'identifier', 'mastery_score', i->'masteryScore',
                         'completion_threshold', i->'completionThreshold', 'scaled_passing_score', i->'scaledPassingScore'))
                  from jsonb_array_elements(x.scorm_manifest->'items') i where ${REQUIRED_PART}), '[]'::jsonb) as sco_settings,
              x.position, 0 as sub_position
         from catalogue.chapter x where x.course_id = $1 and x.archived_at is null
       union all
       select ${STEP_COLUMNS}, x.chapter_id, null, '{}'::text[], null, '[]'::jsonb, c.position, x.position
         from catalogue.subchapter x join catalogue.chapter c on c.id = x.chapter_id
        where c.course_id = $1 and x.archived_at is null and c.archived_at is null
        order by position, sub_position, id`;

/** The course row of the outline. */
export const OUTLINE_COURSE_SQL = 'select teacher_id, archived_at is not null as archived from catalogue.course where id = $1';

@QueryHandler(GetCourseOutline)
export class GetCourseOutlineHandler implements IQueryHandler<GetCourseOutline> {
  constructor(private readonly db: Database) {}

  async execute({ courseId }: GetCourseOutline): Promise<CourseOutlineView> {
    const course = await this.db.one<{ teacher_id: number | null; archived: boolean }>(OUTLINE_COURSE_SQL, [courseId]);
    if (!course) throw new CourseNotFoundError();
    const rows = await this.db.query<StepRow>(COURSE_STEPS_SQL, [courseId]);
    const step = ({ chapter_id: _chapter, position: _position, sub_position: _sub, ...fields }: StepRow): OutlineStep => fields;
    const chapters = rows
      .filter((row) => row.chapter_id === null)
      .map((row) => ({ ...step(row), subchapters: rows.filter((sub) => sub.chapter_id === row.id).map((sub) => ({ ...step(sub), scorm_version: null, scos: [], scorm_rule: null, sco_settings: [] })) }));
    return { course_id: courseId, teacher_id: course.teacher_id, archived: course.archived, chapters };
  }
}
