import { UploadedFile } from '../../../platform/http/uploaded-file.js';
import { InvalidInputError } from '../../../shared-kernel/index.js';
import type { IncomingFile } from '../application/commands/step-media.js';

/** An image field: the bytes of a file part (an empty or absent part is no new image). */
export function imageOf(value: unknown): Buffer | undefined {
  if (value === undefined || value === '' || (Buffer.isBuffer(value) && value.length === 0)) return undefined;
  if (!Buffer.isBuffer(value)) throw new InvalidInputError("L'image doit être envoyée comme fichier.", 'featured_img');
  return value;
}

/** A large file field the request body streamed to a temporary file; text in its place is refused. */
export function fileOf(value: unknown, field: string): IncomingFile | undefined {
  if (value === undefined || value === '' || value === null) return undefined;
  if (!(value instanceof UploadedFile)) throw new InvalidInputError(`Le champ « ${field} » doit être un fichier.`, field);
  return value.size > 0 ? value : undefined;
}
