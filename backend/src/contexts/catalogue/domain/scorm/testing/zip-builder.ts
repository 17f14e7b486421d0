import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import yazl from 'yazl';

/** One entry of a zip built for a test. */
export interface ZipEntrySpec {
  name: string;
  content?: string | Buffer;
  directory?: boolean;
  /** Unix mode (file type included), stored in the external attributes: 0o120777 makes a symbolic link. */
  mode?: number;
  compress?: boolean;
}

/** Builds a zip in memory with yazl (which refuses hostile names: see renameEntry). */
export async function buildZip(entries: ZipEntrySpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2026-01-01T00:00:00Z');
  for (const { name, content, directory, mode, compress } of entries) {
    if (directory) zip.addEmptyDirectory(name, { mtime, ...(mode === undefined ? {} : { mode }) });
    else zip.addBuffer(Buffer.from(content ?? ''), name, { mtime, compress: compress ?? true, ...(mode === undefined ? {} : { mode }) });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function writeZip(dir: string, fileName: string, zip: Buffer | ZipEntrySpec[]): Promise<string> {
  const path = join(dir, fileName);
  await writeFile(path, Buffer.isBuffer(zip) ? zip : await buildZip(zip));
  return path;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;

/** Every header (local and central) of the entry named `name`, with the offset of its name. */
function headersOf(zip: Buffer, name: string): { offset: number; central: boolean }[] {
  const raw = Buffer.from(name);
  const found: { offset: number; central: boolean }[] = [];
  for (let i = 0; i + 4 <= zip.length; i++) {
    const signature = zip.readUInt32LE(i);
    if (signature !== LOCAL_HEADER && signature !== CENTRAL_HEADER) continue;
    const central = signature === CENTRAL_HEADER;
    const [lengthAt, nameAt] = central ? [28, 46] : [26, 30];
    if (i + nameAt + raw.length > zip.length || zip.readUInt16LE(i + lengthAt) !== raw.length) continue;
    if (zip.subarray(i + nameAt, i + nameAt + raw.length).equals(raw)) found.push({ offset: i, central });
  }
  if (found.length === 0) throw new Error(`no entry ${name} in the zip`);
  return found;
}

/** Renames an entry in place (same byte length) to a name yazl would refuse to write: '../x', '/etc/x', 'a\\b'. */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('renameEntry needs names of the same length');
  const copy = Buffer.from(zip);
  for (const { offset, central } of headersOf(zip, from)) copy.write(to, offset + (central ? 46 : 30));
  return copy;
}

/** Rewrites fields of an entry's central-directory header, which is what readers trust. */
export function patchCentralEntry(zip: Buffer, name: string, patch: { uncompressedSize?: number; flags?: number }): Buffer {
  const copy = Buffer.from(zip);
  for (const { offset, central } of headersOf(zip, name)) {
    if (!central) continue;
    if (patch.flags !== undefined) copy.writeUInt16LE(patch.flags, offset + 8);
    if (patch.uncompressedSize !== undefined) copy.writeUInt32LE(patch.uncompressedSize, offset + 24);
  }
  return copy;
}
