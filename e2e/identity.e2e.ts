import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectGreeting, expectNoSeriousA11yViolations, fillLogin, loginAs } from './support';
import { specText } from '../frontend/src/test/spec-text';

async function logoutFromNavbar(page: Page) {
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Déconnexion' }).click();
}

test.describe('each role signs in through the UI, sees its greeting and logs out', () => {
  test('student', async ({ page }) => {
    await page.goto('/user-login');
    // The demo centre's name heads every title (docs/adr/0049).
    await expect(page).toHaveTitle(/^Centre de formation LMS \| /);
    await fillLogin(page, DEMO.student.email, DEMO.student.password);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expectGreeting(page, DEMO.student.name);
    await expect(page.getByTestId('dashboard-greeting')).toHaveText('Bonjour, Léa Dubois');
    await expect(page.getByRole('navigation', { name: specText('Espace Etudiant') })).toBeVisible();
    const storage = await page.evaluate(() => ({ ...localStorage }));
    expect(storage).toMatchObject({ studentLoginStatus: 'true', username: DEMO.student.username, role: 'student' });
    // No token in storage (docs/adr/0029): the refresh token is an HttpOnly cookie, the access token in memory.
    expect(storage.accessToken).toBeUndefined();
    expect(storage.refreshToken).toBeUndefined();
    expect((await page.context().cookies()).find((c) => c.name === 'lms_refresh')?.httpOnly).toBe(true);
    await logoutFromNavbar(page);
    await expect(page).toHaveURL(/\/user-login$/);
    await expect(page.getByTestId('navbar-greeting')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('trainer', async ({ page }) => {
    await page.goto('/teacher-login');
    await fillLogin(page, DEMO.trainer.email, DEMO.trainer.password);
    await expect(page).toHaveURL(/\/teacher-dashboard$/);
    await expectGreeting(page, DEMO.trainer.name);
    await expect(page.getByText('Espace Formateur', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('teacherLoginStatus'))).toBe('true');
    await logoutFromNavbar(page);
    await expect(page).toHaveURL(/\/teacher-login$/);
  });

  test('admin', async ({ page }) => {
    await page.goto('/admin-login');
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password, "Nom d'utilisateur (email)");
    await expect(page.getByText('Connexion réussie')).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expectGreeting(page, DEMO.admin.username);
    expect(await page.evaluate(() => ({ status: localStorage.getItem('adminLoginStatus'), role: localStorage.getItem('role') }))).toEqual({
      status: 'true',
      role: 'admin',
    });
    await logoutFromNavbar(page);
    await expect(page).toHaveURL(/\/admin-login$/);
  });
});

test("a student signs in from the home page's card, after a wrong password", async ({ page }) => {
  await page.goto('/');
  await fillLogin(page, DEMO.student.email, 'mauvais-mot-de-passe');
  await expect(page.getByRole('alert')).toContainText(specText('Echec de la connexion'));
  await expect(page.getByRole('alert')).toContainText('Identifiants incorrects.');
  await expectNoSeriousA11yViolations(page);
  await expect(page).toHaveURL(/\/$/);
  await fillLogin(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expectGreeting(page, DEMO.student.name);
});

test('a wrong password shows the spec message and stores nothing', async ({ page }) => {
  await page.goto('/user-login');
  await fillLogin(page, DEMO.student2.email, 'mauvais-mot-de-passe');
  await expect(page.getByText(specText('Echec de la connexion'))).toBeVisible();
  await expect(page.getByText('Identifiants incorrects.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page).toHaveURL(/\/user-login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('a suspended student is refused with the deactivation message', async ({ page }) => {
  await page.goto('/user-login');
  await fillLogin(page, DEMO.suspended.email, DEMO.suspended.password);
  await expect(page.getByText(specText("Vous avez ete deconnecte, Votre compte a ete desactive. Contactez l'administration."))).toBeVisible();
  await expect(page).toHaveURL(/\/user-login$/);
});

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  await page.goto('/user-login');
  await fillLogin(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  const refreshCookie = async () => (await page.context().cookies()).find((c) => c.name === 'lms_refresh')?.value;
  const before = await refreshCookie();
  expect(before).toBeTruthy();
  // The e2e server issues access tokens that live 10 s.
  await page.waitForTimeout(11_000);
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/token/refresh') && r.status() === 200);
  await page.goto('/profile-setting');
  await refreshed;
  await expect(page).toHaveURL(/\/profile-setting$/);
  await expect(page.getByLabel('Nom complet')).toHaveValue('Léa Dubois');
  // The cookie rotated (docs/adr/0029).
  expect(await refreshCookie()).not.toEqual(before);
});

test('a session whose refresh fails is cleared and sent to its login page', async ({ page }) => {
  await page.goto('/teacher-login');
  await fillLogin(page, DEMO.trainer.email, DEMO.trainer.password);
  await expect(page).toHaveURL(/\/teacher-dashboard$/);
  // A forged refresh cookie (docs/adr/0029): the reload starts without an access token and the refresh fails.
  await page.context().addCookies([{ name: 'lms_refresh', value: 'jeton.invalide.y', domain: new URL(page.url()).hostname, path: '/api/token/', httpOnly: true, sameSite: 'Strict' }]);
  await page.goto('/teacher-profile-setting');
  await expect(page).toHaveURL(/\/teacher-login$/);
  expect(await page.evaluate(() => localStorage.getItem('teacherLoginStatus'))).toBeNull();
});

test('an admin whose refresh fails on a back-office list is cleared and sent to /admin-login', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.context().addCookies([{ name: 'lms_refresh', value: 'jeton.invalide.y', domain: new URL(page.url()).hostname, path: '/api/token/', httpOnly: true, sameSite: 'Strict' }]);
  await page.goto('/admin-users');
  await expect(page).toHaveURL(/\/admin-login$/);
  expect(await page.evaluate(() => [localStorage.getItem('adminLoginStatus'), localStorage.getItem('accessToken')])).toEqual([null, null]);
  // The spec's other reading (03 §4: "goes to /login") lands on a login page too (ADR 0016).
  await page.goto('/login');
  await expect(page).toHaveURL(/\/user-login$/);
});

test.describe('route guards and unknown pages', () => {
  for (const [path, login] of [
    ['/profile-setting', '/user-login'],
    ['/change-password', '/user-login'],
    ['/user-dashboard', '/user-login'],
    ['/teacher-profile-setting', '/teacher-login'],
    ['/teacher-dashboard', '/teacher-login'],
    ['/admin-dashboard', '/admin-login'],
  ]) {
    test(`a visitor of ${path} is sent to ${login}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${login}$`));
    });
  }

  test('an unknown path shows the French 404 page', async ({ page }) => {
    const response = await page.goto('/cette-page-nexiste-pas');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('Page introuvable')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('on a phone, the navigation bar opens as a menu that passes the accessibility checks', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/all-courses');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Connexion étudiant' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await menu.getByRole('link', { name: 'Connexion étudiant' }).click();
    await expect(page).toHaveURL(/\/user-login$/);
  });
});

test('a visitor registers as a student, is sent to the login 2.5 s later and signs in', async ({ page }) => {
  await page.goto('/user-register');
  await page.getByLabel('Nom complet').fill('Camille Rousseau');
  await page.getByLabel('Email').fill('camille.rousseau@example.fr');
  await page.getByLabel("Nom d'utilisateur").fill('camille.r');
  await page.getByLabel('Mot de passe', { exact: true }).fill('court');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Le mot de passe doit contenir au moins 12 caractères.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Mot de passe', { exact: true }).fill('un-mot-de-passe-solide');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText(specText('Compte cree avec succes'))).toBeVisible();
  await expect(page).toHaveURL(/\/user-login$/, { timeout: 6_000 });
  await fillLogin(page, 'camille.rousseau@example.fr', 'un-mot-de-passe-solide');
  await expectGreeting(page, 'Camille Rousseau');
});

test('a student changes their password and is logged out 2 s later', async ({ page }) => {
  await page.goto('/user-register');
  await page.getByLabel('Nom complet').fill('Nora Vidal');
  await page.getByLabel('Email').fill('nora.vidal@example.fr');
  await page.getByLabel("Nom d'utilisateur").fill('nora.v');
  await page.getByLabel('Mot de passe', { exact: true }).fill('ancien-mot-de-passe');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/user-login$/, { timeout: 6_000 });
  await fillLogin(page, 'nora.vidal@example.fr', 'ancien-mot-de-passe');
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await page.goto('/change-password');
  await page.getByLabel('Nouveau mot de passe').fill('nouveau-mot-de-passe');
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect(page.getByText(specText('Mot de passe mis a jour !'))).toBeVisible();
  await expect(page).toHaveURL(/\/user-login$/, { timeout: 6_000 });
  await fillLogin(page, 'nora.vidal@example.fr', 'nouveau-mot-de-passe');
  await expectGreeting(page, 'Nora Vidal');
});

test("the staff's entrances are out of the learners' navigation: a footer link leads to the trainer login, which leads to the admin login", async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Connexion étudiant' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Connexion (formateur|admin)/ })).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Espace formateurs et administration' }).click();
  await expect(page).toHaveURL(/\/teacher-login$/);
  await page.getByRole('main').getByRole('link', { name: 'Connexion administrateur' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Connexion formateur' })).toHaveAttribute('href', '/teacher-login');
});
