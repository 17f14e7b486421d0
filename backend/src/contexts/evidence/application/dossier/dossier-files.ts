import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';

/** The SHA-256 (hex) and size of a file, read as a stream (never whole in memory). */
export async function sha256File(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(createReadStream(path), async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  });
  return { sha256: hash.digest('hex'), bytes };
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes a JSON array page by page (one element per line), so that 10,000 beats or a long stream
 * of events never sit whole in memory; returns how many elements were written.
 */
export async function writeJsonArray(path: string, pages: AsyncIterable<readonly unknown[]>): Promise<number> {
  const out = createWriteStream(path, { flags: 'wx' });
  let count = 0;
  try {
    await write(out, '[');
    for await (const page of pages) {
      for (const item of page) {
        await write(out, `${count === 0 ? '\n' : ',\n'}${JSON.stringify(item)}`);
        count += 1;
      }
    }
    await write(out, count === 0 ? ']\n' : '\n]\n');
  } finally {
    out.end();
    await once(out, 'close');
  }
  return count;
}

/** Pages of a keyset-paged source until a short page. */
export async function* pagesOf<T>(read: (last: T | null) => Promise<T[]>, pageSize: number): AsyncIterable<T[]> {
  let last: T | null = null;
  for (;;) {
    const page = await read(last);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    last = page[page.length - 1];
  }
}
