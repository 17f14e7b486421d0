import { canonicalJson as logCanonicalJson } from '../platform/event-log/event-hash.js';
import { beatsDigest, canonicalJson, commitDigest } from '../contexts/learning-progress/contracts/learning-progress.row-digests.js';

const place = { sessionId: 'AB2D6A55-0000-4000-8000-000000000001', studentId: 3, courseId: 4, kind: 'chapter', stepId: 7 };
const beat = (seq: number, visible = true) => ({ seq, at: '2026-03-02T08:00:00.000Z', visible, focused: true, playing: false, lastInputAt: null, receivedAt: '2026-03-02T08:00:01.123Z' });
const row = { studentId: 3, courseId: 4, chapterId: 9, sco: 'sco-1', sessionId: place.sessionId, seq: 1, attempt: 1, outcome: 'applied', cmi: { suspend_data: 'état « 2 »', score: { raw: 0.1 } }, sessionSeconds: 10.5, receivedAt: '2026-03-02T08:00:02.000Z' };

describe('the digests that bind beats and SCORM commit rows to their events (ADR 0040)', () => {
  it('use the canonical JSON of the log’s own hashes', () => {
    const value = { b: [1, 0.1, 1e21, 'é€'], a: { z: null, y: true }, c: '"\\u0000' };
    expect(canonicalJson(value)).toBe(logCanonicalJson(value));
  });

  it('do not depend on the order beats are given, the case of the session id, or numeric strings read back from numeric columns', () => {
    expect(beatsDigest(place, [beat(2), beat(1)])).toBe(beatsDigest({ ...place, sessionId: place.sessionId.toLowerCase() }, [beat(1), beat(2)]));
    expect(commitDigest({ ...row, sessionSeconds: '10.5', receivedAt: new Date('2026-03-02T08:00:02Z'), cmi: { score: { raw: 0.1 }, suspend_data: 'état « 2 »' } })).toBe(commitDigest(row));
  });

  it('change with any stored value', () => {
    expect(beatsDigest(place, [beat(1), beat(2, false)])).not.toBe(beatsDigest(place, [beat(1), beat(2)]));
    expect(beatsDigest({ ...place, stepId: 8 }, [beat(1)])).not.toBe(beatsDigest(place, [beat(1)]));
    expect(commitDigest({ ...row, cmi: { ...row.cmi, suspend_data: 'état « 3 »' } })).not.toBe(commitDigest(row));
    expect(commitDigest({ ...row, attempt: 2 })).not.toBe(commitDigest(row));
  });
});
