import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// The trainer's progress grid (issue 28 items 1 and 4, docs/adr/0042-progress-grid.md): Claire
// opens her templates course's grid from « Mes cours », reads Léa's cells (five steps validated
// by the demo's player) and Inès's (not started), hovers a cell for its rule and date, filters the
// learners not started, then opens Léa's transcript. axe at 1280 and 390 px; at 390 px the grid
// scrolls sideways inside its container with the learner's name column fixed.

test.beforeEach(async ({ context }) => watchCspViolations(context));

/** Léa and Inès follow Claire's templates course in the demo (backend/src/demo/demo-data.ts). */
const COURSE = 'Modèles de documents Word et Excel';
const INES = 'Inès Moreau';

/** Picks the state filter's option (an antd Select outside a form), again if a click landed while its list was still opening. */
async function filterBy(page: Page, option: string) {
  const select = page.getByRole('combobox', { name: 'Filtrer par état' });
  const shown = page.locator('.grid-toolbar .ant-select');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').filter({ hasText: new RegExp(`^${option}$`) }).click({ timeout: 2_000 });
    await expect(shown).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('a trainer reads the grid, hovers a cell, filters, and opens a learner’s transcript', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'trainer');
  await page.goto('/teacher-my-course');
  await page.getByRole('link', { name: `Progression : ${COURSE}` }).click();
  await expect(page).toHaveURL(/\/teacher-progress\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Progression : ${COURSE}` })).toBeVisible();
  const grid = page.getByTestId('progress-grid');
  const lea = grid.getByRole('row').filter({ has: page.getByRole('link', { name: `Relevé de formation de ${DEMO.student.name}` }) });
  const ines = grid.getByRole('row').filter({ has: page.getByRole('link', { name: `Relevé de formation de ${INES}` }) });
  await expect(lea).toBeVisible();
  await expect(ines).toBeVisible();
  await expect(ines).toContainText('Pas commencé');
  await expect(ines).toContainText('Jamais');

  // Léa's first step is validated: its words are its accessible name, and its tooltip on hover.
  const first = lea.locator('.grid-cell').first();
  await expect(first).toHaveAttribute('data-state', 'validated');
  await expect(first).toHaveAccessibleName(new RegExp(`^${DEMO.student.name} : .+ — Validée, Validée le \\d{2}/\\d{2}/\\d{4}`));
  await first.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Validée le');
  await expect(tooltip).toContainText('Règle :');
  // Inès has not started: her first step is open, the rest locked.
  await expect(ines.locator('.grid-cell').first()).toHaveAttribute('data-state', 'open');
  await expect(ines.locator('.grid-cell').nth(1)).toHaveAttribute('data-state', 'locked');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/progress-grid-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // At 390 px: the grid scrolls inside its container, the learner's name stays on the left.
  await page.setViewportSize({ width: 390, height: 844 });
  const body = grid.locator('.ant-table-content, .ant-table-body').first();
  await expect.poll(async () => body.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  const nameCell = lea.locator('td').first();
  expect(await nameCell.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  await body.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(nameCell).toBeInViewport();
  await page.screenshot({ path: 'test-results/progress-grid-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Filter: the learners not started — Inès alone.
  await filterBy(page, 'Pas commencé');
  await expect(page.getByTestId('grid-count')).toHaveText('1 apprenant');
  await expect(ines).toBeVisible();
  await expect(lea).toHaveCount(0);
  await filterBy(page, 'Tous les apprenants');
  await expect(lea).toBeVisible();

  // Léa's detail: her transcript, the evidence context's own screen.
  await lea.getByRole('link', { name: `Relevé de formation de ${DEMO.student.name}` }).click();
  await expect(page).toHaveURL(/\/enrolled-students\/\d+\/releve\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Relevé de formation : ${COURSE}` })).toBeVisible();
  await expect(page.getByTestId('transcript-learner')).toContainText(DEMO.student.name);
  // Each quiz attempt says its verdict (ADR 0043 §6): the demo's quizzes have no pass mark.
  await expect(page.getByTestId('transcript').getByText('Terminée, sans seuil').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/transcript-verdicts-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('transcript').getByText('Terminée, sans seuil').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/transcript-verdicts-390.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
});

test('an admin reads each learner’s percentage course by course, and the same grid per course', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'admin');
  await page.goto('/admin-stat-dashboard-user');
  await page.getByLabel('Rechercher un étudiant').fill(INES);
  await expect(page.getByTestId('progress-counter')).toContainText('1 étudiant affiché');
  // Inès follows three courses: each with her own percentage there, not one mean (issue 28).
  const courses = page.getByRole('list', { name: `Cours suivis par ${INES}` });
  await expect(courses.getByRole('listitem')).toHaveCount(3);
  await expect(courses).toContainText(COURSE);
  await expect(courses.getByRole('listitem').filter({ hasText: COURSE })).toContainText('0 %');
  await page.screenshot({ path: 'test-results/progress-admin-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await courses.getByRole('link', { name: COURSE }).click();
  await expect(page).toHaveURL(/\/admin-course-detail\/\d+\/progression$/);
  await expect(page.getByRole('heading', { level: 1, name: `Progression : ${COURSE}` })).toBeVisible();
  const grid = page.getByTestId('progress-grid');
  await expect(grid.getByRole('link', { name: `Relevé de formation de ${DEMO.student.name}` })).toHaveAttribute('href', /\/admin-student-detail\/\d+\/releve\/\d+$/);
  await expect(grid.getByRole('link', { name: `Relevé de formation de ${INES}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
