/** A valid 1×1 PNG: an upload that passes the content check (JPG, PNG, GIF or WEBP by their first bytes). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
