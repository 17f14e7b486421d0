import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// The Qualiopi indicators (issue 29 item 7, ADR 0056): the director reads the demo centre's
// figures (documents downloaded among them, indicator 19), narrows them to a course, opens the learners behind a figure (each a link to the
// learner), exports them to Excel, publishes the results, and a visitor reads « Nos résultats ».

test('the director reads the indicators, the learners behind a figure, exports them and publishes the results', async ({ browser }) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext();
  await watchCspViolations(adminContext);
  const admin = await adminContext.newPage();
  await loginAs(admin, 'admin');
  await admin.getByRole('link', { name: 'Indicateurs Qualiopi', exact: true }).first().click();
  await expect(admin).toHaveURL(/\/admin-indicateurs$/);
  await expect(admin.getByRole('heading', { name: 'Indicateurs Qualiopi', level: 1 })).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: 'Les apprenants entrés en formation du' })).toBeVisible();
  const learners = Number(await admin.getByTestId('figure-learners').locator('.indicator-figure__value').textContent());
  expect(learners).toBeGreaterThan(0);
  await admin.screenshot({ path: 'test-results/indicators-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(admin);

  await test.step('indicator 19: documents downloaded beside the steps opened, with the learners behind them', async () => {
    const resources = admin.locator('section').filter({ has: admin.getByRole('heading', { name: 'Usage des ressources (indicateur 19)' }) });
    await expect(resources.getByText('Documents téléchargés')).toBeVisible();
    const downloaded = Number(await admin.getByTestId('figure-documents_downloaded').locator('.indicator-figure__value').textContent());
    expect(downloaded).toBeGreaterThan(0);
    const figure = admin.getByTestId('figure-downloaded');
    const who = Number(await figure.locator('.indicator-figure__value').textContent());
    expect(who).toBeGreaterThan(0);
    await figure.click();
    const dialog = admin.getByRole('dialog', { name: 'Apprenants : Ont téléchargé au moins un document' });
    await expect(dialog.getByRole('row')).toHaveCount(Math.min(who, 20) + 1);
    await expect(dialog.getByRole('columnheader', { name: 'Documents téléchargés' })).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
  });

  await test.step('narrowed to a course, the per-course table keeps that course only', async () => {
    // Searched as a director would: other journeys add courses of their own.
    const courseSelect = admin.getByRole('combobox', { name: 'Formation', exact: true });
    await expect(async () => {
      await courseSelect.fill('tableaux croisés');
      await admin.locator('.ant-select-dropdown:visible .ant-select-item-option-content').filter({ hasText: /^Excel : tableaux croisés dynamiques$/ }).click({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    const table = admin.locator('section').filter({ has: admin.getByRole('heading', { name: 'Par formation' }) });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('Excel : tableaux croisés dynamiques');
  });

  await test.step('a figure opens its learners, each a link to the learner; the list exports to Excel', async () => {
    const figure = admin.getByTestId('figure-learners');
    const count = Number(await figure.locator('.indicator-figure__value').textContent());
    expect(count).toBeGreaterThan(0);
    await figure.click();
    const dialog = admin.getByRole('dialog', { name: 'Apprenants : Apprenants entrés' });
    await expect(dialog.getByRole('row')).toHaveCount(Math.min(count, 20) + 1);
    await expect(dialog.getByRole('link', { name: 'Léa Dubois', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    const [download] = await Promise.all([admin.waitForEvent('download'), dialog.getByRole('button', { name: 'Exporter (Excel)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^indicateurs-Apprenants-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.getWorksheet('Apprenants')!;
    expect(sheet.rowCount).toBe(count + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Apprenant');
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
  });

  await test.step('published, the results show on « Nos résultats » for a visitor; withdrawn, they do not', async () => {
    const toggle = admin.getByRole('switch', { name: 'Publier les résultats sur le site' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(admin.getByText('Les résultats sont publiés sur la page « Nos résultats ».')).toBeVisible();
    const visitorContext = await browser.newContext();
    await watchCspViolations(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto('/nos-resultats');
    await expect(visitor.getByRole('heading', { name: 'Nos résultats', level: 1 })).toBeVisible();
    await expect(visitor.getByTestId('public-results')).toContainText('Excel : tableaux croisés dynamiques');
    await visitor.screenshot({ path: 'test-results/public-results-1280.png', fullPage: true });
    await expectNoSeriousA11yViolations(visitor);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.screenshot({ path: 'test-results/public-results-390.png', fullPage: true });
    await admin.getByRole('switch', { name: 'Publier les résultats sur le site' }).click();
    await expect(admin.getByText('Les résultats ne sont pas publiés.')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText('Le centre ne publie pas encore ses résultats sur cette page.')).toBeVisible();
  });

  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: 'test-results/indicators-390.png', fullPage: true });
});
