/**
 * A valid 1×1 PNG, made by libvips (sharp): an upload that passes the content check (JPG, PNG, GIF
 * or WEBP by their first bytes) and that an image library decodes, as course images must be to get
 * their responsive copies (platform/storage/image-variants.ts).
 */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d4944415408996360a838f11f0003fc0240220f3e040000000049454e44ae426082',
  'hex',
);
