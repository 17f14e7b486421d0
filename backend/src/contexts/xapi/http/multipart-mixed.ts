import { createHash } from 'node:crypto';
import { XapiBadRequest } from '../domain/xapi.errors.js';

/** One part of a multipart/mixed body: its headers (names in lower case) and its bytes. */
export interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

const CRLF = Buffer.from('\r\n');

/** Splits a multipart/mixed body (RFC 2046) by the boundary of its Content-Type; a malformed one is a 400. */
export function parseMultipartMixed(body: Buffer, contentType: string): Part[] {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new XapiBadRequest('multipart: the Content-Type has no boundary');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) throw new XapiBadRequest('multipart: no part found');
  for (;;) {
    position += delimiter.length;
    if (body.subarray(position, position + 2).toString() === '--') break;
    // The delimiter line ends with CRLF (optional white space before it).
    const lineEnd = body.indexOf(CRLF, position);
    if (lineEnd < 0) throw new XapiBadRequest('multipart: a part is cut short');
    const start = lineEnd + 2;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), start - 2);
    if (next < 0) throw new XapiBadRequest('multipart: the closing boundary is missing');
    const raw = body.subarray(start, next);
    const headerEnd = raw.indexOf(Buffer.from('\r\n\r\n'));
    const headerText = headerEnd < 0 ? (raw.subarray(0, 2).equals(CRLF) ? '' : null) : raw.subarray(0, headerEnd).toString('utf8');
    if (headerText === null) throw new XapiBadRequest('multipart: a part has no header block');
    const headers: Record<string, string> = {};
    for (const line of headerText.split('\r\n')) {
      if (!line) continue;
      const colon = line.indexOf(':');
      if (colon <= 0) throw new XapiBadRequest('multipart: a part header is malformed');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: headerEnd < 0 ? raw.subarray(2) : raw.subarray(headerEnd + 4) });
    position = next + 2;
  }
  return parts;
}

const ALGORITHMS: Record<number, string> = { 56: 'sha224', 64: 'sha256', 96: 'sha384', 128: 'sha512' };

/** The SHA-2 of the content with the length (in hex digits) of the declared hash, or null for no SHA-2 length. */
export function hashOf(content: Buffer, hexLength: number): string | null {
  const algorithm = ALGORITHMS[hexLength];
  return algorithm ? createHash(algorithm).update(content).digest('hex') : null;
}
