#!/usr/bin/env node
// Draws the demo centre's logo and signature/stamp (centre/logo.png, centre/signature.png) from
// scratch with node:zlib only (no image library, no font): shapes computed pixel by pixel, so the
// files are free of any licence and tiny. Run once: node backend/src/demo/assets/make-centre-images.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A PNG (8-bit RGBA) of width × height whose pixel colour is paint(x, y) → [r, g, b, a]. */
function png(width, height, paint) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(paint(x, y), y * (width * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const NAVY = [22, 58, 110, 255];
const TEAL = [0, 133, 119, 255];
const CLEAR = [0, 0, 0, 0];
const INK = [24, 48, 120, 255];

// Logo: three rising bars (a learner's progress) in a rounded navy square, then a teal underline.
const logo = png(160, 64, (x, y) => {
  const inSquare = x >= 4 && x < 60 && y >= 4 && y < 60 && !(Math.hypot(Math.max(0, Math.abs(x - 31.5) - 20), Math.max(0, Math.abs(y - 31.5) - 20)) > 8);
  if (inSquare) {
    const bars = [[14, 22, 36], [26, 34, 26], [38, 46, 14]];
    for (const [from, to, top] of bars) if (x >= from && x < to && y >= top && y < 50) return [255, 255, 255, 255];
    return NAVY;
  }
  if (x >= 70 && x < 156 && ((y >= 14 && y < 22) || (y >= 28 && y < 36 && x < 136))) return NAVY;
  if (x >= 70 && x < 120 && y >= 44 && y < 50) return TEAL;
  return CLEAR;
});

// Signature and stamp: a ring (the stamp) and a looping stroke across it (the hand signature).
const signature = png(200, 100, (x, y) => {
  const ring = Math.hypot(x - 140, y - 50);
  if (ring > 36 && ring < 41) return [40, 80, 160, 200];
  if (ring > 28 && ring < 30) return [40, 80, 160, 160];
  const t = (x - 10) / 170;
  if (t >= 0 && t <= 1) {
    const curve = 58 - 22 * Math.sin(t * Math.PI * 3.2) * (1 - t * 0.6) - 8 * t;
    if (Math.abs(y - curve) < 2.2) return INK;
  }
  return CLEAR;
});

writeFileSync(join(here, 'centre', 'logo.png'), logo);
writeFileSync(join(here, 'centre', 'signature.png'), signature);
console.log(`logo.png ${logo.length} octets, signature.png ${signature.length} octets`);
