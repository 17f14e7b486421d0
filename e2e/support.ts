import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The demo accounts of backend/src/demo/demo-accounts.ts (also in the README). */
export const DEMO = {
  admin: { email: 'admin@demo.lms-formation.fr', username: 'admin', password: 'AdminDemo2026!' },
  trainer: { email: 'claire.martin@demo.lms-formation.fr', username: 'claire.martin', password: 'Formatrice2026!' },
  student: { email: 'lea.dubois@demo.lms-formation.fr', username: 'lea.dubois', password: 'Etudiante2026!' },
  student2: { email: 'hugo.lefevre@demo.lms-formation.fr', username: 'hugo.lefevre', password: 'Etudiant2026!!' },
  suspended: { email: 'thomas.petit@demo.lms-formation.fr', username: 'thomas.petit', password: 'Etudiant2026!!' },
};

export async function fillLogin(page: Page, email: string, password: string, emailLabel: string | RegExp = /^Email/) {
  const form = page.locator('main form').first();
  await form.getByLabel(emailLabel).fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

export async function expectGreeting(page: Page, username: string) {
  await expect(page.getByTestId('navbar-greeting')).toHaveText(new RegExp(`Bonjour, ${username.replace('.', '\\.')}`));
}

const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PHONE = { width: 390, height: 844 };

/** The serious and critical violations axe-core finds on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are measured as painted: a dialog, a toast or a button still fading in or out would
  // be scanned half-transparent (a false contrast failure), so the animations finish first.
  // (Endless ones, a spinner, never finish and are not waited for.)
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  const { violations } = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
    );
}

/**
 * The screen as it is has no serious or critical accessibility violation (axe-core, WCAG 2.2 AA),
 * at the page's width and again at 390 px (a phone), where the layout differs. Call it on every
 * screen a journey reaches, once its content is there (docs/adr/0010-front-end-delivery.md). A
 * soft assertion: the test goes on, so one run lists every screen's violations.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const size = page.viewportSize();
  const found: string[] = (await seriousViolations(page)).map((line) => `${size?.width ?? '?'} px: ${line}`);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  found.push(...(await seriousViolations(page)).map((line) => `${PHONE.width} px: ${line}`));
  if (size) await page.setViewportSize(size);
  expect.soft(found, `axe on ${page.url()}`).toEqual([]);
}
