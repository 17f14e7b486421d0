import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventHash } from '../../../../platform/event-log/event-hash.js';

/*
 * The vectors the browser's verifier recomputes the events' chain against
 * (frontend/src/features/verification/event-chain-check.ts, ADR 0040): a few events as a dossier's
 * donnees/evenements.json holds them (RecordedEvent), their hashes and links computed by the
 * server's own eventHash — keys out of order, nested payloads, accents and emoji, decimals, nulls.
 */
const VECTORS = fileURLToPath(new URL('../../../../../../frontend/src/features/verification/event-chain-vectors.json', import.meta.url));

const NOTE = 'Produits par backend/src/platform/event-log/event-hash.ts (eventHash) ; backend/src/contexts/evidence/application/dossier/event-chain-vectors.spec.ts vérifie qu’ils n’ont pas changé. Régénérer : UPDATE_EVENT_CHAIN_VECTORS=1 npm run test:unit --workspace backend -- src/contexts/evidence/application/dossier/event-chain-vectors.spec.ts';

function vectors() {
  const metadata = { actorId: 12, actorRole: 'student', correlationId: '5f0c1c1e-0000-4000-8000-00000000000a', causationId: null };
  const specs = [
    { streamType: 'learning-progress.course-progress', streamId: '31:7', type: 'StepOpened', schemaVersion: 1, payload: { studentId: 31, courseId: 7, stepId: 12, kind: 'chapter' } },
    { streamType: 'tutoring.conversation', streamId: '3:31', type: 'MessageSent', schemaVersion: 1, payload: { teacherId: 3, studentId: 31, sender: 'student', textSha256: 'b'.repeat(64), textLength: 42 } },
    { streamType: 'learning-progress.course-progress', streamId: '31:7', type: 'LearningTimeRecorded', schemaVersion: 2, payload: { studentId: 31, courseId: 7, sessionId: 'ab2d6a55-0000-4000-8000-000000000001', beatSeqs: [2, 1], method: 'v1', ratio: 0.1, figures: { z: 'été « ok » 😀', a: null } } },
    { streamType: 'learning-progress.course-progress', streamId: '31:7', type: 'ScormCommitted', schemaVersion: 3, payload: { studentId: 31, courseId: 7, chapterId: 5, sco: 'sco-1', score: 85.5, previous: null, commitSha256: 'c'.repeat(64) } },
  ];
  const heads = new Map<string, { version: number; hash: string | null }>();
  const events = specs.map((s, i) => {
    const key = `${s.streamType}/${s.streamId}`;
    const head = heads.get(key) ?? { version: 0, hash: null };
    const event = {
      position: i + 1, transactionId: String(900 + i), eventId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      streamType: s.streamType, streamId: s.streamId, streamVersion: head.version + 1, type: s.type, schemaVersion: s.schemaVersion,
      payload: s.payload, metadata, occurredAt: `2026-03-02T08:0${i}:00.${String(i * 111).padStart(3, '0')}Z`, recordedAt: `2026-03-02T08:0${i}:00.500Z`, prevHash: head.hash,
    };
    const hash = eventHash({
      event_id: event.eventId, stream_type: event.streamType, stream_id: event.streamId, stream_version: event.streamVersion, event_type: event.type,
      schema_version: event.schemaVersion, payload: event.payload, metadata: event.metadata, occurred_at: event.occurredAt, prev_hash: event.prevHash,
    });
    heads.set(key, { version: event.streamVersion, hash });
    return { ...event, hash };
  });
  return { note: NOTE, events };
}

describe('the event chain vectors of the browser verifier', () => {
  it('are the hashes and links the server computes for these events', () => {
    const expected = vectors();
    if (process.env.UPDATE_EVENT_CHAIN_VECTORS === '1') writeFileSync(VECTORS, `${JSON.stringify(expected, null, 2)}\n`);
    expect(JSON.parse(readFileSync(VECTORS, 'utf8'))).toEqual(expected);
  });
});
