import { open, type FileHandle } from 'node:fs/promises';
import { readEbmlVint } from './file-types.js';

/**
 * A video's duration in whole seconds (rounded), read from its container with a file handle:
 * only box and element headers and the few bytes that hold the duration are read, wherever they
 * are, so a 2 GB file whose `moov` comes last costs a few small reads, never the whole file.
 * - MP4 (ISO BMFF): `moov/mvhd` (version 0 or 1) duration ÷ timescale; for a fragmented file whose
 *   mvhd says 0, `moov/mvex/mehd`.
 * - WebM (EBML): `Segment/Info/Duration` (a 4- or 8-byte float) × `TimecodeScale` (ns, default 1 ms).
 * Null when the file says nothing usable (no duration, as in a browser's MediaRecorder WebM, an
 * unknown duration, a broken or foreign structure). A file that cannot be opened rejects.
 */
export async function readVideoDuration(path: string): Promise<number | null> {
  const file = await open(path, 'r');
  try {
    const size = (await file.stat()).size;
    const reader = new Reader(file, size);
    const start = await reader.read(0, 4);
    const seconds = start.length === 4 && start.readUInt32BE(0) === EBML_HEADER ? await webmDuration(reader) : await mp4Duration(reader);
    return seconds !== null && Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds) : null;
  } finally {
    await file.close();
  }
}

/** Positioned reads, counted so that hostile input cannot make the walk endless. */
class Reader {
  private reads = 0;
  constructor(
    private readonly file: FileHandle,
    readonly size: number,
  ) {}

  async read(position: number, length: number): Promise<Buffer> {
    if (++this.reads > MAX_READS) throw new Unreadable();
    const wanted = Math.max(0, Math.min(length, this.size - position));
    const buffer = Buffer.alloc(wanted);
    const { bytesRead } = wanted > 0 ? await this.file.read(buffer, 0, wanted, position) : { bytesRead: 0 };
    return buffer.subarray(0, bytesRead);
  }
}

class Unreadable extends Error {}
const MAX_READS = 10_000;

// ---------------------------------------------------------------------------------------------
// MP4

interface Box {
  type: string;
  /** Where its content starts, and where the box ends. */
  contentStart: number;
  end: number;
}

/** The boxes between `start` and `end`, read header by header. */
async function* boxes(reader: Reader, start: number, end: number): AsyncGenerator<Box> {
  for (let offset = start; offset + 8 <= end; ) {
    const header = await reader.read(offset, 16);
    if (header.length < 8) return;
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) return;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - offset; // the last box, up to the end of its parent
    }
    if (size < headerSize || offset + size > end) return;
    yield { type: header.toString('latin1', 4, 8), contentStart: offset + headerSize, end: offset + size };
    offset += size;
  }
}

async function findBox(reader: Reader, type: string, start: number, end: number): Promise<Box | null> {
  for await (const box of boxes(reader, start, end)) if (box.type === type) return box;
  return null;
}

async function mp4Duration(reader: Reader): Promise<number | null> {
  try {
    const moov = await findBox(reader, 'moov', 0, reader.size);
    if (!moov) return null;
    const mvhd = await findBox(reader, 'mvhd', moov.contentStart, moov.end);
    if (!mvhd) return null;
    const header = await reader.read(mvhd.contentStart, 32);
    const version = header[0];
    if (header.length < (version === 1 ? 32 : 20)) return null;
    const timescale = version === 1 ? header.readUInt32BE(20) : header.readUInt32BE(12);
    const duration = version === 1 ? header.readBigUInt64BE(24) : BigInt(header.readUInt32BE(16));
    if (timescale === 0) return null;
    if (duration === (version === 1 ? 0xffffffffffffffffn : 0xffffffffn)) return null;
    if (duration > 0n) return Number(duration) / timescale;
    // A fragmented file: the whole duration is in mvex/mehd, if anywhere.
    const mvex = await findBox(reader, 'mvex', moov.contentStart, moov.end);
    const mehd = mvex && (await findBox(reader, 'mehd', mvex.contentStart, mvex.end));
    if (!mehd) return null;
    const fragment = await reader.read(mehd.contentStart, 12);
    const total = fragment[0] === 1 ? (fragment.length >= 12 ? Number(fragment.readBigUInt64BE(4)) : 0) : fragment.length >= 8 ? fragment.readUInt32BE(4) : 0;
    return total > 0 ? total / timescale : null;
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// WebM

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const MAX_INFO_BYTES = 64 * 1024;

interface Element {
  id: number;
  dataStart: number;
  /** Null for an element of unknown size (a live stream's Segment or Cluster). */
  size: number | null;
}

/** The element whose header starts at `offset`, or null when its header is unreadable. */
async function element(reader: Reader, offset: number): Promise<Element | null> {
  const header = await reader.read(offset, 12);
  const id = readEbmlVint(header, 0, true);
  const size = id && readEbmlVint(header, id.length);
  if (!id || !size) return null;
  return { id: id.value, dataStart: offset + id.length + size.length, size: size.unknown ? null : size.value };
}

async function webmDuration(reader: Reader): Promise<number | null> {
  try {
    const header = await element(reader, 0);
    if (!header || header.size === null) return null;
    const segment = await element(reader, header.dataStart + header.size);
    if (!segment || segment.id !== SEGMENT) return null;
    const segmentEnd = segment.size === null ? reader.size : Math.min(reader.size, segment.dataStart + segment.size);
    for (let offset = segment.dataStart; offset < segmentEnd; ) {
      const child = await element(reader, offset);
      if (!child || child.size === null) return null; // a Cluster of unknown size before Info: nothing more to find cheaply
      if (child.id === INFO) {
        if (child.size > MAX_INFO_BYTES) return null;
        return infoDuration(await reader.read(child.dataStart, child.size));
      }
      offset = child.dataStart + child.size;
    }
    return null;
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
}

/** Duration × TimecodeScale from the bytes of a Segment's Info, in seconds. */
function infoDuration(info: Buffer): number | null {
  let scale = 1_000_000;
  let duration: number | null = null;
  for (let offset = 0; offset < info.length; ) {
    const id = readEbmlVint(info, offset, true);
    const size = id && readEbmlVint(info, offset + id.length);
    if (!id || !size || size.unknown) return null;
    const start = offset + id.length + size.length;
    const end = start + size.value;
    if (end > info.length) return null;
    if (id.value === TIMECODE_SCALE && size.value >= 1 && size.value <= 8) scale = info.subarray(start, end).reduce((value, byte) => value * 256 + byte, 0);
    if (id.value === DURATION) {
      if (size.value === 4) duration = info.readFloatBE(start);
      else if (size.value === 8) duration = info.readDoubleBE(start);
      else return null;
    }
    offset = end;
  }
  return duration === null || scale === 0 ? null : (duration * scale) / 1e9;
}
