import type { BeatRow, ScormCommitRow } from '../../../learning-progress/contracts/learning-progress.evidence-rows.js';
import type { TranscriptView } from '../transcript.views.js';
import { CheckpointTree, headLine, merkleRoot, verifyInclusion, type StoredCheckpoint } from '../../../../platform/ledger/index.js';
import { ChainCoverage, LedgerProofs } from './manifest.js';

const view = { messages: [{}, {}] } as unknown as TranscriptView;
const beat = (session: string, seq: number) => ({ session_id: session, seq }) as BeatRow;
const commit = (session: string, sco: string, seq: number, outcome: 'applied' | 'stale') => ({ session_id: session, sco, seq, outcome }) as ScormCommitRow;
const FILES = ['donnees/evenements.json', 'donnees/signaux-de-presence.json', 'donnees/enregistrements-scorm.json', 'releve-de-formation.xlsx', 'releve-de-formation.pdf', 'documents/certificat-de-realisation-v1-X.pdf'].map((path) => ({ path }));

describe('what the chain covers in a dossier (ADR 0040)', () => {
  it('counts the rows an event of the binding version names, and says which are older or stale', () => {
    const c = new ChainCoverage();
    c.noteEvent({ type: 'LearningTimeRecorded', schemaVersion: 1, payload: { sessionId: 'S1', beats: 2 } });
    c.noteEvent({ type: 'LearningTimeRecorded', schemaVersion: 2, payload: { sessionId: 'S2', beatSeqs: [1, 2] } });
    c.noteEvent({ type: 'ScormCommitted', schemaVersion: 2, payload: { sessionId: 'C1', sco: 'a', seq: 1 } });
    c.noteEvent({ type: 'ScormCommitted', schemaVersion: 3, payload: { sessionId: 'C2', sco: 'a', seq: 1 } });
    c.noteEvent({ type: 'MessageSent', schemaVersion: 1, payload: {} });
    c.noteBeats([beat('s1', 1), beat('s1', 2), beat('s2', 1), beat('s2', 2), beat('s2', 3)]);
    c.noteCommits([commit('c1', 'a', 1, 'applied'), commit('c2', 'a', 1, 'applied'), commit('c2', 'a', 2, 'stale')]);
    const [events, beats, scorm, xlsx, pdf, doc] = c.section(FILES, view);
    expect(events.bound).toBe('directement');
    expect(beats).toMatchObject({ bound: 'partiel', covered: 2, not_covered: [{ count: 3, reason: 'non couvert (antérieur à la version 2 de LearningTimeRecorded)' }] });
    expect(scorm).toMatchObject({
      bound: 'partiel', covered: 1,
      not_covered: [{ count: 1, reason: 'non couvert (antérieur à la version 3 de ScormCommitted)' }, { count: 1, reason: expect.stringContaining('périmé') }],
    });
    expect(xlsx).toMatchObject({ bound: 'partiel', covered: 1 });
    expect(pdf.bound).toBe('non couvert');
    expect(doc.bound).toBe('par empreinte');
  });

  it('says « par empreinte » when every row is bound, « non couvert » when none is', () => {
    const c = new ChainCoverage();
    c.noteEvent({ type: 'LearningTimeRecorded', schemaVersion: 2, payload: { sessionId: 's', beatSeqs: [1] } });
    c.noteBeats([beat('s', 1)]);
    c.noteCommits([commit('x', 'a', 1, 'applied')]);
    const [, beats, scorm] = c.section(FILES, view);
    expect(beats).toMatchObject({ bound: 'par empreinte', covered: 1, not_covered: [] });
    expect(scorm).toMatchObject({ bound: 'non couvert', covered: 0 });
  });
});

describe('the manifest’s ledger slot (issue 27 item 3, ADR 0038/0040)', () => {
  const h = (c: string) => c.repeat(64);
  const heads = [
    { streamType: 'enrolment.student-course', streamId: '1-3', version: 2, hash: h('a') },
    { streamType: 'learning-progress.course-progress', streamId: '1/3', version: 5, hash: h('b') },
    { streamType: 'tutoring.support-request', streamId: '9', version: 1, hash: h('c') },
    { streamType: 'zz.other', streamId: '1', version: 1, hash: h('d') },
  ];
  const root = merkleRoot(heads.map(headLine)).toString('hex');
  const checkpoint = { seq: 4, root, streams: 4, events: 12, time: '2026-11-27T02:15:00.000Z', transactionId: '812', position: 3, keyId: h('e'), body: 'corps', signature: 'c2ln', tsaToken: null, tsaTime: null } as StoredCheckpoint;
  const event = (streamType: string, streamId: string, streamVersion: number, hash: string) => ({ streamType, streamId, streamVersion, hash });

  it('gives the proof of each head at the checkpoint found in the events file, and counts the events after it', () => {
    const proofs = new LedgerProofs(new CheckpointTree(checkpoint, heads));
    for (let v = 1; v <= 2; v++) proofs.noteEvent(event('enrolment.student-course', '1-3', v, v === 2 ? h('a') : h('0')));
    for (let v = 1; v <= 6; v++) proofs.noteEvent(event('learning-progress.course-progress', '1/3', v, v === 5 ? h('b') : h('1')));
    proofs.noteEvent(event('tutoring.support-request', '9', 1, h('c')));
    proofs.noteEvent(event('tutoring.conversation', '7', 1, h('2')));
    const streams = [
      { stream_type: 'enrolment.student-course', stream_id: '1-3' },
      { stream_type: 'learning-progress.course-progress', stream_id: '1/3' },
      { stream_type: 'tutoring.support-request', stream_id: '9' },
      { stream_type: 'tutoring.conversation', stream_id: '7' },
    ];
    const slot = proofs.section(streams, 'donnees/evenements.json');
    expect(slot.checkpoint).toMatchObject({ seq: 4, root, streams: 4, events: 12, at: checkpoint.time, log_position: '812/3', key_id: h('e'), body: 'corps', signature: 'c2ln', timestamp_token: null });
    expect(slot.proofs.map((p) => [p.stream_type, p.last_version, p.last_hash, p.leaf_index])).toEqual([
      ['enrolment.student-course', 2, h('a'), 0],
      ['learning-progress.course-progress', 5, h('b'), 1],
      ['tutoring.support-request', 1, h('c'), 2],
    ]);
    for (const p of slot.proofs) {
      expect(verifyInclusion({ leaf: `${p.stream_type}/${p.stream_id}@${p.last_version}:${p.last_hash}`, index: p.leaf_index, treeSize: 4, path: p.path }, root)).toBe(true);
    }
    // Version 6 of the progress stream and the whole conversation came after the checkpoint.
    expect(slot.events_after_checkpoint).toBe(2);
    expect(slot.streams_after_checkpoint).toEqual(['tutoring.conversation/7']);
    expect(slot.problems).toEqual([]);
    expect(slot.note).toContain('2 événement(s) du fichier sont postérieurs au point de contrôle');
    expect(slot.note).toContain('le jeton RFC 3161 est sur le point de contrôle publié');
  });

  it('gives no proof, and says why, when the events file holds another hash at the signed version', () => {
    const proofs = new LedgerProofs(new CheckpointTree(checkpoint, heads));
    proofs.noteEvent(event('tutoring.support-request', '9', 1, h('f')));
    const slot = proofs.section([{ stream_type: 'tutoring.support-request', stream_id: '9' }], 'donnees/evenements.json');
    expect(slot.proofs).toEqual([]);
    expect(slot.problems).toEqual([`Flux tutoring.support-request/9 : l’événement de version 1 a dans donnees/evenements.json le hash ${h('f')}, le point de contrôle a signé ${h('c')}.`]);
  });
});
