import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, fillLogin, loginAs, watchCspViolations } from './support';

// Auditors (issue 27 item 4, docs/adr/0039): an admin invites an auditor on one course; the auditor
// opens the invitation link, chooses a password, signs in on their own page, opens a learner's
// transcript, downloads her certificate and generates and downloads her dossier de preuves (item 4:
// the ZIP names the auditor as its author, the page passes axe at 1280 and 390 px); the course's
// learners narrowed to one of its sessions (issue 29 item 2); a course outside the scope is refused in French; the admin's access log shows every read; an expired auditor is
// refused at sign-in.

test.beforeEach(async ({ context }) => watchCspViolations(context));

const AGILE = 'Piloter un projet avec la méthode agile';

test('an admin invites an auditor who sets a password, reads a transcript, downloads a certificate and is refused outside the scope', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const tag = `${Date.now()}`.slice(-7);
  const email = `auditeur.${tag}@bureau-veritas.test`;
  const password = 'un-mot-de-passe-d-auditeur';
  const courses: { id: number; title: string }[] = [];
  for (let next: string | null = '/api/course/?page=1'; next; ) {
    const found = (await (await request.get(next)).json()) as { results: { id: number; title: string }[]; next: string | null };
    courses.push(...found.results);
    next = found.next;
  }
  expect(courses.some((c) => c.title === AGILE), AGILE).toBe(true);
  const other = courses.find((c) => c.title !== AGILE)!;
  // Logged in after the catalogue's pages: access tokens live 10 s in e2e.
  const { headers } = await apiLogin(request, 'admin');
  const students = (await (await request.get('/api/admin/students/full-data/', { headers })).json()) as { id: number; email: string }[];
  const lea = students.find((s) => s.email === DEMO.student.email)!;

  const link = await test.step('the admin invites the auditor on the agile course', async () => {
    await loginAs(page, 'admin');
    await page.goto('/admin-auditors');
    await page.getByRole('button', { name: 'Inviter un auditeur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inviter un auditeur' });
    await dialog.getByLabel('Nom', { exact: true }).fill('Camille Vérité');
    await dialog.getByLabel('Adresse e-mail').fill(email);
    await dialog.getByLabel('Organisme').fill('Bureau Veritas — audit Qualiopi');
    const date = dialog.getByLabel('Date de fin (incluse)');
    await date.click();
    await date.fill('31/12/2099');
    await date.press('Enter');
    await dialog.getByLabel('Les apprenants de cours choisis').check();
    const select = dialog.getByLabel('Cours du périmètre', { exact: true });
    // The options are searched on the server: a click may land on a list being replaced, so the
    // course is chosen again until its tag shows (and never clicked once chosen: a second click removes it).
    const chosen = dialog.locator('.ant-select-selection-item').filter({ hasText: AGILE });
    await expect(async () => {
      if ((await chosen.count()) > 0) return;
      if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
      await select.fill('méthode agile');
      await page.locator('.ant-select-dropdown:visible').getByText(AGILE, { exact: true }).click({ timeout: 2_000 });
      await expect(chosen).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    const result = page.getByRole('dialog', { name: 'Invitation envoyée' });
    const url = (await result.getByTestId('invitation-link').innerText()).trim();
    expect(url).toMatch(/\/auditeur\/activation#jeton=[A-Za-z0-9_-]{20,}$/);
    await expectNoSeriousA11yViolations(page);
    await result.getByRole('button', { name: 'Terminé' }).click();
    await expect(page.getByRole('link', { name: 'Camille Vérité' })).toBeVisible();
    return new URL(url);
  });

  const auditor = await browser.newContext();
  await watchCspViolations(auditor);
  const tab = await auditor.newPage();
  await test.step('the auditor chooses a password from the invitation link and signs in', async () => {
    await tab.goto(`${link.pathname}${link.hash}`);
    await tab.getByLabel('Mot de passe', { exact: true }).fill(password);
    await tab.getByLabel('Confirmez le mot de passe').fill(password);
    await tab.getByRole('button', { name: 'Activer mon accès' }).click();
    await expect(tab.getByText('Votre accès est activé')).toBeVisible();
    await tab.getByRole('link', { name: 'Aller à la connexion auditeur' }).click();
    await expect(tab).toHaveURL(/\/auditeur\/connexion$/);
    await fillLogin(tab, email, password, 'Adresse e-mail');
    await expect(tab).toHaveURL(/\/auditeur$/);
    await expect(tab.getByText('Bureau Veritas — audit Qualiopi — accès en lecture seule jusqu’au 31/12/2099 inclus.')).toBeVisible();
  });

  await test.step('the auditor narrows the course’s learners to one of its sessions (issue 29 item 2)', async () => {
    const admin = await apiLogin(request, 'admin');
    const agileId = courses.find((c) => c.title === AGILE)!.id;
    const created = await request.post('/api/admin/sessions/', { headers: admin.headers, data: { course: agileId, name: `Audit ${tag} — groupe de Léa`, start_date: '2027-01-11', end_date: '2027-03-26' } });
    expect(created.status()).toBe(201);
    const sessionId = ((await created.json()) as { id: number }).id;
    expect((await request.post(`/api/admin/sessions/${sessionId}/learners/`, { headers: admin.headers, data: { student: lea.id } })).status()).toBe(200);

    await tab.reload();
    await tab.getByRole('button', { name: `Voir les apprenants — ${AGILE}` }).click();
    const card = tab.getByTestId('audit-learners');
    await expect(card.getByRole('link', { name: DEMO.student.name })).toBeVisible();
    const select = card.getByRole('combobox', { name: 'Session de formation' });
    await expect(async () => {
      await select.click();
      await select.fill(`Audit ${tag}`);
      await tab.locator('.ant-select-dropdown:visible .ant-select-item-option-content').filter({ hasText: `Audit ${tag} — groupe de Léa` }).click({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(card.getByRole('row')).toHaveCount(2);
    await expect(card.getByRole('link', { name: DEMO.student.name })).toBeVisible();
    await tab.screenshot({ path: 'test-results/auditor-session-1280.png', fullPage: true });
    await expectNoSeriousA11yViolations(tab);
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.screenshot({ path: 'test-results/auditor-session-390.png', fullPage: true });
    await expectNoSeriousA11yViolations(tab);
    await tab.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('the auditor opens Léa’s transcript and downloads her certificate', async () => {
    await tab.getByRole('button', { name: `Voir les apprenants — ${AGILE}` }).click();
    await tab.getByTestId('audit-learners').getByRole('link', { name: DEMO.student.name }).click();
    await expect(tab.getByRole('heading', { level: 1, name: `Relevé de formation — ${DEMO.student.name}` })).toBeVisible();
    await expect(tab.getByTestId('transcript')).toBeVisible();
    const download = tab.waitForEvent('download');
    await tab.getByRole('button', { name: /Télécharger — Certificat de réalisation/ }).first().click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^certificat-de-realisation-v\d+-[A-Z0-9]+\.pdf$/);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(readFileSync((await file.path())!))), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('Léa');
    await expectNoSeriousA11yViolations(tab);
  });

  await test.step('the auditor generates and downloads Léa’s dossier de preuves', async () => {
    const card = tab.getByTestId('audit-dossier');
    await expect(card).toContainText('vérifiable sur la page publique /verifier');
    const [file] = await Promise.all([tab.waitForEvent('download', { timeout: 90_000 }), card.getByTestId('dossier-button').click()]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^dossier-de-preuves-cours-\\d+-apprenant-${lea.id}-.*\\.zip$`));
    const entries = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['manifest.json', 'releve-de-formation.pdf', 'donnees/evenements.json']));
    const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json'])) as { format: string; generated_by: { role: string } };
    expect(manifest).toMatchObject({ format: 'dossier-de-preuves', generated_by: { role: 'auditor' } });
    await expect(tab.getByText('Téléchargement du dossier lancé', { exact: false })).toBeVisible();
    await tab.screenshot({ path: 'test-results/auditor-dossier-1280.png', fullPage: true });
    await expectNoSeriousA11yViolations(tab);
    await tab.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await tab.screenshot({ path: 'test-results/auditor-dossier-390.png', fullPage: true });
    await expectNoSeriousA11yViolations(tab);
    await tab.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('a course outside the scope is refused, in French', async () => {
    await tab.goto(`/auditeur/cours/${other.id}/apprenants/${lea.id}`);
    await expect(tab.getByTestId('audit-refusal')).toContainText("Ce cours n'est pas dans le périmètre de votre mission d'audit.");
  });

  await test.step('the admin reads the auditor’s accesses', async () => {
    await page.getByRole('link', { name: 'Camille Vérité' }).click();
    const log = page.getByRole('table').last();
    await expect(log).toContainText('Relevé de formation');
    await expect(log).toContainText('Document (PDF)');
    await expect(log).toContainText('Dossier de preuves');
  });
  await auditor.close();
});

test('an expired auditor is refused at sign-in with the end date', async ({ page }) => {
  await page.goto('/auditeur/connexion');
  await fillLogin(page, DEMO.expiredAuditor.email, DEMO.expiredAuditor.password, 'Adresse e-mail');
  await expect(page.getByRole('alert')).toContainText(/Votre accès d'auditeur a expiré le \d{2}\/\d{2}\/\d{4}\./);
  await expect(page).toHaveURL(/\/auditeur\/connexion$/);
});
