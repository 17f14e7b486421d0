import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { LockMode } from '@mikro-orm/core';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { UploadedFile } from '../../../../platform/http/uploaded-file.js';
import { detectDocumentType } from '../../../../platform/storage/file-types.js';
import { Clock, ForbiddenError, InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import { Homework, HOMEWORK_FILE_MAX_BYTES, HOMEWORK_MESSAGES, SUBMISSION_FILES_MAX, type SubmittedFileInput } from '../../domain/homework.aggregate.js';
import { HomeworkNotFoundError } from '../../domain/tutoring.errors.js';

/** Where handed-in files are stored: under the media root, but never served by the public /media/ (create-app.ts), only by GET /api/homework-files/{id}. */
export const HOMEWORK_FOLDER = 'homework';
export const FILE_NOT_ACCEPTED = 'Ce type de fichier n’est pas accepté : PDF, document Word, Excel, PowerPoint ou OpenDocument, image, texte ou zip.';

/** The SHA-256 (hex) of a file's bytes, read as a stream (never whole in memory). */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The learner hands in their work: an answer and/or files (docs/adr/0044). Answers the submission's id. */
export class SubmitHomework extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly homeworkId: number,
    readonly answer: string,
    readonly files: readonly UploadedFile[],
    /** The client's key: sent again (double submit, retry), the submission already stored answers. */
    readonly submissionKey: string,
  ) {
    super();
  }
}

@CommandHandler(SubmitHomework)
export class SubmitHomeworkHandler implements ICommandHandler<SubmitHomework> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, homeworkId, answer, files, submissionKey }: SubmitHomework): Promise<number> {
    if (actor.role !== 'student') throw new ForbiddenError('Seul l’apprenant rend son devoir.');
    if (files.length > SUBMISSION_FILES_MAX) throw new InvalidInputError(HOMEWORK_MESSAGES.tooManyFiles, 'upload');
    // Checked by their bytes, as study documents are (platform/storage/file-types.ts), before anything is stored.
    const checked = files.map((file) => {
      if (file.size > HOMEWORK_FILE_MAX_BYTES) throw new InvalidInputError(HOMEWORK_MESSAGES.fileTooLarge, 'upload');
      const type = file.size > 0 ? detectDocumentType(file.head, file.filename) : null;
      if (!type) throw new InvalidInputError(`${FILE_NOT_ACCEPTED} (« ${file.filename} »)`, 'upload');
      return { file, type };
    });
    const hashes = await Promise.all(checked.map(({ file }) => fileSha256(file.path)));
    // Uploaded before the transaction (docs/adr/0060), once the homework is known to be this learner's;
    // nothing is uploaded for a key already answered.
    const staged = await this.store.stage(async (read) => {
      const homework = await read.load(Homework, { id: homeworkId }, () => new HomeworkNotFoundError(), { populate: ['submissions'] });
      if (homework.submissionSentWith(actor.profileId, submissionKey)) return [];
      const stored: SubmittedFileInput[] = [];
      for (const [index, { file, type }] of checked.entries()) {
        const path = await read.uploads.putFile(`${HOMEWORK_FOLDER}/${homeworkId}`, type.extension, file.path);
        stored.push({ path, fileName: file.filename, contentType: type.contentType, size: file.size, sha256: hashes[index] });
      }
      return stored;
    });
    return this.store.transaction(async (uow) => {
      const homework = await uow.load(Homework, { id: homeworkId }, () => new HomeworkNotFoundError(), {
        populate: ['submissions', 'submissions.files'],
        // Locked: a copy of the same request sent at once waits, then finds this one's submission by its
        // key (docs/adr/0022); the copy of the files it staged is not kept, so removed.
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      const known = homework.submissionSentWith(actor.profileId, submissionKey);
      if (known) return known.id;
      const submission = homework.submit(actor.profileId, answer, uow.uploads.keep(staged), submissionKey, this.clock.now());
      return () => submission.id;
    }, { staged });
  }
}
