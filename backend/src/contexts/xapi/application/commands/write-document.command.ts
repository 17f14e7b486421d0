import { createHash } from 'node:crypto';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../../../platform/event-log/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { DOCUMENT_STREAM, type XapiDocumentStored } from '../../contracts/xapi.events.js';
import { sha256Hex } from '../../domain/agents.js';
import { checkDocumentAccess, type DocumentAddress } from '../../domain/document-address.js';
import { XapiHome, type XapiPrincipal } from '../../domain/principal.js';
import { XapiBadRequest, XapiError } from '../../domain/xapi.errors.js';

export interface Preconditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}

/** PUT (replace) or POST (merge JSON objects) of a state, activity profile or agent profile document. */
export class WriteDocument extends Command<void> {
  constructor(
    readonly principal: XapiPrincipal,
    readonly address: DocumentAddress,
    readonly mode: 'put' | 'post',
    readonly content: Buffer,
    readonly contentType: string,
    readonly preconditions: Preconditions,
  ) {
    super();
  }
}

/** A media type with its parameters, on one line of printable ASCII. */
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(?:\s*;[\x20-\x7e]*)?$/i;

export function etagOf(content: Buffer): string {
  return `"${createHash('sha1').update(content).digest('hex')}"`;
}

export function isJsonType(contentType: string): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType);
}

/** The document's address as one key: the id of its stream and what its events name (hashed: it may hold an e-mail). */
export function addressKey(address: DocumentAddress): string {
  return sha256Hex(JSON.stringify([address.kind, address.activityId, address.agentKey, address.registration, address.documentId]));
}

/** If-Match / If-None-Match (Communication 3.1): 412 when they do not hold for the current document (etag or none). */
export function checkPreconditions(current: string | null, { ifMatch, ifNoneMatch }: Preconditions): void {
  if (ifMatch !== undefined) {
    const tags = ifMatch.split(',').map((t) => t.trim());
    if (current === null || !(tags.includes('*') || tags.includes(current) || tags.includes(current.replace(/"/g, '')))) {
      throw new XapiError(412, 'Precondition failed: If-Match does not match the current document');
    }
  }
  if (ifNoneMatch !== undefined && current !== null) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim());
    if (tags.includes('*') || tags.includes(current) || tags.includes(current.replace(/"/g, ''))) {
      throw new XapiError(412, 'Precondition failed: If-None-Match matches the current document');
    }
  }
}

/**
 * The document as this transaction may change it: the address is locked first (an advisory lock
 * until commit), so two writers of a document that does not exist yet cannot both pass If-None-Match.
 */
export async function currentDocument(em: EntityManager, a: DocumentAddress): Promise<{ content: Buffer; content_type: string; etag: string } | undefined> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [addressKey(a)]);
  const [row] = await em.execute<{ content: Buffer; content_type: string; etag: string }[]>(
    `select content, content_type, etag from xapi.document where kind = ? and activity_id = ? and agent_key = ? and registration = ? and document_id = ? for update`,
    [a.kind, a.activityId, a.agentKey, a.registration, a.documentId],
  );
  return row;
}

function jsonObject(content: Buffer, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(content.toString('utf8'));
  } catch {
    throw new XapiBadRequest(`${what}: is not valid JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new XapiBadRequest(`${what}: must be a JSON object to be merged`);
  return value as Record<string, unknown>;
}

@CommandHandler(WriteDocument)
export class WriteDocumentHandler implements ICommandHandler<WriteDocument> {
  constructor(
    private readonly orm: MikroORM,
    private readonly log: EventLog,
    private readonly clock: Clock,
    private readonly home: XapiHome,
  ) {}

  async execute({ principal, address, mode, content, contentType, preconditions }: WriteDocument): Promise<void> {
    checkDocumentAccess(principal, address, true, this.home);
    if (isJsonType(contentType) && mode === 'post') jsonObject(content, 'document');
    await this.orm.em.fork().transactional(async (em) => {
      const current = await currentDocument(em, address);
      checkPreconditions(current?.etag ?? null, preconditions);
      // Profiles are shared by every activity provider: a PUT says which version it replaces (Communication 3.1).
      if (mode === 'put' && address.kind !== 'state' && preconditions.ifMatch === undefined && preconditions.ifNoneMatch === undefined) {
        if (current) throw new XapiError(409, 'Conflict: the document exists; send If-Match with its ETag to replace it');
        throw new XapiBadRequest('If-Match / If-None-Match: a profile is PUT with one of them (If-None-Match: * for a new one)');
      }
      let body = content;
      // Answered as the Content-Type of the GET: a media type, or bytes.
      let type = MEDIA_TYPE.test(contentType) ? contentType : 'application/octet-stream';
      if (mode === 'post' && current) {
        if (!isJsonType(current.content_type) || !isJsonType(contentType)) throw new XapiBadRequest('document: only JSON objects are merged by POST');
        const merged = { ...jsonObject(current.content, 'stored document'), ...jsonObject(content, 'document') };
        body = Buffer.from(JSON.stringify(merged));
        type = 'application/json';
      }
      const etag = etagOf(body);
      await em.execute(
        `insert into xapi.document (kind, activity_id, agent_key, registration, document_id, content, content_type, etag, updated)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (kind, activity_id, agent_key, registration, document_id)
         do update set content = excluded.content, content_type = excluded.content_type, etag = excluded.etag, updated = excluded.updated`,
        [address.kind, address.activityId, address.agentKey, address.registration, address.documentId, body, type, etag, this.clock.now().toISOString()],
      );
      const key = addressKey(address);
      const event: XapiDocumentStored = { type: 'XapiDocumentStored', payload: { kind: address.kind, key, sha256: sha256Hex(body), length: body.length } };
      await this.log.append(em, { streamType: DOCUMENT_STREAM, streamId: key, expectedVersion: 'any', events: [event] });
    });
  }
}
