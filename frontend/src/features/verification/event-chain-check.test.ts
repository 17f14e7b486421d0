import { describe, expect, it } from 'vitest';
import { checkEventChains, eventHashOf } from './event-chain-check';
import vectors from './event-chain-vectors.json';

// The events' chain recomputed as the server computes it (vectors from backend eventHash,
// event-chain-vectors.spec.ts keeps them equal), and each kind of tampering named.
const text = (events: unknown[]) => JSON.stringify(events);
const copy = () => structuredClone(vectors.events) as (typeof vectors.events[number] & { payload: Record<string, unknown> })[];

describe('checkEventChains', () => {
  it('finds every hash and link of the server’s vectors intact', () => {
    const check = checkEventChains('', text(vectors.events));
    expect(check).toMatchObject({ events: 4, streams: 2, problems: [], unreadable: null, ok: true });
  });

  it('names an event whose payload was altered, by its stream, version and id', () => {
    const events = copy();
    events[2].payload.beatSeqs = [2, 1, 3];
    const check = checkEventChains('', text(events));
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([{ verdict: 'modifie', stream: 'learning-progress.course-progress/31:7', version: 2, eventId: events[2].eventId, type: 'LearningTimeRecorded' }]);
  });

  it('names the next link when an altered event was re-hashed, and a missing version', () => {
    const rehashed = copy();
    rehashed[0].payload.stepId = 13;
    expect(checkEventChains('', text(rehashed)).problems.map((p) => [p.verdict, p.version])).toEqual([['modifie', 1]]);
    // An operator recomputes the altered event's hash: it holds, but the next event's link no longer meets it.
    rehashed[0].hash = eventHashOf(rehashed[0]);
    expect(checkEventChains('', text(rehashed)).problems.map((p) => [p.verdict, p.version, p.eventId])).toEqual([['lien', 2, rehashed[2].eventId]]);
    const missing = copy().filter((_, i) => i !== 2);
    expect(checkEventChains('', text(missing)).problems.map((p) => [p.verdict, p.stream, p.version])).toEqual([['manquant', 'learning-progress.course-progress/31:7', 3]]);
    const relinked = copy();
    relinked[3].prevHash = relinked[0].hash;
    expect(checkEventChains('', text(relinked)).problems.map((p) => p.verdict)).toEqual(['modifie', 'lien']);
  });

  it('says so for a file that is not a list of events', () => {
    expect(checkEventChains('', '{"a":1}').unreadable).toMatch(/pas une liste d’événements lisible/);
    expect(checkEventChains('', 'pas du JSON').ok).toBe(false);
  });
});
