import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// Engagement alerts (issue 29 item 5, ADR 0053). In the demo centre, Nadia (inactive on the pivot
// tables) and Karim (never started it) were reminded by the daily job three days ago: the admin
// lists them, changes a setting, sends Karim « Relancer maintenant » and sees it listed.
test.beforeEach(async ({ context }) => watchCspViolations(context));

test('an admin lists the alerts, changes a setting, reminds a learner by hand and sees the reminder', async ({ page }) => {
  test.info().setTimeout(180_000);
  await loginAs(page, 'admin');
  await page.getByRole('link', { name: 'Alertes d’assiduité' }).first().click();
  await expect(page).toHaveURL(/\/admin-alertes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alertes d’assiduité' })).toBeVisible();
  const karim = page.getByRole('row').filter({ hasText: 'Karim Haddad' });
  const nadia = page.getByRole('row').filter({ hasText: 'Nadia Benali' });
  await expect(karim.getByText('Non commencé')).toBeVisible();
  await expect(karim.getByText(/^1re relance le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(nadia.getByText('Inactif')).toBeVisible();
  await expect(nadia.getByText(/^Aucune activité depuis \d+ jours \(progression \d+ %\)$/)).toBeVisible();
  await expect(nadia.getByRole('link', { name: 'Relevé de Nadia Benali' })).toHaveAttribute('href', /\/admin-student-detail\/\d+\/releve\/\d+$/);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/engagement-alerts-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/engagement-alerts-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A filter by kind asks the server.
  await page.getByLabel('Type d’alerte').click();
  await page.getByTitle('Inactif').click();
  await expect(nadia).toBeVisible();
  await expect(karim).toHaveCount(0);
  await page.getByLabel('Type d’alerte').click();
  await page.getByTitle('Non commencé').click();
  await expect(karim).toBeVisible();

  // The settings: 10 days without activity (Nadia, 12 days, stays in alert).
  await page.getByText('Réglages', { exact: true }).click();
  const inactiveDays = page.getByLabel('Jours sans activité');
  await expect(inactiveDays).toHaveValue('7');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/engagement-settings-1280.png', fullPage: true });
  await inactiveDays.fill('10');
  await page.getByRole('button', { name: 'Enregistrer les réglages' }).click();
  await expect(page.getByText('Réglages enregistrés.')).toBeVisible();
  await expect(page.getByText(/^Dernière modification : /)).toBeVisible();

  // « Relancer maintenant »: the reminder is recorded and listed at once.
  await page.getByText('Apprenants en alerte', { exact: true }).click();
  await page.getByRole('button', { name: 'Relancer maintenant Karim Haddad' }).click();
  await expect(page.getByText('Karim Haddad a été relancé(e) (2e relance).')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Karim Haddad' }).getByText(/^2e relance le .* \(à la main\)$/)).toBeVisible();
  await page.getByText('Relances envoyées', { exact: true }).click();
  const sent = page.getByRole('row').filter({ hasText: 'Karim Haddad' }).filter({ hasText: 'À la main' });
  await expect(sent).toHaveCount(1);
  await expect(sent.getByText('Non', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/engagement-reminders-390.png', fullPage: true });
});
