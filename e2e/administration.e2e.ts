import { expect, test } from '@playwright/test';
import { choose, DEMO, expectNoSeriousA11yViolations, fillLogin, loginAs, reloadUntil } from './support';
import { specText } from '../frontend/src/test/spec-text';

const PASSWORD = 'un-mot-de-passe-solide';
const NEW_PASSWORD = 'un-autre-mot-de-passe-solide';

// The back office's students (issue 13): an admin creates a student, follows them to their detail
// page, assigns a course and a trainer, suspends and reactivates them, changes their password; the
// student then signs in with it and finds the course.
test('an admin creates a student, assigns a course and a trainer, suspends, reactivates and changes the password', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now()}`.slice(-7);
  const email = `nina.roux.${tag}@exemple.fr`;
  const username = `nina.roux.${tag}`;
  await loginAs(page, 'admin');
  await page.goto('/admin-users');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Étudiants' })).toBeVisible();

  await test.step("'Nouvel Étudiant': the record and the account in one dialog, the welcome e-mail on by default", async () => {
    await page.getByRole('button', { name: 'Nouvel Étudiant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel Étudiant' });
    await dialog.getByLabel('Prénom').fill('Nina');
    await dialog.getByLabel('Nom', { exact: true }).fill(`Roux${tag}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel("Nom d'utilisateur LMS").fill(username);
    await dialog.getByLabel('Mot de passe').fill(PASSWORD);
    await dialog.getByLabel('N° de dossier').fill(`CPF-${tag}`);
    await dialog.getByLabel('Formations').fill('Bureautique\nExcel avancé');
    await dialog.getByLabel("Date d'entrée").fill('2026-09-01');
    await dialog.getByLabel('Date de sortie').fill('2026-08-01');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(dialog.getByText("La date de sortie ne peut pas précéder la date d'entrée.")).toBeVisible();
    await dialog.getByLabel('Date de sortie').fill('2027-03-31');
    await expect(dialog.getByRole('checkbox', { name: "Envoyer l'e-mail de bienvenue" })).toBeChecked();
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    // Without SMTP (the e2e server writes mails to its log) the welcome e-mail counts as sent.
    await expect(dialog.getByText(/^Étudiant ajouté avec succès !/)).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 10_000 });
  });

  await test.step('the list finds the student by LMS username, with the formation badge and the period', async () => {
    await page.getByRole('textbox', { name: 'Rechercher un étudiant' }).fill(username);
    const row = page.getByTestId('students-table').getByRole('row').filter({ hasText: username });
    await expect(row).toContainText('Bureautique+1');
    await expect(row).toContainText('01/09/2026 → 31/03/2027');
    await expect(row).toContainText('Actif');
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('link', { name: `Nina Roux${tag}` }).click();
  });

  await test.step('the detail page: assign a course, then a trainer', async () => {
    await expect(page).toHaveURL(/\/admin-student-detail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Nina Roux${tag}` })).toBeVisible();
    await expect(page).toHaveTitle(/Détails étudiant \| Admin/);
    await page.getByRole('button', { name: 'Assigner cours' }).click();
    const courseDialog = page.getByRole('dialog', { name: 'Assigner un cours' });
    await choose(courseDialog, page, 'Cours', 'Sensibilisation à la cybersécurité');
    await courseDialog.getByRole('button', { name: 'Assigner' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Assigner le cours "Sensibilisation à la cybersécurité" à Nina ?' }).getByRole('button', { name: 'Oui, assigner' }).click();
    await expect(page.getByTestId('student-courses')).toContainText('Cours assignés (1)');
    await expect(page.getByTestId('student-courses')).toContainText('Sensibilisation à la cybersécurité');
    // The course's trainer follows the students enrolled in it (tutoring's policy, just after).
    const trainers = page.getByTestId('student-trainers');
    await reloadUntil(page, trainers, () => expect(trainers).toContainText('Julien Bernard', { timeout: 3_000 }));

    await page.getByRole('button', { name: 'Assigner formateur' }).click();
    const trainerDialog = page.getByRole('dialog', { name: 'Assigner un formateur' });
    await choose(trainerDialog, page, 'Formateur', `Claire Martin (${DEMO.trainer.email})`);
    await trainerDialog.getByRole('button', { name: 'Assigner' }).click();
    await expect(page.getByTestId('student-trainers')).toContainText('Formateurs assignés (2)');
    await expect(page.getByTestId('student-trainers')).toContainText('Claire Martin');
    await expectNoSeriousA11yViolations(page);
  });

  await test.step("'Mot de passe': a new password, e-mailed by default", async () => {
    await page.getByRole('button', { name: 'Mot de passe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le mot de passe' });
    await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Changer' }).click();
    await expect(page.getByText(/^Mot de passe mis à jour/)).toBeVisible();
  });

  await test.step('suspended, the student cannot sign in; reactivated, they can, with the new password, and find the course', async () => {
    await page.goto('/admin-users');
    await page.getByRole('textbox', { name: 'Rechercher un étudiant' }).fill(username);
    await page.getByRole('button', { name: `Suspendre : Nina Roux${tag}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Oui, suspendre' }).click();
    await expect(page.getByTestId('students-table').getByRole('row').filter({ hasText: username })).toContainText('Inactif');

    const student = await (await browser.newContext()).newPage();
    await student.goto('/user-login');
    await fillLogin(student, email, NEW_PASSWORD);
    await expect(student.getByText(specText("Vous avez ete deconnecte, Votre compte a ete desactive. Contactez l'administration."))).toBeVisible();

    await page.getByRole('button', { name: `Réactiver : Nina Roux${tag}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Oui, réactiver' }).click();
    await expect(page.getByTestId('students-table').getByRole('row').filter({ hasText: username })).toContainText('Actif');

    await student.goto('/user-login');
    await fillLogin(student, email, NEW_PASSWORD);
    await expect(student).toHaveURL(/\/user-dashboard$/);
    await expect(student.getByRole('region', { name: 'Suivi de mes cours' })).toContainText('Sensibilisation à la cybersécurité');
    await student.context().close();
  });

  await test.step("the student's row exports to Excel, built by the server: sheet 'Utilisateurs', the spec's columns", async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Exporter Nina Roux${tag} vers Excel` }).click()]);
    expect(download.suggestedFilename()).toBe(`Utilisateur_${username}.xlsx`);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.getWorksheet('Utilisateurs')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe(email);
    await expect(page.getByText('Export Excel généré avec succès !')).toBeVisible();
  });

  await test.step('deleted with a history (a course assigned), the account is closed: out of the list, no sign-in, the record still readable', async () => {
    await page.getByRole('link', { name: `Nina Roux${tag}` }).click();
    await page.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText("Supprimer l'étudiant");
    await expect(dialog).toContainText('son compte sera fermé');
    await dialog.getByRole('button', { name: 'Oui, supprimer !' }).click();
    await expect(page).toHaveURL(/\/admin-users$/);
    await expect(page.getByText(/L'étudiant a été supprimé avec succès/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Rechercher un étudiant' }).fill(username);
    await expect(page.getByTestId('students-table')).toContainText('Aucun étudiant ne correspond à cette recherche.');

    const student = await (await browser.newContext()).newPage();
    await student.goto('/user-login');
    await fillLogin(student, email, NEW_PASSWORD);
    await expect(student).not.toHaveURL(/\/user-dashboard$/);
    await student.context().close();
  });
});

// The dashboard, then progress tracking (issue 13): the list from the server, searched, and a date-range export built by
// the server over every matching student, opened here as a spreadsheet program would.
test("an admin follows the students' progress, searches it and exports a date range", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  const totals = page.getByRole('region', { name: 'Totaux de la plateforme' });
  await expect(totals.getByRole('link', { name: /Étudiants/ })).not.toContainText('–');
  await expect(page.getByTestId('dashboard-activity').getByRole('img')).toHaveAccessibleName(/Inscriptions et apprenants actifs par semaine sur 12 semaines/);
  await page.getByRole('region', { name: 'Quiz et suivi' }).getByRole('link', { name: /Suivi de progression/ }).click();
  await expect(page).toHaveURL(/\/admin-stat-dashboard-user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Suivi de progression' })).toBeVisible();
  const table = page.getByTestId('progress-table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('textbox', { name: 'Rechercher un étudiant' }).fill('Léa');
  const lea = table.getByRole('row').filter({ hasText: '@lea.dubois' });
  await expect(lea).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(lea.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /Exporter la période/ }).click();
  await expect(page.getByText('Merci de spécifier une date de début et de fin.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('textbox', { name: 'Rechercher un étudiant' }).fill('');
  await page.getByLabel('Date de début').fill('2020-01-01');
  await page.getByLabel('Date de fin').fill('2030-12-31');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Exporter la période/ }).click()]);
  expect(download.suggestedFilename()).toBe('Progression_2020-01-01_to_2030-12-31.xlsx');
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.getWorksheet('Progression')!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Nom complet', 'Email', "Nom d'utilisateur", "Date d'entrée", 'Cours', 'Progression', 'Temps total (s)', 'Temps total (HH:MM:SS)', 'Cours complétés']);
  const emails = [];
  for (let row = 2; row <= sheet.rowCount; row++) emails.push(String(sheet.getRow(row).getCell(2).value));
  expect(emails).toContain(DEMO.student.email);
  await expect(page.getByText(/^Fichier Progression_2020-01-01_to_2030-12-31\.xlsx téléchargé\.$/)).toBeVisible();
});
