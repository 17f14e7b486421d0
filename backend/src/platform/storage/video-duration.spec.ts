import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { jest } from '@jest/globals';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../config/config.js';
import { readVideoDuration } from './video-duration.js';

const dir = mkdtempSync(join(tmpdir(), 'lms-duration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;
function file(...parts: Buffer[]): string {
  const path = join(dir, `v${++count}`);
  writeFileSync(path, Buffer.concat(parts));
  return path;
}

// --- MP4 ------------------------------------------------------------------------------------
function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}
const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));

function mvhd(version: 0 | 1, timescale: number, duration: number | bigint): Buffer {
  const content = Buffer.alloc(version === 1 ? 108 : 96);
  content[0] = version;
  if (version === 1) {
    content.writeUInt32BE(timescale, 20);
    content.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    content.writeUInt32BE(timescale, 12);
    content.writeUInt32BE(Number(duration), 16);
  }
  return box('mvhd', content);
}
function mehd(duration: number): Buffer {
  const content = Buffer.alloc(8);
  content.writeUInt32BE(duration, 4);
  return box('mehd', content);
}
const trak = box('trak', box('tkhd', Buffer.alloc(84)));

// --- WebM -----------------------------------------------------------------------------------
/** An EBML element with a one- to four-byte size. */
function el(id: number[], ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const n = body.length;
  const size = n < 0x7f ? [0x80 | n] : n < 0x3fff ? [0x40 | (n >> 8), n & 0xff] : [0x10, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Buffer.from(id), Buffer.from(size), body]);
}
const ebml = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], Buffer.from('webm')));
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const segment = (...children: Buffer[]) => Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN_SIZE, ...children]);
const seekHead = el([0x11, 0x4d, 0x9b, 0x74], el([0x4d, 0xbb], el([0x53, 0xab], Buffer.from([0x15, 0x49, 0xa9, 0x66]))));
const voidElement = el([0xec], Buffer.alloc(40));
const scale = (ns: number) => el([0x2a, 0xd7, 0xb1], Buffer.from(ns.toString(16).padStart(ns > 0xffffff ? 8 : 6, '0'), 'hex'));
const float64 = (value: number) => el([0x44, 0x89], Buffer.from(new Float64Array([value]).buffer).reverse());
function float32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeFloatBE(value);
  return el([0x44, 0x89], bytes);
}
const info = (...children: Buffer[]) => el([0x15, 0x49, 0xa9, 0x66], ...children, el([0x4d, 0x80], Buffer.from('Lavf')));
const tracks = el([0x16, 0x54, 0xae, 0x6b], Buffer.alloc(30));
const cluster = (size: number) => el([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(size));

describe('readVideoDuration (MP4)', () => {
  it('reads mvhd version 0 with its timescale, moov first', async () => {
    expect(await readVideoDuration(file(ftyp, box('moov', mvhd(0, 1000, 12_345), trak), box('mdat', Buffer.alloc(100))))).toBe(12);
    expect(await readVideoDuration(file(ftyp, box('moov', mvhd(0, 90_000, 90_000 * 61.6))))).toBe(62);
  });

  it('reads mvhd version 1 (64-bit duration)', async () => {
    expect(await readVideoDuration(file(ftyp, box('moov', mvhd(1, 600, 600n * 7200n + 200n))))).toBe(7200);
  });

  it('finds mvhd after other moov children', async () => {
    expect(await readVideoDuration(file(ftyp, box('moov', box('udta', Buffer.alloc(50)), mvhd(0, 25, 250))))).toBe(10);
  });

  it('seeks over a huge mdat (64-bit size) to a moov at the end, without reading it', async () => {
    const path = join(dir, 'huge.mp4');
    const mdatSize = 20n * 1024n ** 3n; // 20 GiB, sparse: reading it would take many seconds
    const mdatHeader = Buffer.alloc(16);
    mdatHeader.writeUInt32BE(1, 0);
    mdatHeader.write('mdat', 4, 'latin1');
    mdatHeader.writeBigUInt64BE(mdatSize, 8);
    const fd = openSync(path, 'w');
    writeSync(fd, Buffer.concat([ftyp, mdatHeader]), 0, ftyp.length + 16, 0);
    const moov = box('moov', mvhd(1, 1000, 3_600_000n), trak);
    writeSync(fd, moov, 0, moov.length, ftyp.length + Number(mdatSize));
    closeSync(fd);
    // What it reads, counted rather than timed (a busy machine is slow, not wrong): a few boxes' headers.
    const probe = await open(path, 'r');
    const read = jest.spyOn(Object.getPrototypeOf(probe) as FileHandle, 'read');
    await probe.close();
    try {
      expect(await readVideoDuration(path)).toBe(3600);
      const bytes = read.mock.calls.reduce((sum, call) => sum + Number((call as unknown[])[2] ?? 0), 0);
      expect(read.mock.calls.length).toBeGreaterThan(0);
      expect(bytes).toBeLessThan(64 * 1024);
    } finally {
      read.mockRestore();
    }
  });

  it('reads a moov of size 0 (up to the end of the file)', async () => {
    const moov = box('moov', mvhd(0, 1000, 5000));
    moov.writeUInt32BE(0, 0);
    expect(await readVideoDuration(file(ftyp, box('free'), moov))).toBe(5);
  });

  it('reads a fragmented file through mvex/mehd', async () => {
    expect(await readVideoDuration(file(ftyp, box('moov', mvhd(0, 1000, 0), box('mvex', mehd(42_400), box('trex', Buffer.alloc(24))))))).toBe(42);
    expect(await readVideoDuration(file(ftyp, box('moov', mvhd(0, 1000, 0))))).toBeNull();
  });

  it('answers null for what says nothing usable', async () => {
    expect(await readVideoDuration(file(ftyp, box('moov', mvhd(0, 1000, 0xffffffff))))).toBeNull();
    expect(await readVideoDuration(file(ftyp, box('moov', mvhd(0, 0, 1000))))).toBeNull();
    expect(await readVideoDuration(file(ftyp, box('mdat', Buffer.alloc(10))))).toBeNull();
    expect(await readVideoDuration(file(ftyp, box('moov', trak)))).toBeNull();
    expect(await readVideoDuration(file(ftyp, box('moov', mvhd(0, 1000, 5000)).subarray(0, 30)))).toBeNull();
    expect(await readVideoDuration(file(Buffer.from('pas une vidéo du tout')))).toBeNull();
    expect(await readVideoDuration(file(Buffer.alloc(0)))).toBeNull();
    const tiny = Buffer.alloc(8);
    tiny.writeUInt32BE(4, 0); // a box smaller than its header
    expect(await readVideoDuration(file(ftyp, tiny))).toBeNull();
  });

  it('stops on a chain of empty boxes instead of walking forever', async () => {
    expect(await readVideoDuration(file(ftyp, ...Array.from({ length: 12_000 }, () => box('free'))))).toBeNull();
  });

  it('rejects when the file cannot be opened', async () => {
    await expect(readVideoDuration(join(dir, 'absent.mp4'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('readVideoDuration (WebM)', () => {
  it('reads Info/Duration (8-byte float) × TimecodeScale', async () => {
    expect(await readVideoDuration(file(ebml, segment(seekHead, voidElement, info(scale(1_000_000), float64(12_040)), tracks, cluster(500))))).toBe(12);
  });

  it('reads a 4-byte float and the default TimecodeScale', async () => {
    expect(await readVideoDuration(file(ebml, segment(info(float32(93_600)))))).toBe(94);
  });

  it('applies another TimecodeScale', async () => {
    expect(await readVideoDuration(file(ebml, segment(info(float64(3_000), scale(100_000_000)))))).toBe(300);
  });

  it('skips clusters of known size before Info', async () => {
    expect(await readVideoDuration(file(ebml, segment(seekHead, tracks, cluster(20_000), info(float64(7_000)))))).toBe(7);
  });

  it('answers null without a Duration (a MediaRecorder file), or with a broken structure', async () => {
    expect(await readVideoDuration(file(ebml, segment(info(scale(1_000_000)), tracks, cluster(100))))).toBeNull();
    expect(await readVideoDuration(file(ebml, segment(tracks, Buffer.from([0x1f, 0x43, 0xb6, 0x75]), UNKNOWN_SIZE, info(float64(7_000)))))).toBeNull();
    expect(await readVideoDuration(file(ebml, segment(el([0x15, 0x49, 0xa9, 0x66], el([0x44, 0x89], Buffer.alloc(3))))))).toBeNull();
    expect(await readVideoDuration(file(ebml))).toBeNull();
    expect(await readVideoDuration(file(ebml, segment(info(float64(7_000))).subarray(0, 20)))).toBeNull();
  });
});

describe('readVideoDuration (the demo videos)', () => {
  const videos = join(projectRoot, 'backend/src/demo/assets/video');
  it.each(['demo-video.webm', 'demo-video.mp4'])('reads 12 s from %s', async (name) => {
    expect(await readVideoDuration(join(videos, name))).toBe(12);
  });
});
