import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import yauzl from 'yauzl';
import { DEMO, expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// The dossier de preuves (issue 26 items 7–8, ADR 0036): an admin asks for the dossiers of every
// learner of a course from its page, follows the progress bar and downloads the ZIP, which opens as
// a ZIP with a manifest and a folder per learner; the course's trainer downloads one learner's from
// the transcript.

test.beforeEach(async ({ context }) => watchCspViolations(context));

/** Léa follows Claire's templates course in the demo (backend/src/demo/demo-data.ts). */
const COURSE = 'Modèles de documents Word et Excel';

async function courseId(request: APIRequestContext, title: string): Promise<number> {
  for (let next: string | null = '/api/course/?page=1'; next; ) {
    const page = (await (await request.get(next)).json()) as { results: { id: number; title: string }[]; next: string | null };
    const course = page.results.find((c) => c.title === title);
    if (course) return course.id;
    next = page.next;
  }
  throw new Error(`no course ${title}`);
}

/** The names of a ZIP's entries, and one entry's text. */
function readZip(bytes: Buffer, wanted: string): Promise<{ names: string[]; text: string | null }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      let text: string | null = null;
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (entry.fileName !== wanted) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            text = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve({ names, text }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('an admin downloads the dossiers of every learner of a course, following the progress', async ({ page, request }) => {
  test.setTimeout(180_000);
  const id = await courseId(request, COURSE);
  await loginAs(page, 'admin');
  await page.goto(`/admin-course-detail/${id}`);
  await page.getByTestId('course-dossiers-link').click();
  await expect(page).toHaveURL(new RegExp(`/admin-course-detail/${id}/dossiers$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Dossiers de preuves' })).toBeVisible();
  await page.getByRole('radio', { name: 'Tous les apprenants du cours' }).check();
  await page.getByTestId('dossier-batch-start').click();
  const progress = page.getByTestId('dossier-batch-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: 'Avancement de la génération' })).toBeVisible();
  const download = page.getByTestId('dossier-batch-download');
  await expect(download).toBeVisible({ timeout: 150_000 });
  await expect(progress).toContainText('Le ZIP est prêt.');
  await page.screenshot({ path: 'test-results/dossier-batch-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Through a signed link the browser opens itself (its download manager saves and resumes it).
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.url()).toMatch(/\/api\/evidence\/dossiers\/\d+\/file\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^dossier-de-preuves-cours-${id}-lot-.*\\.zip$`));
  const zip = await readZip(await readFile((await file.path())!), 'manifest.json');
  const manifest = JSON.parse(zip.text!) as { format: string; course_id: number; learners: { manifest: string }[] };
  expect(manifest).toMatchObject({ format: 'dossier-de-preuves-lot', course_id: id });
  expect(manifest.learners.length).toBeGreaterThan(0);
  for (const learner of manifest.learners) {
    const folder = learner.manifest.replace('manifest.json', '');
    expect(zip.names).toEqual(expect.arrayContaining([learner.manifest, `${folder}releve-de-formation.pdf`, `${folder}releve-de-formation.xlsx`, `${folder}donnees/evenements.json`]));
  }
  await expect(page.getByText(/Téléchargement du dossier lancé/)).toBeVisible();
  // The link needs no session token and resumes: a range past the start answers 206 with the rest of the same file.
  const bytes = await readFile((await file.path())!);
  const etag = (await request.head(file.url())).headers().etag!;
  const resumed = await request.get(file.url(), { headers: { range: 'bytes=100-', 'if-range': etag } });
  expect(resumed.status()).toBe(206);
  expect(Buffer.concat([bytes.subarray(0, 100), await resumed.body()]).equals(bytes)).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/dossier-batch-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('the course’s trainer downloads a learner’s dossier from the transcript', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = await courseId(request, COURSE);
  await loginAs(page, 'trainer');
  await page.goto(`/enrolled-students/${id}`);
  await page.getByRole('link', { name: `Relevé de formation de ${DEMO.student.name}` }).click();
  const button = page.getByTestId('dossier-button');
  await expect(button).toBeVisible();
  await page.screenshot({ path: 'test-results/dossier-transcript-1280.png' });
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^dossier-de-preuves-cours-${id}-apprenant-\\d+-.*\\.zip$`));
  const zip = await readZip(await readFile((await file.path())!), 'manifest.json');
  expect(zip.names).toEqual(expect.arrayContaining(['manifest.json', 'releve-de-formation.pdf', 'releve-de-formation.xlsx', 'donnees/evenements.json', 'donnees/signaux-de-presence.json', 'donnees/enregistrements-scorm.json']));
  expect(JSON.parse(zip.text!)).toMatchObject({ format: 'dossier-de-preuves', course_id: id });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/dossier-transcript-390.png', fullPage: true });
});
