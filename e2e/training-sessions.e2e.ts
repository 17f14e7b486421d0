import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, choose, expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// Training sessions and EDOF deadlines (issue 29 item 2, ADR 0050). The demo's September intake of
// the templates course has Léa funded by her CPF, her entry and exit never noted as declared: the
// admin sees both « En retard » with their deadline in French working days, notes the entry as
// declared today (« Déclarée en retard », the server's day), then programmes a new session.
test.beforeEach(async ({ context }) => watchCspViolations(context));

/** Picks the option of a plain antd Select (no form item around it), again if a click landed while its list was opening. */
async function pick(page: Page, select: Locator, option: string) {
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').filter({ hasText: option }).first().click({ timeout: 2_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

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
  // The learners' table (the service fait below lists them again).
  const learners = page.getByRole('region', { name: 'Apprenants' });
  const lea = learners.getByRole('row').filter({ hasText: 'Léa Dubois' });
  await expect(lea.getByText('En retard')).toHaveCount(2);
  await expect(lea.getByText('Échéance : 10/09/2026')).toBeVisible();
  await expect(lea.getByText('Échéance : 04/11/2026')).toBeVisible();
  await expect(learners.getByRole('row').filter({ hasText: 'Inès Moreau' }).getByText('Hors CPF')).toHaveCount(2);
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
  // The scan's phone width draws the learners as cards, which closes the confirmation: opened again to cancel it.
  if (!(await confirm.isVisible())) await page.getByRole('button', { name: 'Retirer Inès Moreau' }).click();
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(learners.getByRole('row').filter({ hasText: 'Inès Moreau' })).toBeVisible();

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
  await expect(page.getByRole('region', { name: 'Apprenants' }).getByText('Aucun apprenant dans cette session.')).toBeVisible();
});

test('an admin reads a session’s service fait, notes a reason, exports it, and follows the session’s learners in the progress tracking', async ({ page, request }) => {
  test.info().setTimeout(180_000);
  await loginAs(page, 'admin');
  await page.goto('/admin-sessions');
  // The course filter asks the server for that course's sessions only; the course is searched as an
  // admin would (other journeys add courses of their own: the first fifty may not hold it).
  const courseFilter = page.getByRole('combobox', { name: 'Filtrer par cours' });
  await courseFilter.fill('tableaux croisés');
  await pick(page, courseFilter, 'Excel : tableaux croisés dynamiques');
  await expect(page).toHaveURL(/\/admin-sessions\?course=\d+$/);
  const autumn = page.getByRole('link', { name: 'Automne 2026 — à distance' });
  await expect(autumn).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rentrée de septembre 2026 — groupe du mardi' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await autumn.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Automne 2026 — à distance' })).toBeVisible();
  const sessionId = Number(/\/admin-sessions\/(\d+)$/.exec(page.url())![1]);
  // Nadia left the group after two steps: « Abandon » noted by the demo's admin.
  const serviceFait = page.getByTestId('service-fait');
  const nadia = serviceFait.getByRole('row').filter({ hasText: 'Nadia Benali' });
  await expect(nadia).toContainText('Abandon');
  const ines = serviceFait.getByRole('row').filter({ hasText: 'Inès Moreau' });
  await pick(page, ines.getByRole('combobox', { name: 'Motif de réalisation partielle de Inès Moreau' }), 'Absences');
  await expect(page.getByText('Motif enregistré.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/service-fait-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone: cards, nothing wider than the screen.
  for (const cards of [page.getByTestId('session-learner-cards'), serviceFait.getByRole('list', { name: 'Service fait (EDOF)' })]) {
    await expect(cards).toBeVisible();
    const box = (await cards.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expect(serviceFait.getByRole('table')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/service-fait-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The workbook holds the figures the server states, one line per learner who was in the session.
  const admin = await apiLogin(request, 'admin');
  const figures = await (await request.get(`/api/admin/sessions/${sessionId}/service-fait/`, { headers: admin.headers })).json();
  const [download] = await Promise.all([page.waitForEvent('download'), serviceFait.getByRole('button', { name: /Exporter le service fait/ }).click()]);
  expect(download.suggestedFilename()).toBe('Service_fait_Automne_2026_à_distance_2026-10-01.xlsx');
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.getWorksheet('Service fait')!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Nom complet', 'Email', 'Numéro de dossier', 'Financement', "Date d'entrée", 'Date de sortie', 'Heures prévues', 'Heures réalisées', 'Heures non réalisées', 'Taux de réalisation', 'Motif', 'Dans la session']);
  expect(sheet.rowCount).toBe(1 + figures.lines.length);
  const hours = (minutes: number | null) => (minutes === null ? null : Math.floor((minutes * 100) / 60) / 100);
  for (const [index, line] of (figures.lines as { full_name: string; realised_minutes: number; planned_minutes: number | null; not_completed_minutes: number | null; completion_per_mille: number | null; reason: string | null; left_at: string | null }[]).entries()) {
    const row = sheet.getRow(index + 2);
    expect(row.getCell(1).value).toBe(line.full_name);
    expect([row.getCell(7).value, row.getCell(8).value, row.getCell(9).value]).toEqual([hours(line.planned_minutes), hours(line.realised_minutes), hours(line.not_completed_minutes)]);
    expect(row.getCell(10).value).toBe(line.completion_per_mille === null ? null : line.completion_per_mille / 1000);
    expect(row.getCell(12).value).toBe(line.left_at ? 'Sortie' : 'Oui');
  }
  expect(figures.lines.map((l: { full_name: string; reason: string | null }) => [l.full_name, l.reason])).toEqual([['Nadia Benali', 'abandon'], ['Inès Moreau', 'absence']]);
  expect([sheet.getRow(2).getCell(11).value, sheet.getRow(3).getCell(11).value]).toEqual(['Abandon', 'Absences']);

  // The progress tracking, filtered by the session: its two learners, the one who left too.
  await page.goto('/admin-stat-dashboard-user');
  await expect(page.getByRole('heading', { level: 1, name: 'Suivi de progression' })).toBeVisible();
  await pick(page, page.getByRole('combobox', { name: 'Session' }), 'Automne 2026 — à distance');
  await expect(page.getByTestId('progress-counter')).toContainText('2 étudiants au total');
  const table = page.getByTestId('progress-table');
  await expect(table.getByRole('row').filter({ hasText: 'Nadia Benali' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Inès Moreau' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/progress-by-session-1280.png', fullPage: true });
  const [progress] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Exporter tous les étudiants/ }).click()]);
  expect(progress.suggestedFilename()).toBe('Progression_Automne_2026_à_distance_2026-10-01.xlsx');
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.readFile((await progress.path())!);
  const names = exported.getWorksheet('Progression')!.getColumn(1).values.slice(2);
  expect(names).toEqual(['Nadia Benali', 'Inès Moreau']);
});
