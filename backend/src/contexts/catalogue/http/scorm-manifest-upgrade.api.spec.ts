// A SCORM package imported before the manifest said which items are assets and what their run-time
// is given (issue 23) is completed from its own imsmanifest.xml after the migrations, once.
import { Database } from '../../../platform/database/database.js';
import { MediaStorage } from '../../../platform/storage/media-storage.js';
import { call, givenCourse, givenTeacher } from '../../../testing/fixtures.js';
import { scormPackage } from '../../../testing/scorm-packages.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { ScormManifestUpgrade } from '../application/scorm-manifest-upgrade.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
});

it('completes a stored manifest without asset flags nor mastery score from the package, and only once', async () => {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  const form = new FormData();
  for (const [name, value] of Object.entries({ title: 'Module', content_type: 'scorm', duration: '600' })) form.append(name, value);
  const zip = await scormPackage('1.2', [{ id: 'a', extra: '<adlcp:masteryscore>60</adlcp:masteryscore>' }, { id: 'doc', asset: true }]);
  form.append('scorm_file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'module.zip');
  const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, form);
  expect(added.statusCode).toBe(201);
  const chapter = added.json().id as number;
  // As an older import stored it: no reading, no asset flag, no mastery score.
  await db.query(
    `update catalogue.chapter set scorm_manifest = jsonb_set(scorm_manifest - 'reading', '{items}',
       (select jsonb_agg(i - 'asset' - 'masteryScore') from jsonb_array_elements(scorm_manifest->'items') i)) where id = $1`,
    [chapter],
  );
  const parts = async () => (await call(t, 'GET', `/api/chapter/${chapter}/`, teacher.token)).json().scorm_items as { identifier: string; mastery_score: number | null }[];
  expect((await parts()).map((i) => i.identifier)).toEqual(['a', 'doc']);
  // (Another test app starting meanwhile may run it first: the outcome is what counts.)
  await t.app.get(ScormManifestUpgrade).run();
  expect(await parts()).toEqual([expect.objectContaining({ identifier: 'a', mastery_score: 60 })]);
  const [outline] = await db.query<{ items: unknown[]; reading: string }>(`select scorm_manifest->'items' as items, scorm_manifest->>'reading' as reading from catalogue.chapter where id = $1`, [chapter]);
  expect(outline!.reading).toBe('2');
  expect(await t.app.get(ScormManifestUpgrade).run()).toBe(0);
});

it('leaves alone a package another node replaced between the reading and the write (docs/adr/0059)', async () => {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  const form = new FormData();
  for (const [name, value] of Object.entries({ title: 'Module remplacé', content_type: 'scorm', duration: '600' })) form.append(name, value);
  const zip = await scormPackage('1.2', [{ id: 'ancien', extra: '<adlcp:masteryscore>60</adlcp:masteryscore>' }]);
  form.append('scorm_file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'module.zip');
  const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, form);
  expect(added.statusCode).toBe(201);
  const chapter = added.json().id as number;
  await db.query(`update catalogue.chapter set scorm_manifest = scorm_manifest - 'reading' where id = $1`, [chapter]);
  const [stored] = await db.query<{ scorm_path: string; manifest: Record<string, unknown> }>(`select scorm_path, scorm_manifest as manifest from catalogue.chapter where id = $1`, [chapter]);
  // The other node's replacement: a new package (its own folder and manifest) lands just after this node read the old one.
  const replacement = { ...stored!.manifest, items: [{ identifier: 'nouveau' }], reading: 2 };
  let replaced = false;
  const racing = {
    query: async (sql: string, params?: unknown[]) => {
      const rows = await db.query(sql, params);
      if (!replaced && sql.includes('scorm_manifest as manifest')) {
        replaced = true;
        await db.query(`update catalogue.chapter set scorm_path = $2, scorm_manifest = $3::jsonb where id = $1`, [chapter, `${stored!.scorm_path}-nouveau`, JSON.stringify(replacement)]);
      }
      return rows;
    },
  } as unknown as Database;
  await new ScormManifestUpgrade(racing, t.app.get(MediaStorage)).run();
  expect(replaced).toBe(true);
  const [after] = await db.query<{ scorm_path: string; manifest: unknown }>(`select scorm_path, scorm_manifest as manifest from catalogue.chapter where id = $1`, [chapter]);
  expect(after).toEqual({ scorm_path: `${stored!.scorm_path}-nouveau`, manifest: replacement });
});
