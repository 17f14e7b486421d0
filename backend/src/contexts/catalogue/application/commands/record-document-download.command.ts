import { MikroORM } from '@mikro-orm/postgresql';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../../../platform/event-log/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { DOCUMENT_DOWNLOAD_STREAM, type StudyDocumentDownloaded } from '../../contracts/catalogue.events.js';
import { DOCUMENT_DOWNLOAD_WINDOW_SECONDS } from '../../domain/document-download.js';

/**
 * Records that a learner downloaded a course document (the gate decided it was one, `isLearnerDownload`),
 * unless they already did within DOCUMENT_DOWNLOAD_WINDOW_SECONDS by the server's clock: one upsert
 * on the learner's row of the document decides it (two parallel requests cannot both count), and
 * the event is appended in the same transaction. Answers whether it counted.
 */
export class RecordDocumentDownload extends Command<boolean> {
  constructor(
    readonly courseId: number,
    readonly materialId: number,
    readonly studentId: number,
  ) {
    super();
  }
}

@CommandHandler(RecordDocumentDownload)
export class RecordDocumentDownloadHandler implements ICommandHandler<RecordDocumentDownload> {
  constructor(
    private readonly orm: MikroORM,
    private readonly log: EventLog,
    private readonly clock: Clock,
  ) {}

  execute({ courseId, materialId, studentId }: RecordDocumentDownload): Promise<boolean> {
    const now = this.clock.now();
    return this.orm.em.fork().transactional(async (em) => {
      const counted = await em.execute<{ downloads: number }[]>(
        `insert into catalogue.document_download as d (material_id, student_id, course_id, downloads, last_counted_at)
         values (?, ?, ?, 1, ?)
         on conflict (material_id, student_id) do update set downloads = d.downloads + 1, last_counted_at = excluded.last_counted_at
          where d.last_counted_at <= excluded.last_counted_at - make_interval(secs => ?)
         returning downloads`,
        [materialId, studentId, courseId, now, DOCUMENT_DOWNLOAD_WINDOW_SECONDS],
      );
      if (counted.length === 0) return false;
      const event: StudyDocumentDownloaded = { type: 'StudyDocumentDownloaded', payload: { courseId, materialId, studentId } };
      await this.log.append(em, { streamType: DOCUMENT_DOWNLOAD_STREAM, streamId: `${materialId}.${studentId}`, expectedVersion: 'any', events: [{ ...event, occurredAt: now }] });
      return true;
    });
  }
}
