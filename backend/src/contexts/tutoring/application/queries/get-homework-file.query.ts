import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';

export interface HomeworkFileDownload {
  /** Its public path in storage (`/media/homework/...`), served by the controller. */
  path: string;
  fileName: string;
  contentType: string;
}

export class HomeworkFileNotFoundError extends NotFoundError {
  constructor() {
    super('Fichier introuvable.');
  }
}

/** A handed-in file, for its learner, the trainer who gave the homework, or an admin (docs/adr/0044). */
export class GetHomeworkFile extends Query<HomeworkFileDownload> {
  constructor(
    readonly actor: Actor,
    readonly fileId: number,
  ) {
    super();
  }
}

@QueryHandler(GetHomeworkFile)
export class GetHomeworkFileHandler implements IQueryHandler<GetHomeworkFile> {
  constructor(private readonly db: Database) {}

  async execute({ actor, fileId }: GetHomeworkFile): Promise<HomeworkFileDownload> {
    const file = await this.db.one<{ path: string; file_name: string; content_type: string; teacher_id: number; student_id: number }>(
      `select f.path, f.file_name, f.content_type, h.teacher_id, h.student_id
         from tutoring.homework_file f join tutoring.homework_submission s on s.id = f.submission_id join tutoring.homework h on h.id = s.homework_id
        where f.id = $1`,
      [fileId],
    );
    if (!file) throw new HomeworkFileNotFoundError();
    const allowed =
      actor.role === 'admin' || (actor.role === 'student' && actor.profileId === file.student_id) || (actor.role === 'teacher' && actor.profileId === file.teacher_id);
    if (!allowed) throw new ForbiddenError('Ce fichier appartient au devoir d’un autre apprenant : vous ne pouvez pas l’ouvrir.');
    return { path: file.path, fileName: file.file_name, contentType: file.content_type };
  }
}
