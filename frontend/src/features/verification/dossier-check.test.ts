import { describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { compareWithManifest, DossierCheckError, hashBlob, hashZip } from './dossier-check';

const hex = (text: string) => bytesToHex(sha256(strToU8(text)));
const entry = (path: string, text: string) => ({ path, sha256: hex(text), bytes: strToU8(text).length });

const FILES = { 'donnees/evenements.json': '[{"a":1}]\n', 'documents/certificat.pdf': '%PDF-1.7 …', 'releve.xlsx': 'PK…' };
const manifest = JSON.stringify({ format: 'dossier-de-preuves', format_version: 2, files: Object.entries(FILES).map(([p, t]) => entry(p, t)), ledger: { checkpoint: null, proofs: [] } });
const zipOf = (files: Record<string, string>) => new Blob([zipSync(Object.fromEntries(Object.entries(files).map(([p, t]) => [p, strToU8(t)])))]);

describe('a dossier checked in the browser', () => {
  it('reads a ZIP as a stream and finds every file « conforme »', async () => {
    const hashed = await hashZip(zipOf({ ...FILES, 'manifest.json': manifest }));
    // The raw events are kept as text too: the page looks for each proved stream head in them (ledger-check.ts).
    expect(hashed.find((f) => f.path === 'donnees/evenements.json')).toEqual({ ...entry('donnees/evenements.json', FILES['donnees/evenements.json']), text: FILES['donnees/evenements.json'] });
    const check = compareWithManifest(hashed, { exactPaths: true });
    expect(check.intact).toBe(true);
    expect(check.files.map((f) => [f.path, f.verdict])).toEqual([['donnees/evenements.json', 'conforme'], ['documents/certificat.pdf', 'conforme'], ['releve.xlsx', 'conforme']]);
  });

  it('names the file altered, the one missing and the one added, with what differs', async () => {
    const rest = Object.fromEntries(Object.entries(FILES).filter(([path]) => path !== 'releve.xlsx'));
    const hashed = await hashZip(zipOf({ ...rest, 'donnees/evenements.json': '[{"a":2}]\n', 'ajout.txt': 'x', 'manifest.json': manifest }));
    const check = compareWithManifest(hashed, { exactPaths: true });
    expect(check.intact).toBe(false);
    const by = new Map(check.files.map((f) => [f.path, f]));
    expect(by.get('donnees/evenements.json')).toMatchObject({ verdict: 'modifie', expected: { sha256: hex('[{"a":1}]\n') }, found: { sha256: hex('[{"a":2}]\n') } });
    expect(by.get('releve.xlsx')!.verdict).toBe('absent');
    expect(by.get('ajout.txt')!.verdict).toBe('en_trop');
    expect(by.get('documents/certificat.pdf')!.verdict).toBe('conforme');
  });

  it('matches loose files dropped beside the manifest by their name', async () => {
    const dropped = await Promise.all([
      hashBlob('manifest.json', new Blob([manifest])),
      hashBlob('evenements.json', new Blob([FILES['donnees/evenements.json']])),
      hashBlob('certificat.pdf', new Blob(['%PDF-1.7 changé'])),
    ]);
    const check = compareWithManifest(dropped, { exactPaths: false });
    expect(check.files.map((f) => [f.path, f.verdict])).toEqual([['donnees/evenements.json', 'conforme'], ['documents/certificat.pdf', 'modifie'], ['releve.xlsx', 'absent']]);
  });

  it('checks a batch: each learner’s manifest by its hash, then its files', async () => {
    const learner = JSON.stringify({ format: 'dossier-de-preuves', files: [entry('apprenant-1/a.json', 'A')] });
    const lot = JSON.stringify({ format: 'dossier-de-preuves-lot', learners: [{ manifest: 'apprenant-1/manifest.json', manifest_sha256: hex(learner) }] });
    const check = compareWithManifest(await hashZip(zipOf({ 'manifest.json': lot, 'apprenant-1/manifest.json': learner, 'apprenant-1/a.json': 'B' })), { exactPaths: true });
    expect(check.files.map((f) => [f.path, f.verdict])).toEqual([['apprenant-1/manifest.json', 'conforme'], ['apprenant-1/a.json', 'modifie']]);
  });

  it('says in French when there is no manifest or it is not one', async () => {
    expect(() => compareWithManifest([{ path: 'a.pdf', sha256: 'x', bytes: 1 }], { exactPaths: false })).toThrow(DossierCheckError);
    expect(() => compareWithManifest([{ path: 'manifest.json', sha256: 'x', bytes: 1, text: '{' }], { exactPaths: false })).toThrow('n’est pas le manifeste');
  });
});
