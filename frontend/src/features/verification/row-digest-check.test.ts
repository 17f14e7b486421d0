import { describe, expect, it } from 'vitest';
import { checkRowDigests, rowDigestsToCheck } from './row-digest-check';
import vectors from './row-digest-vectors.json';

/** The three files as the dossier writes them, from the server's vectors (backend/src/cli/row-digest-vectors.spec.ts). */
const files = (change: (v: typeof vectors) => void = () => undefined) => {
  const v = structuredClone(vectors);
  change(v);
  return { events: JSON.stringify(v.events), beats: JSON.stringify(v.beats), commits: JSON.stringify(v.commits) };
};

describe('the rows of a dossier against the digests of their events (ADR 0040)', () => {
  it('recomputes the server’s digests exactly: every beat group and commit row identical, older and stale rows not covered', () => {
    const check = checkRowDigests('', files());
    expect(check.problems).toEqual([]);
    expect(check.unreadable).toBeNull();
    expect(check).toMatchObject({ ok: true, beatGroups: 3, commits: 2, notCovered: { beats: 1, commits: 1 } });
  });

  it('names the beat group whose row was changed, by its session and seqs', () => {
    const check = checkRowDigests('', files((v) => {
      v.beats[1].visible = false;
    }));
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([{ kind: 'signaux', verdict: 'modifie', where: 'session ab2d6a55-0000-4000-8000-000000000001, seq 2, 1', eventId: vectors.events[1].eventId }]);
  });

  it('catches a received_at moved by one millisecond, a beat moved to another step, and a beat gone from the file', () => {
    expect(checkRowDigests('', files((v) => {
      v.beats[2].received_at = '2026-03-02T08:01:00.501Z';
    })).problems.map((p) => [p.verdict, p.where])).toEqual([['modifie', 'session ab2d6a55-0000-4000-8000-000000000001, seq 3']]);
    expect(checkRowDigests('', files((v) => {
      v.beats[3].step_id = 41;
    })).problems.map((p) => p.where)).toEqual(['session ab2d6a55-0000-4000-8000-000000000002, seq 1']);
    expect(checkRowDigests('', files((v) => {
      v.beats.splice(0, 1);
    })).problems.map((p) => [p.verdict, p.where])).toEqual([['absent', 'session ab2d6a55-0000-4000-8000-000000000001, seq 1']]);
  });

  it('names a commit row whose cmi, suspend_data or time was changed, or which is gone, by its SCO, session and seq', () => {
    const where = 'SCO « sco-1 », session ab2d6a55-0000-4000-8000-000000000001, seq 1';
    expect(checkRowDigests('', files((v) => {
      (v.commits[0].cmi as { suspend_data: string }).suspend_data = 'état « 3 »';
    })).problems).toEqual([{ kind: 'scorm', verdict: 'modifie', where, eventId: vectors.events[4].eventId }]);
    expect(checkRowDigests('', files((v) => {
      v.commits[1].session_seconds = 0;
    })).problems.map((p) => p.where)).toEqual([where.replace('seq 1', 'seq 2')]);
    expect(checkRowDigests('', files((v) => {
      v.commits.splice(0, 1);
    })).problems.map((p) => [p.verdict, p.where])).toEqual([['absent', where]]);
  });

  it('a changed digest in the events file (the event altered instead of the row) is a mismatch too', () => {
    const check = checkRowDigests('', files((v) => {
      (v.events[2].payload as { beatsSha256: string }).beatsSha256 = '0'.repeat(64);
    }));
    expect(check.problems.map((p) => p.where)).toEqual(['session ab2d6a55-0000-4000-8000-000000000001, seq 3']);
  });

  it('says so, recomputing nothing, when a file is not dropped or not a JSON array', () => {
    const { events, beats } = files();
    expect(checkRowDigests('', { events, beats })).toMatchObject({ ok: false, unreadable: 'donnees/enregistrements-scorm.json non déposé(s) : les empreintes des lignes ne peuvent pas être recalculées.' });
    expect(checkRowDigests('', { events, beats, commits: '{' }).unreadable).toBe('donnees/enregistrements-scorm.json : pas un tableau JSON lisible, les empreintes des lignes ne peuvent pas être recalculées.');
  });

  it('finds each learner’s three files in a batch’s folders', () => {
    const f = files();
    const dropped = ['a/', 'b/'].flatMap((folder) => [
      { path: `${folder}donnees/evenements.json`, sha256: '', bytes: 0, text: f.events },
      { path: `${folder}donnees/signaux-de-presence.json`, sha256: '', bytes: 0, text: f.beats },
      { path: `${folder}donnees/enregistrements-scorm.json`, sha256: '', bytes: 0, text: f.commits },
    ]);
    expect(rowDigestsToCheck(dropped).map((l) => [l.folder, l.beats === f.beats, l.commits === f.commits])).toEqual([['a/', true, true], ['b/', true, true]]);
  });
});
