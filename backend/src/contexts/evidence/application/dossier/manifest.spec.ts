import type { BeatRow, ScormCommitRow } from '../../../learning-progress/contracts/learning-progress.evidence-rows.js';
import type { TranscriptView } from '../transcript.views.js';
import { ChainCoverage } from './manifest.js';

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
