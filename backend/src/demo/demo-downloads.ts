import type { CommandBus } from '@nestjs/cqrs';
import { RecordDocumentDownload } from '../contexts/catalogue/testing.js';
import { COURSE_ENROLMENT } from '../contexts/enrolment/contracts/enrolment.read-models.js';
import type { Database } from '../platform/database/database.js';

/**
 * Documents downloaded (indicator 19, docs/adr/0056): the demo's learners of a course fetched its
 * documents as the content gate records it, so the dashboard's « Documents téléchargés » is not zero.
 * The first two enrolled learners: the first took every document, the second the first one.
 */
export async function seedDemoDownloads(commands: CommandBus, db: Database, courseId: number): Promise<void> {
  const documents = await db.query<{ id: number }>('select id from catalogue.study_material where course_id = $1 and archived_at is null order by id', [courseId]);
  const learners = await db.query<{ student_id: number }>(`select student_id from ${COURSE_ENROLMENT} where course_id = $1 order by student_id limit 2`, [courseId]);
  const [first, second] = learners.map((l) => l.student_id);
  if (first === undefined || documents.length === 0) return;
  for (const document of documents) await commands.execute(new RecordDocumentDownload(courseId, document.id, first));
  if (second !== undefined) await commands.execute(new RecordDocumentDownload(courseId, documents[0]!.id, second));
}
