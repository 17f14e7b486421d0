import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { detectDocumentType } from '../../../../platform/storage/file-types.js';
import { Clock, InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import { StudyMaterial } from '../../domain/study-material.aggregate.js';
import { assertMayChangeCourse, loadCourseForChange } from './load-course.js';
import { contentFolder, type IncomingFile } from './step-media.js';

export const FILE_REQUIRED = 'Veuillez ajouter un fichier a uploader.';

/** Shares a document with a course's learners: checked by its bytes against the allowed kinds. */
export class AddStudyMaterial extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
    readonly fields: { title: string; description: string; remarks: string },
    readonly file: IncomingFile | undefined,
  ) {
    super();
  }
}

@CommandHandler(AddStudyMaterial)
export class AddStudyMaterialHandler implements ICommandHandler<AddStudyMaterial> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, courseId, fields, file }: AddStudyMaterial): Promise<number> {
    if (!file || file.size === 0) throw new InvalidInputError(FILE_REQUIRED, 'upload');
    const type = detectDocumentType(file.head, file.filename);
    if (!type) {
      throw new InvalidInputError('Ce type de fichier n’est pas accepté : PDF, document Word, Excel, PowerPoint ou OpenDocument, image, texte ou zip.', 'upload');
    }
    // Uploaded before the transaction (docs/adr/0060), once the actor is known to be the course's author.
    const staged = await this.store.stage(async (read) => {
      (await assertMayChangeCourse(read, actor, courseId)).assertLive();
      return read.uploads.putFile(contentFolder(courseId, 'documents'), type.extension, file.path);
    });
    return this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, courseId);
      course.assertLive();
      const path = uow.uploads.keep(staged);
      const material = uow.add(
        StudyMaterial.add(courseId, fields, { path, fileName: file.filename, contentType: type.contentType, size: file.size }, this.clock.now()),
      );
      return () => material.id;
    }, { staged });
  }
}
