import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiLogin, expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

const LOGO = join(__dirname, '..', 'backend', 'src', 'demo', 'assets', 'centre', 'logo.png');

// « Paramètres du centre » (issue 26 item 2, ADR 0032): an admin completes the centre's identity and
// sees « Ce qui manque encore sur les documents » shrink to nothing. The demo centre is complete:
// the journey first takes out its NDA, its « Fait à » and its logo beside the page, and puts the
// demo's values back afterwards whatever happened (other journeys print the centre).
let saved: { nda: string | null; lieu: string | null; logo: boolean } | null = null;
test.afterEach(async ({ request }) => {
  if (!saved) return;
  const admin = await apiLogin(request, 'admin');
  await request.put('/api/admin/centre/', { headers: admin.headers, data: { nda: saved.nda, lieu: saved.lieu } });
  if (saved.logo) {
    await request.put('/api/admin/centre/images/logo/', {
      headers: admin.headers,
      multipart: { image: { name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(LOGO) } },
    });
  }
  saved = null;
});

test('an admin completes the centre’s identity and the missing list shrinks', async ({ page, request, context }) => {
  await watchCspViolations(context);
  const admin = await apiLogin(request, 'admin');
  const before = await (await request.get('/api/admin/centre/', { headers: admin.headers })).json();
  saved = { nda: before.nda, lieu: before.lieu, logo: before.logo !== null };
  await request.put('/api/admin/centre/', { headers: admin.headers, data: { nda: null, lieu: '' } });
  await request.delete('/api/admin/centre/images/logo/', { headers: admin.headers });

  await loginAs(page, 'admin');
  await page.getByRole('link', { name: 'Paramètres du centre' }).click();
  await expect(page.getByRole('heading', { name: 'Paramètres du centre', level: 1 })).toBeVisible();
  const missing = page.getByTestId('centre-missing');
  await expect(missing.getByRole('listitem')).toHaveText(['Le numéro de déclaration d’activité', 'Le lieu du « Fait à … »', 'Le logo']);
  await expect(page.getByLabel('Nom du centre (raison sociale)')).toHaveValue(before.nom);

  // A wrong NDA is refused in French and changes nothing.
  await page.getByLabel('Numéro de déclaration d’activité (NDA)').fill('8469 1234');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le numéro de déclaration d’activité doit comporter exactement 11 chiffres.')).toBeVisible();
  await expect(missing.getByRole('listitem')).toHaveCount(3);

  await page.getByLabel('Numéro de déclaration d’activité (NDA)').fill('84 69 12345 69');
  await page.getByLabel('Lieu du « Fait à … »').fill('Lyon');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(missing.getByRole('listitem')).toHaveText(['Le logo']);
  await expect(page.getByLabel('Numéro de déclaration d’activité (NDA)')).toHaveValue('84691234569');

  // The logo, by file: previewed, and nothing is missing any more.
  await page.getByTestId('centre-image-logo').locator('input[type=file]').setInputFiles(LOGO);
  await expect(missing).toContainText('Rien ne manque : les documents peuvent être établis.');
  await expect(page.getByRole('img', { name: 'Aperçu : logo du centre' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Aperçu : signature ou cachet' })).toBeVisible();
  saved = null;

  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: join(__dirname, '..', 'test-results', 'centre-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Paramètres du centre', level: 1 })).toBeVisible();
  await page.screenshot({ path: join(__dirname, '..', 'test-results', 'centre-390.png'), fullPage: true });
});
