import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildScormPackage, writeScormPackage } from '../../../../demo/scorm/build-package.js';
import { extractScormZip, inspectScormZip } from './scorm-zip.js';

/** The project's own demo packages (backend/src/demo/scorm) pass the inspector, launched from their manifest. */
describe('the demo SCORM packages', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'scorm-demo-spec-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it.each([
    ['scorm12', '1.2', 'Les bases de la sécurité informatique', 'index_lms.html', 'LMSInitialize'],
    ['scorm2004', '2004', 'Bien utiliser un tableur', 'res/index.html', 'API_1484_11'],
  ] as const)('%s: SCORM %s « %s », launched from %s, with a root index.html that is not the launch file', async (name, version, title, launch, api) => {
    const path = await writeScormPackage(name, join(tmp, `${name}.zip`));
    expect(await inspectScormZip(path)).toEqual({ version, title, launch, items: [{ identifier: expect.any(String), title, launch, visible: true }] });
    const dest = join(tmp, name);
    await extractScormZip(path, dest);
    expect(await readdir(dest)).toContain('index.html');
    expect(await readFile(join(dest, 'index.html'), 'utf8')).not.toMatch(/LMSInitialize|API_1484_11/);
    const page = await readFile(join(dest, launch), 'utf8');
    expect(page).toContain(api);
    expect(page).toContain('Module hors plateforme');
    expect(page).toMatch(/<html lang="fr">/);
    expect(page).not.toMatch(/\b(?:src|href)="(?:https?:)?\/\//);
  });

  it('gives the same bytes for the same sources', async () => {
    expect((await buildScormPackage('scorm12')).equals(await buildScormPackage('scorm12'))).toBe(true);
  });
});
