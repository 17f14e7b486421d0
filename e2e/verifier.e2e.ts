import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Request } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// The public verification page (issue 27 item 5, ADR 0040): a demo certificate's code checked
// without login (typed, and from the address its QR code encodes); a real dossier downloaded from
// the app dropped on the page and found « conforme », then the same ZIP with one file altered, the
// altered file named « modifié » — and nothing of the dossier sent over the network.

test.beforeEach(async ({ context }) => watchCspViolations(context));

async function courseId(request: APIRequestContext, title: string): Promise<number> {
  for (let next: string | null = '/api/course/?page=1'; next; ) {
    const page = (await (await request.get(next)).json()) as { results: { id: number; title: string }[]; next: string | null };
    const course = page.results.find((c) => c.title === title);
    if (course) return course.id;
    next = page.next;
  }
  throw new Error(`no course ${title}`);
}

/** Léa's certificat de réalisation of « Piloter un projet avec la méthode agile » (backend/src/demo/demo-documents.ts), read as Léa. */
async function leaCertificateCode(request: APIRequestContext): Promise<string> {
  const { headers } = await apiLogin(request, 'student');
  const id = await courseId(request, 'Piloter un projet avec la méthode agile');
  const documents = (await (await request.get(`/api/evidence/me/courses/${id}/documents/`, { headers })).json()) as { kind: string; verification_code: string }[];
  const certificate = documents.find((d) => d.kind === 'certificat_realisation');
  expect(certificate, 'Léa’s demo certificate').toBeTruthy();
  return certificate!.verification_code;
}

test('a certificate’s code is checked without login: initials, course and dates only', async ({ page, request }) => {
  test.setTimeout(120_000);
  const code = await leaCertificateCode(request);
  await page.goto('/verifier');
  await expect(page.getByRole('heading', { level: 1, name: 'Vérifier un document ou un dossier de preuves' })).toBeVisible();
  await page.getByLabel('Code de vérification').fill(code.match(/.{4}/g)!.join('-'));
  await page.getByRole('button', { name: 'Vérifier le code' }).click();
  const result = page.getByTestId('code-result');
  await expect(result).toContainText('Document valide');
  await expect(result).toContainText('Certificat de réalisation');
  await expect(result).toContainText('Piloter un projet avec la méthode agile');
  await expect(result).toContainText('L. D.');
  await expect(result).not.toContainText('Dubois');
  await expect(result).not.toContainText('Léa');
  await page.screenshot({ path: 'test-results/verifier-code-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // What the document's QR code encodes lands on the page with the code filled in and checked.
  await page.goto(`/verification/${code}`);
  await expect(page.getByLabel('Code de vérification')).toHaveValue(code);
  await expect(page.getByTestId('code-result')).toContainText('Document valide');

  await page.goto('/verifier');
  await page.getByLabel('Code de vérification').fill('AAAA-BBBB-CCCC');
  await page.getByRole('button', { name: 'Vérifier le code' }).click();
  await expect(page.getByTestId('code-result')).toContainText('Code inconnu');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/verifier-code-390.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
});

test('a dossier downloaded from the app is checked in the browser, and an altered file is named', async ({ page, request }) => {
  test.setTimeout(180_000);
  const id = await courseId(request, 'Modèles de documents Word et Excel');
  await loginAs(page, 'trainer');
  await page.goto(`/enrolled-students/${id}`);
  await page.getByRole('link', { name: `Relevé de formation de ${DEMO.student.name}` }).click();
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('dossier-button').click()]);
  const zip = await readFile((await file.path())!);

  await page.goto('/verifier');
  await expect(page.getByRole('heading', { level: 2, name: 'Vérifier un dossier de preuves' })).toBeVisible();
  // From here on, every request the page makes is watched: the dossier must not leave the browser.
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  const input = page.locator('.ant-upload input[type=file]');
  await input.setInputFiles({ name: 'dossier.zip', mimeType: 'application/zip', buffer: zip });
  const result = page.getByTestId('dossier-result');
  await expect(result).toContainText(/Dossier conforme : les \d+ fichiers correspondent exactement au manifeste\./, { timeout: 60_000 });
  await expect(page.getByTestId('ledger-section')).toContainText('Cette partie demande le registre du centre');
  await expect(result).toContainText('Ce que la chaîne couvre');
  await page.screenshot({ path: 'test-results/verifier-dossier-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // The same dossier with its beats altered (one byte of a value), and a file added.
  const entries = unzipSync(new Uint8Array(zip));
  const beats = new TextDecoder().decode(entries['donnees/signaux-de-presence.json']);
  entries['donnees/signaux-de-presence.json'] = strToU8(beats.includes('"visible":true') ? beats.replace('"visible":true', '"visible":false') : `${beats} `);
  entries['a-lire.txt'] = strToU8('ajouté');
  await input.setInputFiles({ name: 'dossier-modifie.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(entries)) });
  await expect(result).toContainText(/Dossier NON conforme : 2 fichier\(s\) diffèrent du manifeste\./, { timeout: 60_000 });
  const altered = result.getByRole('row').filter({ hasText: 'donnees/signaux-de-presence.json' });
  await expect(altered).toContainText('modifié');
  await expect(altered).toContainText('SHA-256 attendu');
  await expect(result.getByRole('row').filter({ hasText: 'a-lire.txt' })).toContainText('en trop');
  await expect(result.getByRole('row').filter({ hasText: 'donnees/evenements.json' })).toContainText('conforme');

  // Nothing was uploaded: no request carried a body, none went to the API.
  expect(requests.filter((r) => r.method() !== 'GET' || r.postDataBuffer() !== null || new URL(r.url()).pathname.startsWith('/api/')).map((r) => `${r.method()} ${r.url()}`)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/verifier-dossier-390.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
});
