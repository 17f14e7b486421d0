import { isRequiredPart, type ScormItem } from '../../domain/scorm/index.js';
import { toPlayableVideoUrl } from '../../domain/video-link.js';
import type { ChapterView, SubchapterView } from './authoring.views.js';

const STEP_COLUMNS = (alias: string) => `
  ${alias}.id, ${alias}.title, ${alias}.description, ${alias}.position as "order", ${alias}.content_type, ${alias}.duration,
  ${alias}.video_url, ${alias}.video_file as video, ${alias}.media_duration as video_duration, ${alias}.text_content, ${alias}.quiz_id as quiz,
  ${alias}.declared_minutes`;

const SUBCHAPTERS = `
  coalesce((select json_agg(json_build_object(
      'id', sc.id, 'chapter', sc.chapter_id, 'course', ch.course_id, 'title', sc.title, 'description', sc.description,
      'order', sc.position, 'content_type', sc.content_type, 'duration', sc.duration, 'video_url', sc.video_url,
      'video', sc.video_file, 'video_duration', sc.media_duration, 'text_content', sc.text_content, 'quiz', sc.quiz_id,
      'declared_minutes', sc.declared_minutes) order by sc.position)
    from catalogue.subchapter sc where sc.chapter_id = ch.id and sc.archived_at is null), '[]') as subchapters`;

/** Live chapters with their live sub-chapters: `where` names the chapters wanted ($1). */
export const chaptersSql = (where: string) => `
  select ${STEP_COLUMNS('ch')}, ch.course_id as course, c.title as course_title, ch.scorm_path, ch.scorm_version, ch.scorm_rule,
         ch.scorm_manifest->'items' as scorm_manifest_items, ${SUBCHAPTERS}
    from catalogue.chapter ch join catalogue.course c on c.id = ch.course_id
   where ch.archived_at is null and ${where}
   order by ch.position, ch.id`;

export const subchaptersSql = (where: string) => `
  select ${STEP_COLUMNS('sc')}, sc.chapter_id as chapter, ch.course_id as course
    from catalogue.subchapter sc join catalogue.chapter ch on ch.id = sc.chapter_id
   where sc.archived_at is null and ch.archived_at is null and ${where}
   order by sc.position, sc.id`;

/** The course (and its trainer) a live step belongs to. */
export const STEP_COURSE_SQL = {
  chapter: `select c.id, c.teacher_id, c.archived_at is not null as archived from catalogue.chapter ch
              join catalogue.course c on c.id = ch.course_id where ch.id = $1 and ch.archived_at is null`,
  subchapter: `select c.id, c.teacher_id, c.archived_at is not null as archived from catalogue.subchapter sc
                 join catalogue.chapter ch on ch.id = sc.chapter_id join catalogue.course c on c.id = ch.course_id
                where sc.id = $1 and sc.archived_at is null and ch.archived_at is null`,
};

export type ChapterRow = Omit<ChapterView, 'video_embed_url' | 'scorm_url' | 'scorm_items' | 'subchapters'> & {
  scorm_path: string | null;
  scorm_manifest_items: ScormItem[] | null;
  subchapters: Omit<SubchapterView, 'video_embed_url'>[];
};

export function subchapterView(row: Omit<SubchapterView, 'video_embed_url'>): SubchapterView {
  return { ...row, video_embed_url: row.content_type === 'video_url' ? toPlayableVideoUrl(row.video_url) : null };
}

/** The spec's frame address: it opens the package's launch file, whatever the package holds. */
export const scormUrl = (chapterId: number) => `/media/scorm/${chapterId}/index.html`;

/** The manifest's launch (`res/my page.html?lang=fr`) as a URL path: each segment encoded, the query kept. */
export function launchUrl(launch: string): string {
  const cut = launch.search(/[?#]/);
  const [path, suffix] = cut < 0 ? [launch, ''] : [launch.slice(0, cut), launch.slice(cut)];
  return path.split('/').map(encodeURIComponent).join('/') + suffix;
}

export function chapterView({ scorm_path, scorm_manifest_items, subchapters, ...row }: ChapterRow): ChapterView {
  const scorm = row.content_type === 'scorm' && scorm_path;
  return {
    ...row,
    video_embed_url: row.content_type === 'video_url' ? toPlayableVideoUrl(row.video_url) : null,
    scorm_url: scorm ? scormUrl(row.id) : null,
    scorm_items: scorm
      ? (scorm_manifest_items ?? []).filter(isRequiredPart).map((item) => ({
          identifier: item.identifier,
          title: item.title,
          url: `/media/scorm/${row.id}/${launchUrl(item.launch)}`,
          mastery_score: item.masteryScore ?? null,
          launch_data: item.dataFromLms ?? null,
          completion_threshold: item.completionThreshold ?? null,
          scaled_passing_score: item.scaledPassingScore ?? null,
        }))
      : [],
    subchapters: subchapters.map(subchapterView),
  };
}
