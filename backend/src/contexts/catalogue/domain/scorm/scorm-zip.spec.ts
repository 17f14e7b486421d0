import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SCORM_LIMITS, extractScormZip, inspectScormZip, type ScormLimits } from './scorm-zip.js';
import { InvalidScormPackageError, NOT_A_ZIP_MESSAGE } from './scorm.errors.js';
import { buildZip, patchCentralEntry, renameEntry, writeZip, type ZipEntrySpec } from './testing/zip-builder.js';

const manifestFor = (href: string) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>Cours de test</title>
    <item identifier="i" identifierref="r"><title>Module</title></item>
  </organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="${href}"/></resources>
</manifest>`;

/** A Storyline-like export: launches index_lms.html, and also holds an index.html that is not the launch file. */
const storyline = (extra: ZipEntrySpec[] = []): ZipEntrySpec[] => [
  { name: 'imsmanifest.xml', content: manifestFor('index_lms.html') },
  { name: 'index_lms.html', content: '<p>lancement</p>' },
  { name: 'index.html', content: '<p>pas suivi</p>' },
  { name: 'story_content/', directory: true },
  { name: 'story_content/data.js', content: 'var data = 1;' },
  ...extra,
];

let tmp: string;
let n = 0;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'scorm-zip-spec-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});
const zipFile = (zip: Buffer | ZipEntrySpec[]) => writeZip(tmp, `p${++n}.zip`, zip);
const freshDest = () => join(tmp, `dest-${++n}`);

async function refusedBy(run: () => Promise<unknown>): Promise<string> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidScormPackageError);
  expect((error as InvalidScormPackageError).field).toBe('scorm_file');
  return (error as Error).message;
}

describe('inspectScormZip and extractScormZip: a real package', () => {
  it('finds the launch file in the manifest, not index.html, and extracts every file', async () => {
    const path = await zipFile(storyline());
    const inspected = await inspectScormZip(path);
    expect(inspected).toMatchObject({ version: '1.2', title: 'Cours de test', launch: 'index_lms.html' });
    const dest = freshDest();
    expect(await extractScormZip(path, dest)).toEqual(inspected);
    expect((await readdir(dest, { recursive: true })).sort()).toEqual(['imsmanifest.xml', 'index.html', 'index_lms.html', 'story_content', 'story_content/data.js']);
    expect(await readFile(join(dest, 'story_content/data.js'), 'utf8')).toBe('var data = 1;');
  });

  it('writes nothing when it only inspects', async () => {
    const before = await readdir(tmp);
    await inspectScormZip(await zipFile(storyline()));
    expect((await readdir(tmp)).length).toBe(before.length + 1);
  });

  it('reads Windows separators as folders, and mends a launch file that differs by case only', async () => {
    const zip = renameEntry(
      await buildZip([
        { name: 'imsmanifest.xml', content: manifestFor('Res/Index.html?lang=fr') },
        { name: 'res/index.html', content: 'ok' },
        { name: 'res/img/a.png', content: 'png' },
      ]),
      'res/img/a.png',
      'res\\img\\a.png',
    );
    const path = await zipFile(zip);
    expect((await inspectScormZip(path)).launch).toBe('res/index.html?lang=fr');
    const dest = freshDest();
    await extractScormZip(path, dest);
    expect(await readFile(join(dest, 'res/img/a.png'), 'utf8')).toBe('png');
  });

  it('accepts a launch file name with a space, written %20 in the manifest', async () => {
    const path = await zipFile([
      { name: 'imsmanifest.xml', content: manifestFor('./my%20course/start page.html') },
      { name: 'my course/start page.html', content: 'ok' },
    ]);
    expect((await inspectScormZip(path)).launch).toBe('my course/start page.html');
  });

  it('refuses to extract into a folder that is not empty, and leaves it alone', async () => {
    const dest = freshDest();
    await mkdir(dest);
    await writeFile(join(dest, 'keep.txt'), 'à garder');
    await expect(extractScormZip(await zipFile(storyline()), dest)).rejects.toThrow("n'est pas vide");
    expect(await readFile(join(dest, 'keep.txt'), 'utf8')).toBe('à garder');
  });
});

/** The case, the archive, the refusal, the limits (every row has the four: Jest would take a missing last one for `done`). */
type Hostile = [string, () => Promise<Buffer>, RegExp, Partial<ScormLimits>];

const hostile: Hostile[] = [
  ['an entry that climbs out with ../', async () => renameEntry(await buildZip(storyline([{ name: 'xx/evil.html', content: 'x' }])), 'xx/evil.html', '../evil.html'), /« \.\.\/evil\.html » remonte hors du dossier du paquet/, {}],
  ['a backslash climb ..\\', async () => renameEntry(await buildZip(storyline([{ name: 'xx/evil.html', content: 'x' }])), 'xx/evil.html', '..\\evil.html'), /remonte hors du dossier/, {}],
  ['an absolute path /etc/passwd', async () => renameEntry(await buildZip(storyline([{ name: 'xetc/passwd', content: 'x' }])), 'xetc/passwd', '/etc/passwd'), /« \/etc\/passwd » est un chemin absolu/, {}],
  ['a drive letter C:', async () => renameEntry(await buildZip(storyline([{ name: 'xxevil.html', content: 'x' }])), 'xxevil.html', 'C:evil.html'), /chemin absolu/, {}],
  ['a symbolic link', () => buildZip(storyline([{ name: 'story_content/link', content: '/etc/passwd', mode: 0o120777 }])), /« story_content\/link » est un lien symbolique/, {}],
  ['an encrypted entry', async () => patchCentralEntry(await buildZip(storyline()), 'story_content/data.js', { flags: 0x0001 }), /« story_content\/data\.js » est chiffré/, {}],
  ['20,000 entries', () => buildZip(Array.from({ length: 20_000 }, (_, i) => ({ name: `f${i}`, compress: false }))), /l'archive contient 20\s000 fichiers et dossiers, 10\s000 au plus/, {}],
  ['more entries than the limit', () => buildZip(storyline(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, content: 'x' })))), /25 fichiers et dossiers, 10 au plus/, { maxEntries: 10 }],
  ['more bytes than the limit', () => buildZip(storyline([{ name: 'video.mp4', content: Buffer.alloc(3000, 7) }])), /une fois décompressé, il dépasserait 2 Ko/, { maxUncompressedBytes: 2048 }],
  ['a zip bomb (5 MB of zeros)', () => buildZip(storyline([{ name: 'bomb.bin', content: Buffer.alloc(5 * 1024 ** 2) }])), /« bomb\.bin » se décompresse plus de 100 fois plus gros.*bombe ZIP/, {}],
  ['a manifest over its limit', () => buildZip(storyline()), /imsmanifest\.xml dépasse 100 octets/, { maxManifestBytes: 100 }],
  ['a manifest only in a sub-folder', () => buildZip([{ name: 'cours/imsmanifest.xml', content: manifestFor('index.html') }, { name: 'cours/index.html', content: 'x' }]), /imsmanifest\.xml n'est pas à la racine de l'archive mais dans le dossier « cours\/ »/, {}],
  ['no manifest at all', () => buildZip([{ name: 'test.htm', content: '' }]), /ne contient pas de fichier imsmanifest\.xml à sa racine/, {}],
  ['a manifest that cannot be read', () => buildZip([{ name: 'imsmanifest.xml', content: '<?xml version="1.0" encoding="UTF-8"?>\n' }]), /imsmanifest\.xml ne contient pas d'élément <manifest>/, {}],
  ['a launch file missing from the archive', () => buildZip([{ name: 'imsmanifest.xml', content: manifestFor('index_lms.html') }, { name: 'index.html', content: 'x' }]), /le fichier de lancement « index_lms\.html » indiqué par imsmanifest\.xml est absent/, {}],
  ['the same file twice', () => buildZip(storyline([{ name: 'story_content/data.js', content: 'bis' }])), /« story_content\/data\.js » figure deux fois/, {}],
  ['a name that is both a file and a folder', () => buildZip(storyline([{ name: 'index.html/x.js', content: 'x' }])), /« index\.html » est à la fois un fichier et un dossier/, {}],
];

describe('inspectScormZip and extractScormZip: hostile archives are refused and nothing is written', () => {
  it.each(hostile)('%s', async (_case, build, message, limits) => {
    const path = await zipFile(await build());
    const all = { ...DEFAULT_SCORM_LIMITS, ...limits };
    expect(await refusedBy(() => inspectScormZip(path, all))).toMatch(/^Le paquet SCORM est invalide : /);
    const dest = freshDest();
    expect(await refusedBy(() => extractScormZip(path, dest, all))).toMatch(message);
    expect(existsSync(dest)).toBe(false);
    expect(existsSync(join(tmp, 'evil.html'))).toBe(false);
  });

  it.each([
    ['bytes that are not a zip', Buffer.from('%PDF-1.7 ceci est un PDF')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as not a zip', async (_case, bytes) => {
    const path = await zipFile(bytes);
    expect(await refusedBy(() => inspectScormZip(path))).toBe(NOT_A_ZIP_MESSAGE);
    const dest = freshDest();
    expect(await refusedBy(() => extractScormZip(path, dest))).toBe(NOT_A_ZIP_MESSAGE);
    expect(existsSync(dest)).toBe(false);
  });

  it('refuses, while extracting, an entry whose header lies about its size, and removes what was written', async () => {
    const honest = await buildZip(storyline([{ name: 'zz_big.js', content: Buffer.alloc(200_000, 'a') }]));
    const path = await zipFile(patchCentralEntry(honest, 'zz_big.js', { uncompressedSize: 10 }));
    // The central directory alone looks harmless: only the bytes actually inflated tell.
    await expect(inspectScormZip(path)).resolves.toMatchObject({ launch: 'index_lms.html' });
    const dest = freshDest();
    expect(await refusedBy(() => extractScormZip(path, dest))).toBe(
      "Le paquet SCORM est invalide : « zz_big.js » contient plus de données que l'archive n'en annonce : elle a été falsifiée.",
    );
    expect(existsSync(dest)).toBe(false);
  });

  it('refuses, while extracting, an entry shorter than its header says', async () => {
    const honest = await buildZip(storyline([{ name: 'a.bin', content: Buffer.alloc(3000, 1) }]));
    const path = await zipFile(patchCentralEntry(honest, 'a.bin', { uncompressedSize: 4000 }));
    await expect(inspectScormZip(path)).resolves.toBeDefined();
    const dest = freshDest();
    expect(await refusedBy(() => extractScormZip(path, dest))).toBe('Le paquet SCORM est invalide : « a.bin » est tronqué dans l\'archive.');
    expect(existsSync(dest)).toBe(false);
  });
});
