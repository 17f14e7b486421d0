import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { apiLogin, expectNoSeriousA11yViolations, loginAs, pickDate, watchCspViolations, type Role } from './support';

/*
 * Homework handed in and graded (issue 28 item 3, docs/adr/0044), in Chromium: Claire gives Léa
 * homework with a due date; the due date passes; Léa hands in an answer and a PDF (a disguised file
 * is refused first), flagged late by the server; Claire reads the work, downloads the file and
 * grades it 14,5/20 with feedback; Léa reads the grade and the feedback and can no longer hand in.
 * Every screen is scanned by axe at 1280 and 390 px.
 */

/**
 * The e2e server's embedded PostgreSQL as its superuser, found by its port (E2E_PORT + 2000,
 * playwright.config.ts) among the e2e data folders (as verifier.e2e.ts does).
 */
function superuserUrl(): string {
  const port = String(Number(process.env.E2E_PORT ?? 3100) + 2000);
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('lms-e2e-'))) {
    const dir = join(tmpdir(), name, 'postgres');
    try {
      if (readFileSync(join(dir, 'cluster', 'postmaster.pid'), 'utf8').split('\n')[3]?.trim() !== port) continue;
      return `postgres://postgres:${readFileSync(join(dir, 'password'), 'utf8').trim()}@127.0.0.1:${port}/lms`;
    } catch {
      // Another run's folder, or a stopped one.
    }
  }
  throw new Error(`Aucune base e2e sur le port ${port}.`);
}

/**
 * Time passes: the server's clock cannot be moved in a browser run, so the homework's due date is
 * moved to an hour ago in its row (the operator, as superuser). Lateness is still decided by the
 * server, from its own clock against this due date, when the work is handed in.
 */
async function dueDatePasses(homeworkId: number): Promise<void> {
  const db = new pg.Client({ connectionString: superuserUrl() });
  await db.connect();
  try {
    await db.query(`update tutoring.homework set due_at = now() - interval '1 hour' where id = $1`, [homeworkId]);
  } finally {
    await db.end();
  }
}

async function signedIn(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext();
  await watchCspViolations(context);
  const page = await context.newPage();
  await loginAs(page, role);
  return page;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const DISGUISED = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 37) % 256))]);
/** A day in the JJ/MM/AAAA the date picker takes, `days` from today (Paris). */
const frenchDay = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });

test('homework with a due date, handed in late with a file, graded, and the grade and feedback read by the learner', async ({ browser, request }) => {
  const lea = (await apiLogin(request, 'student')).student_id as number;
  const claire = (await apiLogin(request, 'trainer')).formateur_id as number;
  const title = `Synthèse du chapitre 2 (${Date.now().toString(36)})`;

  // Claire gives Léa homework due in three days.
  const trainer = await signedIn(browser, 'trainer');
  await trainer.goto(`/add-assignment/${lea}/${claire}`);
  await expect(trainer.getByRole('heading', { level: 1, name: 'Donner un devoir' })).toBeVisible();
  const form = trainer.locator('main form').first();
  // The date first: its Enter submits the form, which asks for the title and the detail.
  await pickDate(trainer, form, 'Date limite (facultative)', frenchDay(3));
  await expect(form.getByText('Veuillez remplir tous les champs.').first()).toBeVisible();
  await form.getByLabel('Titre').fill(title);
  await form.getByLabel('Détail').fill('Rédigez une synthèse d’une page du chapitre 2 et joignez-la en PDF.');
  await expect(form.getByLabel('Date limite (facultative)')).toHaveValue(frenchDay(3));
  await expectNoSeriousA11yViolations(trainer);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(trainer).toHaveURL(new RegExp(`/show-assignment/${lea}/${claire}$`));
  const given = trainer.getByTestId('homework').filter({ hasText: title });
  await expect(given.getByText('En attente')).toBeVisible();
  await expect(given.getByText(/À rendre au plus tard le/)).toBeVisible();
  await expect(given.getByRole('button', { name: /^(Noter|Corriger la note) :/ })).toHaveCount(0);

  const listed = await request.get(`/api/student-assignment/${claire}/${lea}`, { headers: (await apiLogin(request, 'trainer')).headers });
  const homeworkId = ((await listed.json()) as { id: number; title: string }[]).find((h) => h.title === title)!.id;
  await dueDatePasses(homeworkId);

  // Léa hands in after the due date: a disguised file is refused, then her answer and a PDF.
  const student = await signedIn(browser, 'student');
  await student.goto('/my-assignments/');
  const mine = student.getByTestId('homework').filter({ hasText: title });
  await expect(mine.getByText('En attente')).toBeVisible();
  await expectNoSeriousA11yViolations(student);
  await mine.getByRole('button', { name: `Rendre mon travail : ${title}` }).click();
  const dialog = student.getByRole('dialog', { name: `Rendre « ${title} »` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Votre réponse').fill('Ma synthèse est dans le PDF joint.');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'synthese.pdf', mimeType: 'application/pdf', buffer: DISGUISED });
  await dialog.getByRole('button', { name: 'Rendre', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Ce type de fichier n’est pas accepté');
  await expectNoSeriousA11yViolations(student);
  await dialog.getByRole('button', { name: /Effacer le fichier/ }).first().click();
  await expect(dialog.getByRole('button', { name: /Effacer le fichier/ })).toHaveCount(0);
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'synthese.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('synthese.pdf', { exact: true })).toBeVisible();
  // The refusal named the file taken away: it is gone with it.
  await expect(dialog.getByText(/Ce type de fichier n’est pas accepté/)).toHaveCount(0);
  const send = dialog.getByRole('button', { name: 'Rendre', exact: true });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(dialog).toBeHidden();
  const submission = mine.getByTestId('homework-submission');
  await expect(submission).toHaveCount(1);
  await expect(submission.getByText('En retard')).toBeVisible();
  await expect(submission.getByText('Ma synthèse est dans le PDF joint.')).toBeVisible();
  await expect(submission.getByRole('button', { name: /^Télécharger synthese\.pdf/ })).toBeVisible();
  await expect(mine.getByText('Terminé', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: `Rendre une nouvelle version : ${title}` })).toBeVisible();

  // Claire reads the work, downloads the file, and grades it.
  await trainer.reload();
  await expect(given.getByTestId('homework-submission').getByText('En retard')).toBeVisible();
  const [download] = await Promise.all([trainer.waitForEvent('download'), given.getByRole('button', { name: /^Télécharger synthese\.pdf/ }).click()]);
  expect(download.suggestedFilename()).toBe('synthese.pdf');
  await expectNoSeriousA11yViolations(trainer);
  await given.getByRole('button', { name: `Noter : ${title}` }).click();
  const grading = trainer.getByRole('dialog', { name: `Noter « ${title} »` });
  await grading.getByLabel('Note sur 20').fill('14,5');
  await grading.getByLabel('Appréciation (facultative)').fill('Synthèse claire ; la conclusion mérite d’être développée.');
  await expectNoSeriousA11yViolations(trainer);
  await grading.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(grading).toBeHidden();
  await expect(given.getByTestId('homework-grade')).toContainText('14,5/20');
  await expect(given.getByRole('button', { name: `Corriger la note : ${title}` })).toBeVisible();

  // Léa reads the grade and the feedback; the work can no longer be handed in.
  await student.reload();
  const grade = mine.getByTestId('homework-grade');
  await expect(grade).toContainText('Note du formateur : 14,5/20');
  await expect(grade).toContainText('Synthèse claire ; la conclusion mérite d’être développée.');
  await expect(mine.getByRole('button', { name: /^Rendre/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(student);

  await student.context().close();
  await trainer.context().close();
});

test('the demo class: Léa’s graded pivot table with its late correction, and her homework done « sans rendu »', async ({ browser, request }) => {
  const student = await signedIn(browser, 'student');
  await student.goto('/my-assignments/');
  const pivot = student.getByTestId('homework').filter({ hasText: 'Tableau croisé des ventes' });
  await expect(pivot.getByTestId('homework-submission')).toHaveCount(2);
  await expect(pivot.getByTestId('homework-grade')).toContainText('15,5/20');
  const devis = student.getByTestId('homework').filter({ hasText: 'Créer un modèle de devis' });
  await expect(devis.getByText('sans rendu')).toBeVisible();
  await student.setViewportSize({ width: 1280, height: 900 });
  await student.screenshot({ path: 'test-results/homework-learner-1280.png', fullPage: true });
  await student.setViewportSize({ width: 390, height: 844 });
  await student.screenshot({ path: 'test-results/homework-learner-390.png', fullPage: true });
  await student.context().close();

  const lea = (await apiLogin(request, 'student')).student_id as number;
  const claire = (await apiLogin(request, 'trainer')).formateur_id as number;
  const trainer = await signedIn(browser, 'trainer');
  await trainer.goto(`/show-assignment/${lea}/${claire}`);
  await expect(trainer.getByTestId('homework').filter({ hasText: 'Tableau croisé des ventes' }).getByTestId('homework-grade')).toContainText('15,5/20');
  await trainer.setViewportSize({ width: 1280, height: 900 });
  await trainer.screenshot({ path: 'test-results/homework-trainer-1280.png', fullPage: true });
  await trainer.setViewportSize({ width: 390, height: 844 });
  await trainer.screenshot({ path: 'test-results/homework-trainer-390.png', fullPage: true });
  await trainer.context().close();
});
