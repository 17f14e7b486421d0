import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BeatRow, ScormCommitRow } from '../contexts/learning-progress/contracts/learning-progress.evidence-rows.js';
import { beatsDigest, commitDigest } from '../contexts/learning-progress/contracts/learning-progress.row-digests.js';

/*
 * The vectors the browser's verifier (frontend/src/features/verification/row-digest-check.ts) is
 * tested against: a small dossier's donnees/evenements.json, signaux-de-presence.json and
 * enregistrements-scorm.json, rows written as the dossier writes them (BeatRow, ScormCommitRow),
 * digests in the events computed by the server's own beatsDigest and commitDigest (ADR 0040).
 */
const VECTORS = fileURLToPath(new URL('../../../frontend/src/features/verification/row-digest-vectors.json', import.meta.url));

const NOTE = 'Produits par backend/src/contexts/learning-progress/contracts/learning-progress.row-digests.ts (beatsDigest, commitDigest) ; backend/src/cli/row-digest-vectors.spec.ts vérifie qu’ils n’ont pas changé. Régénérer : UPDATE_ROW_DIGEST_VECTORS=1 npm run test:unit --workspace backend -- src/cli/row-digest-vectors.spec.ts';

const STUDENT = 31;
const COURSE = 7;
const S1 = 'ab2d6a55-0000-4000-8000-000000000001';
const S2 = 'ab2d6a55-0000-4000-8000-000000000002';

function vectors() {
  const beats: BeatRow[] = [
    { session_id: S1, seq: 1, kind: 'chapter', step_id: 12, at: '2026-03-02T08:00:00.250Z', visible: true, focused: true, playing: false, last_input_at: null, received_at: '2026-03-02T08:00:01.123Z' },
    { session_id: S1, seq: 2, kind: 'chapter', step_id: 12, at: '2026-03-02T08:00:30.000Z', visible: true, focused: false, playing: true, last_input_at: '2026-03-02T08:00:29.999Z', received_at: '2026-03-02T08:00:31.000Z' },
    { session_id: S1, seq: 3, kind: 'chapter', step_id: 12, at: '2026-03-02T08:01:00.000Z', visible: false, focused: false, playing: false, last_input_at: '2026-03-02T08:00:59.001Z', received_at: '2026-03-02T08:01:00.500Z' },
    { session_id: S2, seq: 1, kind: 'subchapter', step_id: 40, at: '2026-03-03T09:00:00.000Z', visible: true, focused: true, playing: true, last_input_at: null, received_at: '2026-03-03T09:00:00.010Z' },
    // Written before the binding (a version 1 event counts it): not covered.
    { session_id: S2, seq: 9, kind: 'subchapter', step_id: 40, at: '2026-02-01T09:00:00.000Z', visible: true, focused: true, playing: false, last_input_at: null, received_at: '2026-02-01T09:00:00.000Z' },
  ];
  const commits: ScormCommitRow[] = [
    { id: 101, chapter_id: 5, sco: 'sco-1', attempt: 1, session_id: S1, seq: 1, outcome: 'applied', cmi: { suspend_data: 'état « 2 »', core: { score: { raw: 0.1 }, lesson_status: 'incomplete' }, entry: null }, session_seconds: 10.5, received_at: '2026-03-02T08:02:00.000Z' },
    { id: 102, chapter_id: 5, sco: 'sco-1', attempt: 1, session_id: S1, seq: 2, outcome: 'applied', cmi: { suspend_data: '', core: { lesson_status: 'passed', score: { raw: 80 } } }, session_seconds: null, received_at: '2026-03-02T08:03:00.999Z' },
    // Stale (older than the newest of its session): no event. (session, SCO, seq) is unique in the table.
    { id: 103, chapter_id: 5, sco: 'sco-1', attempt: 1, session_id: S2, seq: 1, outcome: 'stale', cmi: { suspend_data: 'x' }, session_seconds: 3, received_at: '2026-03-02T08:03:01.000Z' },
  ];
  const place = (sessionId: string, kind: string, stepId: number) => ({ sessionId, studentId: STUDENT, courseId: COURSE, kind, stepId });
  const forDigest = (b: BeatRow) => ({ seq: b.seq, at: b.at, visible: b.visible, focused: b.focused, playing: b.playing, lastInputAt: b.last_input_at, receivedAt: b.received_at });
  const beatsOf = (sessionId: string, seqs: number[]) => beats.filter((b) => b.session_id === sessionId && seqs.includes(b.seq)).map(forDigest);
  const commitOf = (c: ScormCommitRow) => commitDigest({
    studentId: STUDENT, courseId: COURSE, chapterId: c.chapter_id, sco: c.sco, sessionId: c.session_id, seq: c.seq, attempt: c.attempt, outcome: c.outcome, cmi: c.cmi, sessionSeconds: c.session_seconds, receivedAt: c.received_at,
  });
  const event = (n: number, type: string, schemaVersion: number, payload: object) => ({
    position: n, eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, streamType: 'learning-progress.course-progress', streamId: `${STUDENT}:${COURSE}`, streamVersion: n, type, schemaVersion, payload,
  });
  const events = [
    event(1, 'LearningTimeRecorded', 1, { studentId: STUDENT, courseId: COURSE, kind: 'subchapter', stepId: 40, sessionId: S2, beats: 1, connectedSeconds: 0, activeSeconds: 0, method: 'v1', addedConnectedSeconds: 0, addedActiveSeconds: 0 }),
    // The session id as a client may send it (upper case): the server lower-cases it.
    event(2, 'LearningTimeRecorded', 2, { studentId: STUDENT, courseId: COURSE, kind: 'chapter', stepId: 12, sessionId: S1.toUpperCase(), beats: 2, connectedSeconds: 30, activeSeconds: 30, method: 'v1', addedConnectedSeconds: 30, addedActiveSeconds: 30, beatSeqs: [2, 1], beatsSha256: beatsDigest(place(S1.toUpperCase(), 'chapter', 12), beatsOf(S1, [1, 2])) }),
    event(3, 'LearningTimeRecorded', 2, { studentId: STUDENT, courseId: COURSE, kind: 'chapter', stepId: 12, sessionId: S1, beats: 1, connectedSeconds: 60, activeSeconds: 45, method: 'v1', addedConnectedSeconds: 30, addedActiveSeconds: 15, beatSeqs: [3], beatsSha256: beatsDigest(place(S1, 'chapter', 12), beatsOf(S1, [3])) }),
    event(4, 'LearningTimeRecorded', 2, { studentId: STUDENT, courseId: COURSE, kind: 'subchapter', stepId: 40, sessionId: S2, beats: 1, connectedSeconds: 0, activeSeconds: 0, method: 'v1', addedConnectedSeconds: 0, addedActiveSeconds: 0, beatSeqs: [1], beatsSha256: beatsDigest(place(S2, 'subchapter', 40), beatsOf(S2, [1])) }),
    ...commits.filter((c) => c.outcome === 'applied').map((c, i) => event(5 + i, 'ScormCommitted', 3, {
      studentId: STUDENT, courseId: COURSE, chapterId: c.chapter_id, sco: c.sco, sessionId: c.session_id, seq: c.seq, completionStatus: null, successStatus: null, score: null, sessionSeconds: c.session_seconds, version: '1.2', commitSha256: commitOf(c),
    })),
  ];
  return { note: NOTE, student_id: STUDENT, course_id: COURSE, events, beats, commits };
}

describe('the row-digest vectors of the browser verifier (ADR 0040)', () => {
  it('are the digests the server computes for these rows', () => {
    const expected = vectors();
    if (process.env.UPDATE_ROW_DIGEST_VECTORS === '1') writeFileSync(VECTORS, `${JSON.stringify(expected, null, 2)}\n`);
    expect(JSON.parse(readFileSync(VECTORS, 'utf8'))).toEqual(expected);
  });
});
