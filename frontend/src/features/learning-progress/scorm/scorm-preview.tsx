import type { ChapterView } from '../../../lib/api-schema';
import { ScormFrame } from '../../../components/content-step';
import { ScormStep } from './scorm-step';

/**
 * A SCORM step in the trainer's and the admin's course preview: the package runs with the player's
 * run-time in `browse` mode with `no-credit` (1.2 `cmi.core.lesson_mode`/`cmi.core.credit`, 2004
 * `cmi.mode`/`cmi.credit`), so its GetValue, SetValue and Commit succeed, its SCOs and navigation
 * requests work as a learner's would; it resumes nothing and sends nothing to the server (which
 * refuses a trainer's or an admin's commit anyway). Its foot says so.
 */
export function ScormPreview({ chapter, scormUrl }: { chapter: ChapterView; scormUrl: string }) {
  if (!chapter.scorm_version) return <ScormFrame title={chapter.title} src={scormUrl} />;
  return (
    <ScormStep
      course={chapter.course}
      chapter={chapter.id}
      learnerName="Aperçu"
      version={chapter.scorm_version}
      title={chapter.title}
      scormUrl={scormUrl}
      items={chapter.scorm_items}
    />
  );
}
