import { expect, test } from '@playwright/test';
import { choose, expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// Training sessions and EDOF deadlines (issue 29 item 2, ADR 0050). The demo's September intake of
// the templates course has Léa funded by her CPF, her entry and exit never noted as declared: the
// admin sees both « En retard » with their deadline in French working days, notes the entry as
// declared today (« Déclarée en retard », the server's day), then programmes a new session.
test.beforeEach(async ({ context }) => watchCspViolations(context));

test('an admin reads a session’s EDOF deadlines, notes a declaration, and programmes a session', async ({ page }) => {
  test.info().setTimeout(180_000);
  await loginAs(page, 'admin');
  await page.getByRole('link', { name: 'Sessions de formation' }).first().click();
  await expect(page).toHaveURL(/\/admin-sessions$/);
  const september = page.getByRole('link', { name: 'Rentrée de septembre 2026 — groupe du mardi' });
  await expect(september).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await september.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rentrée de septembre 2026 — groupe du mardi' })).toBeVisible();
  await expect(page.getByText('Modèles de documents Word et Excel · du 07/09/2026 au 30/10/2026')).toBeVisible();
  const lea = page.getByRole('row').filter({ hasText: 'Léa Dubois' });
  await expect(lea.getByText('En retard')).toHaveCount(2);
  await expect(lea.getByText('Échéance : 10/09/2026')).toBeVisible();
  await expect(lea.getByText('Échéance : 04/11/2026')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Inès Moreau' }).getByText('Hors CPF')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  // For a person to look at (test-results/ is not kept in git).
  await page.screenshot({ path: 'test-results/training-session-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/training-session-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await lea.getByRole('button', { name: 'Noter que l’entrée de Léa Dubois a été déclarée sur EDOF aujourd’hui' }).click();
  await expect(lea.getByText('Déclarée en retard')).toBeVisible();
  await expect(lea.getByText(/^Déclarée le \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  // The exit can be noted once the entry was.
  await expect(lea.getByRole('button', { name: 'Noter que la sortie de Léa Dubois a été déclarée sur EDOF aujourd’hui' })).toBeVisible();

  // The session's dialog and a removal's confirmation pass axe too (then are left unchanged).
  await page.getByRole('button', { name: 'Modifier la session' }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier la session' });
  await expect(edit.getByLabel('Nom de la session')).toHaveValue('Rentrée de septembre 2026 — groupe du mardi');
  await expectNoSeriousA11yViolations(page);
  await edit.getByRole('button', { name: 'Annuler' }).click();
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: 'Retirer Inès Moreau' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Retirer Inès Moreau de la session ?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Inès Moreau' })).toBeVisible();

  await page.getByRole('link', { name: 'Toutes les sessions' }).click();
  await page.getByRole('button', { name: 'Programmer une session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Programmer une session' });
  await expect(dialog.getByRole('button', { name: 'Programmer' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  // The courses are searched on the server (the list shows the newest first; other journeys add theirs).
  await dialog.getByLabel('Cours', { exact: true }).fill('cybersécurité');
  await choose(dialog, page, 'Cours', 'Sensibilisation à la cybersécurité');
  await dialog.getByLabel('Nom de la session').fill('Cybersécurité — session de printemps 2027');
  await dialog.getByLabel('Premier jour').fill('2027-03-29');
  await dialog.getByLabel('Dernier jour').fill('2027-03-01');
  await dialog.getByRole('button', { name: 'Programmer' }).click();
  await expect(dialog.getByText('La date de fin ne peut pas précéder la date de début.')).toBeVisible();
  await dialog.getByLabel('Dernier jour').fill('2027-05-28');
  await dialog.getByRole('button', { name: 'Programmer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cybersécurité — session de printemps 2027' })).toBeVisible();
  await expect(page.getByText('Sensibilisation à la cybersécurité · du 29/03/2027 au 28/05/2027')).toBeVisible();
  await expect(page.getByText('Aucun apprenant dans cette session.')).toBeVisible();
});
