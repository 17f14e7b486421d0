import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import type { LearnerPart } from './learner-part.js';

/**
 * Writes the ZIP to `path` from the parts' files on disk (yazl reads each as a stream when it comes
 * to it; nothing is held whole in memory), every entry dated by the generation time; returns the
 * ZIP's SHA-256 and size, computed as it is written. `extra` are small files (a batch's manifest).
 */
export async function writeZip(path: string, parts: LearnerPart[], generatedAt: Date, extra: { name: string; text: string }[] = []): Promise<{ sha256: string; bytes: number }> {
  const zip = new ZipFile();
  for (const part of parts) {
    for (const file of part.files) zip.addFile(file.path, file.name, { mtime: generatedAt, compress: true });
    zip.addFile(part.manifest.path, part.manifest.name, { mtime: generatedAt, compress: true });
  }
  for (const file of extra) zip.addBuffer(Buffer.from(file.text, 'utf8'), file.name, { mtime: generatedAt, compress: true });
  zip.end();
  const hash = createHash('sha256');
  let bytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(zip.outputStream, measure, createWriteStream(path, { flags: 'wx' }));
  return { sha256: hash.digest('hex'), bytes };
}
