import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, fillLogin, loginAs } from './support';

// Sessions out of page scripts' reach (docs/adr/0029): the refresh token is an HttpOnly cookie, the
// access token lives in memory (10 s on the e2e server), tabs refresh one at a time, and the pages
// run under a Content-Security-Policy.

/** Every CSP violation a page sees, from an init script (which the policy does not govern). */
async function watchViolations(context: BrowserContext): Promise<(page: Page) => Promise<string[]>> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return (page) => page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
}

const refreshCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'lms_refresh');

test('three tabs reload and refresh at once for longer than an access token lives, and none is logged out', async ({ context }) => {
  test.setTimeout(180_000);
  const first = await context.newPage();
  await loginAs(first, 'student');
  const tabs = [first, await context.newPage(), await context.newPage()];
  await Promise.all(tabs.slice(1).map((tab) => tab.goto('/profile-setting')));
  const refusals: string[] = [];
  for (const tab of tabs) {
    tab.on('response', (r) => {
      if (r.url().includes('/api/token/refresh') && r.status() !== 200) refusals.push(`${r.status()} ${r.url()}`);
    });
  }
  // Three rounds, each after the access tokens expired: every tab reloads at the same moment.
  for (let round = 0; round < 3; round++) {
    await first.waitForTimeout(11_000);
    await Promise.all(tabs.map((tab) => tab.reload()));
    for (const tab of tabs) {
      await expect(tab).not.toHaveURL(/-login$/);
      await expect(tab.getByTestId('navbar-greeting')).toBeVisible({ timeout: 30_000 });
    }
  }
  // And an authenticated screen still loads its data in every tab.
  await Promise.all(tabs.map((tab) => tab.goto('/profile-setting')));
  for (const tab of tabs) await expect(tab.getByLabel('Nom complet')).toHaveValue('Léa Dubois', { timeout: 30_000 });
  expect(refusals).toEqual([]);
});

test('a navigation that cuts a refresh short leaves the session: the next page opens signed in, and so does every tab', async ({ context }) => {
  test.setTimeout(120_000);
  const page = await context.newPage();
  await loginAs(page, 'student');
  const other = await context.newPage();
  await other.goto('/my-courses');
  await expect(other.getByTestId('navbar-greeting')).toBeVisible({ timeout: 30_000 });
  // The page reloads (no token in memory: it refreshes from the cookie) on a slow network, and the
  // learner navigates while that refresh is on its way: the browser aborts it, and the old page
  // lives on until the next one answers.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const slow = { offline: false, latency: 1_500, downloadThroughput: -1, uploadThroughput: -1 };
  await cdp.send('Network.emulateNetworkConditions', slow);
  const refreshSent = page.waitForRequest('**/api/token/refresh/', { timeout: 60_000 });
  await page.reload({ timeout: 60_000 });
  await refreshSent;
  await page.goto('/my-courses', { timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', { ...slow, latency: 0 });
  await page.reload();
  await expect(page).toHaveURL(/\/my-courses$/);
  await expect(page.getByTestId('navbar-greeting')).toBeVisible({ timeout: 30_000 });
  await other.reload();
  await expect(other).toHaveURL(/\/my-courses$/);
  await expect(other.getByTestId('navbar-greeting')).toBeVisible({ timeout: 30_000 });
});

test('a refresh cookie stolen and replayed from another browser revokes the whole family', async ({ browser, context, page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'student');
  const stolen = (await refreshCookie(context))!;
  expect(stolen.httpOnly).toBe(true);
  expect(stolen.sameSite).toBe('Strict');
  expect(stolen.path).toBe('/api/token/');
  // The owner's tab refreshes once (its access token expired): the stolen value is now spent.
  await page.waitForTimeout(11_000);
  await page.goto('/profile-setting');
  await expect(page.getByLabel('Nom complet')).toHaveValue('Léa Dubois');
  const rotated = (await refreshCookie(context))!.value;
  expect(rotated).not.toBe(stolen.value);
  // The owner goes on (a reload asks the cookie for a token again): the stolen value's rotation was
  // used, so it is a replay and not a lost answer within the grace (ADR 0029).
  await page.reload();
  await expect(page.getByLabel('Nom complet')).toHaveValue('Léa Dubois');
  expect((await refreshCookie(context))!.value).not.toBe(rotated);

  const thief = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    await thief.addCookies([{ ...stolen }]);
    const origin = new URL(page.url()).origin;
    const replay = await thief.request.post('/api/token/refresh/', { headers: { origin, 'x-lms-session': '1' }, data: {} });
    expect(replay.status()).toBe(401);
  } finally {
    await thief.close();
  }
  // The family is dead: the owner's next refresh fails and the tab goes to its login page.
  await page.waitForTimeout(11_000);
  await page.goto('/profile-setting');
  await expect(page).toHaveURL(/\/user-login$/, { timeout: 30_000 });
});

test('an injected script finds no token in localStorage, sessionStorage or document.cookie', async ({ page }) => {
  await loginAs(page, 'student');
  await page.reload();
  await expect(page.getByTestId('navbar-greeting')).toBeVisible();
  const loot = await page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    cookie: document.cookie,
  }));
  for (const where of Object.values(loot)) expect(where).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  expect(loot.cookie).not.toContain('lms_refresh');
  expect(loot.local).not.toContain('accessToken');
});

test('the CSP blocks an inline script; the page carries the security headers', async ({ context, page }) => {
  const violations = await watchViolations(context);
  const answer = await page.goto('/');
  const headers = answer!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['content-security-policy']).toContain('https://www.youtube.com');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  expect(headers['permissions-policy']).toBeTruthy();
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(await violations(page)).toEqual([]);

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.body.appendChild(script);
  });
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false)).toBe(false);
  // Blocked and seen as a violation (the browser also reports it to /api/csp-report/, out of band:
  // the endpoint itself is proved by backend/src/security-headers.api.spec.ts).
  await expect.poll(() => violations(page)).toContainEqual(expect.stringMatching(/^script-src/));
});

test('the screens of each role render under the CSP without a violation', async ({ context, page }) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(context);
  const reports: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/csp-report')) reports.push(r.postData() ?? '');
  });
  const visit = async (path: string) => {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    expect.soft(await violations(page), path).toEqual([]);
  };
  for (const path of ['/', '/all-courses', '/faq', '/user-login', '/teacher-login', '/admin-login', '/user-register']) await visit(path);
  await page.goto('/user-login');
  await fillLogin(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  for (const path of ['/user-dashboard', '/profile-setting', '/my-courses']) await visit(path);
  await page.goto('/user-logout');
  await loginAs(page, 'trainer');
  for (const path of ['/teacher-dashboard', '/teacher-profile-setting', '/teacher-my-course']) await visit(path);
  await page.goto('/teacher-logout');
  await loginAs(page, 'admin');
  for (const path of ['/admin-dashboard', '/admin-users', '/admin-courses']) await visit(path);
  expect(reports).toEqual([]);
});

test('logging out in one tab logs out every tab', async ({ context }) => {
  const first = await context.newPage();
  await loginAs(first, 'student');
  const second = await context.newPage();
  await second.goto('/profile-setting');
  await expect(second.getByLabel('Nom complet')).toHaveValue('Léa Dubois');
  await first.goto('/user-logout');
  await expect(first).toHaveURL(/\/user-login$/);
  await expect(second.getByTestId('navbar-greeting')).toHaveCount(0, { timeout: 10_000 });
  expect(await refreshCookie(context)).toBeUndefined();
  await second.reload();
  await expect(second).not.toHaveURL(/\/profile-setting$/);
});
