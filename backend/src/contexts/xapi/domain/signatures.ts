import { canonicalJson } from './agents.js';
import { XapiBadRequest } from './xapi.errors.js';

type Obj = Record<string, unknown>;

export const SIGNATURE_USAGE = 'http://adlnet.gov/expapi/attachments/signature';
const ALGORITHMS = ['RS256', 'RS384', 'RS512'];

function decode(segment: string, what: string, path: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new XapiBadRequest(`${path}: the signature's ${what} is not JSON`);
  }
}

/**
 * A signed statement (Data 2.6): its signature attachment is a JWS (compact serialisation) of
 * content type application/octet-stream, signed with RS256, RS384 or RS512, whose payload is the
 * statement as it was signed (compared on its actor, verb, object and id).
 */
export function checkSignatures(statement: Obj, parts: ReadonlyMap<string, { content: Buffer }>, path: string): void {
  const attachments = ((statement.attachments as Obj[] | undefined) ?? []).filter((a) => a.usageType === SIGNATURE_USAGE);
  for (const attachment of attachments) {
    const p = `${path}.attachments (signature)`;
    if (String(attachment.contentType).split(';')[0].trim().toLowerCase() !== 'application/octet-stream') throw new XapiBadRequest(`${p}: a signature is application/octet-stream`);
    const part = parts.get(String(attachment.sha2));
    if (!part) throw new XapiBadRequest(`${p}: the signature must be sent as a part`);
    const segments = part.content.toString('utf8').trim().split('.');
    if (segments.length !== 3) throw new XapiBadRequest(`${p}: not a JWS in compact serialisation`);
    const header = decode(segments[0], 'header', p) as Obj | null;
    if (typeof header !== 'object' || header === null || !ALGORITHMS.includes(String(header.alg))) throw new XapiBadRequest(`${p}: the JWS algorithm must be RS256, RS384 or RS512`);
    const payload = decode(segments[1], 'payload', p) as Obj | null;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new XapiBadRequest(`${p}: the JWS payload must be the statement`);
    for (const key of ['actor', 'verb', 'object']) {
      if (canonicalJson(payload[key]) !== canonicalJson(statement[key])) throw new XapiBadRequest(`${p}: the signed ${key} differs from the statement's`);
    }
    if (payload.id !== undefined && statement.id !== undefined && String(payload.id).toLowerCase() !== String(statement.id).toLowerCase()) {
      throw new XapiBadRequest(`${p}: the signed id differs from the statement's`);
    }
  }
}
