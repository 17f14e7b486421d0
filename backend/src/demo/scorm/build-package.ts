import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import yazl from 'yazl';
import { projectRoot } from '../../platform/config/config.js';

export type DemoScormPackage = 'scorm12' | 'scorm2004';

/**
 * The project's own SCORM packages, kept as source folders. Read from backend/src at run time, as
 * demo-data.ts reads its images: the build (swc) copies only TypeScript into dist/.
 */
export const DEMO_SCORM_SOURCES = join(projectRoot, 'backend/src/demo/scorm');

/** A fixed date, so that the same sources always give the same bytes. */
const MTIME = new Date('2026-01-01T00:00:00Z');

/** Zips one source folder (every file, sorted, paths relative to the folder) into a SCORM package. */
export async function buildScormPackage(name: DemoScormPackage): Promise<Buffer> {
  const folder = join(DEMO_SCORM_SOURCES, name);
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(await readFile(join(folder, file)), file, { mtime: MTIME });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Writes the package to `path` (a .zip to upload by hand, or for the demo data); returns the path. */
export async function writeScormPackage(name: DemoScormPackage, path: string): Promise<string> {
  await writeFile(path, await buildScormPackage(name));
  return path;
}
