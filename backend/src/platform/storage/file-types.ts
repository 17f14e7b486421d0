import { detectImageType } from './media-storage.js';

/**
 * What an uploaded file is, read from its first bytes (the `head` of an UploadedFile), never from
 * its name or the type its sender declared. The stored file gets the extension chosen here, so a
 * page renamed `.pdf` is refused, and a text file named `.html` is stored and served as `.txt`.
 */

/** How many first bytes the detections read (and an UploadedFile keeps). */
export const SNIFF_BYTES = 4100;

/** The Content-Type of each extension the app stores or serves. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  xsd: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
  zip: 'application/zip',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  swf: 'application/x-shockwave-flash',
};

export type VideoType = 'mp4' | 'webm';

/**
 * ISO BMFF brands a browser's `<video>` plays as MP4: MP4 proper, M4V, DASH segments, and
 * QuickTime files that declare one of them as compatible. A `qt  `-only .mov (ProRes, …) and 3GP
 * are refused; HEIF/AVIF images share the box format but not these brands.
 */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'M4VH', 'M4VP', 'MSNV', 'f4v ']);
const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'mif1', 'msf1']);

/** `mp4` (an `ftyp` box with an MP4 brand), `webm` (an EBML header whose DocType is webm), else null. */
export function detectVideoType(head: Buffer): VideoType | null {
  if (isMp4(head)) return 'mp4';
  if (ebmlDocType(head) === 'webm') return 'webm';
  return null;
}

function isMp4(head: Buffer): boolean {
  if (head.length < 16 || head.toString('latin1', 4, 8) !== 'ftyp') return false;
  const size = head.readUInt32BE(0);
  if (size < 16 || size > 4096) return false;
  const major = head.toString('latin1', 8, 12);
  if (IMAGE_BRANDS.has(major)) return false;
  const brands = [major];
  for (let offset = 16; offset + 4 <= Math.min(size, head.length); offset += 4) brands.push(head.toString('latin1', offset, offset + 4));
  return brands.some((brand) => MP4_BRANDS.has(brand));
}

/** A variable-length EBML integer: its length in bytes and value (`keepMarker` for element ids), or null past the buffer or when invalid. */
export function readEbmlVint(bytes: Buffer, offset: number, keepMarker = false): { length: number; value: number; unknown: boolean } | null {
  if (offset >= bytes.length) return null;
  const first = bytes[offset];
  if (first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[offset + i];
    if (bytes[offset + i] !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

const EBML_HEADER = 0x1a45dfa3;
const EBML_DOCTYPE = 0x4282;

/** The DocType of the EBML header at the start of `head` (`webm`, `matroska`), or null. */
function ebmlDocType(head: Buffer): string | null {
  const id = readEbmlVint(head, 0, true);
  if (!id || id.value !== EBML_HEADER) return null;
  const size = readEbmlVint(head, id.length);
  if (!size || size.unknown) return null;
  const end = Math.min(head.length, id.length + size.length + size.value);
  for (let offset = id.length + size.length; offset < end; ) {
    const child = readEbmlVint(head, offset, true);
    const childSize = child && readEbmlVint(head, offset + child.length);
    if (!child || !childSize || childSize.unknown) return null;
    const data = offset + child.length + childSize.length;
    if (child.value === EBML_DOCTYPE) return head.toString('latin1', data, Math.min(end, data + childSize.value)).replace(/\0+$/, '');
    offset = data + childSize.value;
  }
  return null;
}

export type DocumentExtension = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'odp' | 'doc' | 'xls' | 'ppt' | 'png' | 'jpg' | 'gif' | 'webp' | 'txt' | 'csv' | 'zip';
export interface DocumentType {
  extension: DocumentExtension;
  contentType: string;
}

const OOXML_FOLDERS: [string, DocumentExtension][] = [['word/', 'docx'], ['xl/', 'xlsx'], ['ppt/', 'pptx']];
const OPENDOCUMENT: Record<string, DocumentExtension> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};
const OFFICE_EXTENSIONS = new Set<DocumentExtension>(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_ENTRY = Buffer.from('PK\x03\x04', 'latin1');
const ZIP_EMPTY = Buffer.from('PK\x05\x06', 'latin1');

const typeOf = (extension: DocumentExtension): DocumentType => ({ extension, contentType: CONTENT_TYPES[extension] });

/**
 * A study document's type among those allowed — PDF; Word, Excel, PowerPoint (OOXML, legacy OLE2)
 * and OpenDocument text, spreadsheet, presentation; PNG, JPG, GIF, WEBP; UTF-8 text and CSV; zip —
 * or null (the caller answers a French 400). `filename` (the sender's) only decides between types
 * the content cannot tell apart: .csv or .txt for text, .doc/.xls/.ppt for an OLE2 file, and an
 * office document whose first entries do not say which it is.
 */
export function detectDocumentType(head: Buffer, filename: string): DocumentType | null {
  if (head.length === 0) return null;
  const declared = /\.([A-Za-z0-9]{1,8})$/.exec(filename.trim())?.[1].toLowerCase() ?? '';
  if (head.toString('latin1', 0, 5) === '%PDF-') return typeOf('pdf');
  const image = detectImageType(head);
  if (image) return typeOf(image);
  if (head.subarray(0, 8).equals(OLE2)) return ['doc', 'xls', 'ppt'].includes(declared) ? typeOf(declared as DocumentExtension) : null;
  if (head.subarray(0, 4).equals(ZIP_EMPTY)) return typeOf('zip');
  if (head.subarray(0, 4).equals(ZIP_ENTRY)) return typeOf(zipDocument(head, declared));
  if (isUtf8Text(head)) return typeOf(declared === 'csv' ? 'csv' : 'txt');
  return null;
}

/** docx/xlsx/pptx/odt/ods/odp when the first entries say so (or the name does, for an office package), else zip. */
function zipDocument(head: Buffer, declared: string): DocumentExtension {
  const names: string[] = [];
  for (let offset = 0; offset >= 0 && offset + 30 <= head.length; offset = head.indexOf(ZIP_ENTRY, offset + 4)) {
    const nameLength = head.readUInt16LE(offset + 26);
    const name = head.toString('utf8', offset + 30, Math.min(head.length, offset + 30 + nameLength));
    names.push(name);
    // OpenDocument: the first entry is `mimetype`, stored uncompressed, holding the document's type.
    if (names.length === 1 && name === 'mimetype' && head.readUInt16LE(offset + 8) === 0) {
      const start = offset + 30 + nameLength + head.readUInt16LE(offset + 28);
      const type = OPENDOCUMENT[head.toString('latin1', start, Math.min(head.length, start + head.readUInt32LE(offset + 22)))];
      if (type) return type;
    }
  }
  for (const [folder, extension] of OOXML_FOLDERS) if (names.some((name) => name.startsWith(folder))) return extension;
  const officePackage = names.includes('[Content_Types].xml') || names[0] === 'mimetype';
  return officePackage && OFFICE_EXTENSIONS.has(declared as DocumentExtension) ? (declared as DocumentExtension) : 'zip';
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Valid UTF-8 without NUL; a multi-byte character cut by the end of a full head is allowed. */
function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  let end = head.length;
  if (head.length >= SNIFF_BYTES) {
    // Back to the last lead byte: if its sequence runs past the head, leave it out.
    let lead = end - 1;
    while (lead > end - 4 && (head[lead] & 0xc0) === 0x80) lead--;
    const byte = head[lead];
    const needed = byte > 0xf4 || byte < 0xc2 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    if (lead + needed > end) end = lead;
  }
  try {
    utf8.decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}
