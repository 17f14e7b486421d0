import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiLogin, expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

const LOGO = join(__dirname, '..', 'backend', 'src', 'demo', 'assets', 'centre', 'logo.png');
const SHOTS = join(__dirname, '..', 'test-results');
const NAME = 'Horizon Compétences Lyon';

// The centre's face (issue 29 item 8, docs/adr/0049): an admin names the centre, sets its logo and
// completes its accessibility statement; a visitor then sees the name in the header and the title,
// « Accessibilité : … conforme » in the footer, and the statement. The demo centre's values are put
// back afterwards whatever happened (other journeys read the demo centre's name).
let saved: { nom: string | null; criteres_conformes: number | null; non_conformites: string | null } | null = null;
test.afterEach(async ({ request }) => {
  if (!saved) return;
  const admin = await apiLogin(request, 'admin');
  await request.put('/api/admin/centre/', { headers: admin.headers, data: { nom: saved.nom } });
  await request.put('/api/admin/centre/accessibility/', { headers: admin.headers, data: { criteres_conformes: saved.criteres_conformes, non_conformites: saved.non_conformites } });
  saved = null;
});

test('an admin sets the centre’s name, logo and statement; a visitor sees them on every page', async ({ page, browser, request, context }) => {
  test.setTimeout(240_000);
  await watchCspViolations(context);
  const admin = await apiLogin(request, 'admin');
  const identity = await (await request.get('/api/admin/centre/', { headers: admin.headers })).json();
  const statement = await (await request.get('/api/admin/centre/accessibility/', { headers: admin.headers })).json();
  saved = { nom: identity.nom, criteres_conformes: statement.criteres_conformes, non_conformites: statement.non_conformites };

  // The name and the logo, in « Paramètres du centre »: the header follows at once.
  await loginAs(page, 'admin');
  await page.getByRole('link', { name: 'Paramètres du centre' }).click();
  await expect(page.getByRole('heading', { name: 'Paramètres du centre', level: 1 })).toBeVisible();
  await page.getByLabel('Nom du centre (raison sociale)').fill(NAME);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  const brand = page.locator('header.navbar').getByRole('link', { name: NAME });
  await expect(brand).toBeVisible();
  await expect(page).toHaveTitle(`${NAME} | Paramètres du centre`);
  await page.getByTestId('centre-image-logo').locator('input[type=file]').setInputFiles(LOGO);
  await expect(brand.locator('img')).toBeVisible();

  // The statement: a refusal in French, then 45 of the 52 criteria met and one more non-conformity.
  await page.getByRole('link', { name: 'Déclaration d’accessibilité' }).first().click();
  await expect(page.getByRole('heading', { name: 'Déclaration d’accessibilité', level: 1 })).toBeVisible();
  await expect(page.getByTestId('accessibility-current-status')).toContainText('Statut publié : partiellement conforme');
  await page.getByLabel('Nombre de critères respectés').fill('60');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le nombre de critères respectés ne peut pas dépasser le nombre de critères applicables.')).toBeVisible();
  await page.getByLabel('Nombre de critères respectés').fill('45');
  const nonConformities = page.getByLabel('Non-conformités (une par ligne)');
  await nonConformities.fill(`${await nonConformities.inputValue()}\nCritère 8.5 : le titre de la page d’un quiz ne reprend pas le nom du quiz.`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByTestId('accessibility-current-status')).toHaveText(/Statut publié : partiellement conforme \(86,5\s% des critères respectés\)/);
  await expect(page.getByText('Le nombre de critères respectés ne peut pas dépasser le nombre de critères applicables.')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: join(SHOTS, 'centre-face-admin-1280.png'), fullPage: true });

  // A visitor, in a browser of their own: the name in the header and the title from the first paint, the footer's status.
  const visitor = await browser.newContext();
  await watchCspViolations(visitor);
  const home = await visitor.newPage();
  await home.goto('/');
  await expect(home).toHaveTitle(new RegExp(`^${NAME} \\| `));
  const visitorBrand = home.locator('header.navbar').getByRole('link', { name: NAME });
  await expect(visitorBrand).toBeVisible();
  await expect(visitorBrand.locator('img')).toHaveAttribute('src', /^\/api\/centre\/logo\/\?v=[0-9a-f]{64}$/);
  const footerLink = home.getByRole('contentinfo').getByRole('link', { name: 'Accessibilité : partiellement conforme' });
  await expect(footerLink).toBeVisible();
  await footerLink.click();
  await expect(home).toHaveURL(/\/accessibilite$/);
  await expect(home.getByRole('heading', { name: 'Déclaration d’accessibilité', level: 1 })).toBeVisible();
  await expect(home).toHaveTitle(`${NAME} | Déclaration d’accessibilité`);
  const text = home.getByTestId('accessibility-statement');
  await expect(text.getByTestId('accessibility-status')).toHaveText('Statut : partiellement conforme');
  await expect(text).toContainText(`${NAME} s’engage à rendre ses services en ligne accessibles`);
  await expect(text).toContainText(/révèle que 86,5\s% des critères du RGAA version 4\.1\.2 sont respectés/);
  await expect(text).toContainText('Critères applicables : 52 ; critères respectés : 45.');
  await expect(text.getByText('Critère 8.5 : le titre de la page d’un quiz ne reprend pas le nom du quiz.')).toBeVisible();
  await expect(text.getByRole('heading', { name: 'Voies de recours' })).toBeVisible();
  await expect(text).toContainText('Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07');
  await expectNoSeriousA11yViolations(home);
  await home.screenshot({ path: join(SHOTS, 'centre-face-statement-1280.png'), fullPage: true });
  await home.setViewportSize({ width: 390, height: 844 });
  await expect(home.getByRole('heading', { name: 'Déclaration d’accessibilité', level: 1 })).toBeVisible();
  await home.screenshot({ path: join(SHOTS, 'centre-face-statement-390.png'), fullPage: true });
  await home.goto('/');
  await expect(home.locator('header.navbar').getByRole('link', { name: NAME })).toBeVisible();
  await home.screenshot({ path: join(SHOTS, 'centre-face-home-390.png') });
  await visitor.close();
});
