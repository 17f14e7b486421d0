import { expect, test } from '@playwright/test';
import { DEMO, fillLogin, loginAs } from './support';

const shot = async (page: import('@playwright/test').Page, name: string) => {
  await page.waitForLoadState('networkidle');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `/tmp/s25-shots/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/s25-shots/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('shots', async ({ page, browser }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('dashboard-trainer-requests')).toBeVisible();
  await expect(page.getByTestId('stat-card').first()).toBeVisible();
  await shot(page, 'admin-dashboard');
  await page.goto('/admin-teachers');
  await expect(page.getByTestId('trainer-requests')).toBeVisible();
  await shot(page, 'admin-teachers');
  await page.getByRole('button', { name: `Refuser ${DEMO.pendingTrainer.name}` }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/s25-shots/refuse-dialog-1280.png' });
  await page.goto('/admin-courses');
  await shot(page, 'admin-courses');
  const t = await (await browser.newContext()).newPage();
  await t.goto('/teacher-login');
  await fillLogin(t, DEMO.pendingTrainer.email, DEMO.pendingTrainer.password);
  await expect(t).toHaveURL(/teacher-dashboard/);
  await expect(t.getByTestId('trainer-pending')).toBeVisible();
  await shot(t, 'pending-dashboard');
  const c = await (await browser.newContext()).newPage();
  await loginAs(c, 'trainer');
  await c.goto('/teacher-my-course');
  await shot(c, 'trainer-courses');
});
