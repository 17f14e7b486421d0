import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { canonicalJson } from './row-digest-check';

/*
 * The events' own chain, recomputed in the browser from a dossier's donnees/evenements.json (issue 27,
 * ADR 0040): each event's hash is the SHA-256 of the canonical JSON of its hashed fields (the server's
 * platform/event-log/event-hash.ts: event_id, stream_type, stream_id, stream_version, event_type,
 * schema_version, payload, metadata, occurred_at, prev_hash), and each event names the hash of the
 * one before it in its stream. An event whose content no longer gives its hash, or whose link does
 * not meet its predecessor's hash, is named; the proved heads (ledger-check.ts) then tie the last hash
 * of each stream to the published checkpoint, so an altered event cannot hide by being re-hashed.
 */

/** An event as donnees/evenements.json holds it (backend RecordedEvent). */
interface EventLine {
  eventId: string;
  streamType: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  payload: unknown;
  metadata: unknown;
  occurredAt: string;
  prevHash: string | null;
  hash: string;
}

/** The server's eventHash over one event of the file. */
export function eventHashOf(e: EventLine): string {
  const fields = {
    event_id: e.eventId, stream_type: e.streamType, stream_id: e.streamId, stream_version: e.streamVersion, event_type: e.type,
    schema_version: e.schemaVersion, payload: e.payload, metadata: e.metadata, occurred_at: e.occurredAt, prev_hash: e.prevHash,
  };
  return bytesToHex(sha256(new TextEncoder().encode(canonicalJson(fields))));
}

export interface ChainProblem {
  /** modifie: the content no longer gives its hash; lien: its prev_hash is not its predecessor's hash; manquant: versions missing before it. */
  verdict: 'modifie' | 'lien' | 'manquant';
  stream: string;
  version: number;
  eventId: string;
  type: string;
}

export interface EventChainCheck {
  folder: string;
  events: number;
  streams: number;
  problems: ChainProblem[];
  /** The file could not be read as events (French), or null. */
  unreadable: string | null;
  ok: boolean;
}

const isEvent = (value: unknown): value is EventLine => {
  const e = value as Partial<EventLine> | null;
  return !!e && typeof e === 'object' && typeof e.eventId === 'string' && typeof e.streamType === 'string' && typeof e.streamId === 'string'
    && Number.isInteger(e.streamVersion) && typeof e.hash === 'string' && typeof e.occurredAt === 'string';
};

/** Recomputes every event's hash and every link of one learner's events file. */
export function checkEventChains(folder: string, eventsText: string): EventChainCheck {
  const result: EventChainCheck = { folder, events: 0, streams: 0, problems: [], unreadable: null, ok: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(eventsText);
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || !parsed.every(isEvent)) {
    result.unreadable = 'donnees/evenements.json : pas une liste d’événements lisible, le chaînage ne peut pas être recalculé.';
    return result;
  }
  const byStream = new Map<string, EventLine[]>();
  for (const e of parsed) {
    const key = `${e.streamType}/${e.streamId}`;
    byStream.set(key, [...(byStream.get(key) ?? []), e]);
  }
  result.events = parsed.length;
  result.streams = byStream.size;
  for (const [stream, events] of byStream) {
    events.sort((a, b) => a.streamVersion - b.streamVersion);
    let previous: EventLine | null = null;
    for (const e of events) {
      const at = { stream, version: e.streamVersion, eventId: e.eventId, type: String(e.type) };
      let computed: string | null;
      try {
        computed = eventHashOf(e);
      } catch {
        computed = null;
      }
      if (computed !== e.hash) result.problems.push({ verdict: 'modifie', ...at });
      // The stream is whole in a dossier (read from its first event): version 1 opens it with no link.
      const expectedVersion = previous ? previous.streamVersion + 1 : 1;
      if (e.streamVersion !== expectedVersion) result.problems.push({ verdict: 'manquant', ...at });
      else if (e.prevHash !== (previous ? previous.hash : null)) result.problems.push({ verdict: 'lien', ...at });
      previous = e;
    }
  }
  // An empty events file proves nothing: not « conforme » (the manifest and the proved heads name it).
  result.ok = result.events > 0 && result.problems.length === 0;
  return result;
}
