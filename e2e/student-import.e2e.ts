import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// The bulk import of learners (issue 29 item 3, ADR 0052): an admin drops a file with mistakes, reads
// every row's problems in French (nothing imported), drops it fixed, imports it (a progress bar on the
// job queue), and reads the result with the link of the learner without e-mail, shown once.
test.beforeEach(async ({ context }) => watchCspViolations(context));

const HEADER = "Prénom;Nom;Email;Téléphone;Numéro de dossier;Type de dossier;Type de formation;Formation(s);Session;Date d'entrée;Date de sortie;Formateur (e-mail)";
const COURSE = 'Excel : tableaux croisés dynamiques';

test('an import with errors, then fixed', async ({ page }) => {
  test.info().setTimeout(180_000);
  const x = Date.now().toString(36);
  const broken = [
    HEADER,
    `Mélanie;Garnier;melanie.${x}@exemple.fr;06 21 43 65 87;CPF-${x};CPF;Distanciel;${COURSE};;04/01/2027;26/03/2027;`,
    `Sarah;Benhamou;sarah.${x}@exemple.fr;;;Personnel;Distanciel;${COURSE};;04/01/2027;21/12/2026;`,
    `Julien;Marchand;melanie.${x}@exemple.fr;;;France Travail;Distanciel;${COURSE};;11/01/2027;02/04/2027;`,
    `Fatou;Ndiaye;;06 98 76 54 32;;Personnel;Présentiel;${COURSE};;11/01/2027;02/04/2027;`,
  ].join('\n');
  const fixed = broken.replace('04/01/2027;21/12/2026', '04/01/2027;21/06/2027').replace(`Julien;Marchand;melanie.${x}`, `Julien;Marchand;julien.${x}`);

  await loginAs(page, 'admin');
  await page.goto('/admin-users');
  await page.getByRole('button', { name: 'Importer des étudiants' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des étudiants' });
  await expect(dialog.getByRole('button', { name: 'Télécharger le modèle' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const input = dialog.locator('input[type="file"]');
  await input.setInputFiles({ name: 'etudiants.csv', mimeType: 'text/csv', buffer: Buffer.from(broken, 'utf8') });
  await expect(dialog.getByText('Fichier choisi : etudiants.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(dialog.getByText('4 lignes lues, 3 avec des problèmes.')).toBeVisible();
  await expect(dialog.getByText("La date de sortie précède la date d'entrée.")).toBeVisible();
  await expect(dialog.getByText(`L’adresse e-mail « melanie.${x}@exemple.fr » figure aussi à la ligne 4.`)).toBeVisible();
  await expect(dialog.getByText('Rien n’a été importé. Corrigez le fichier puis déposez-le de nouveau.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Importer \d/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/student-import-preview-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/student-import-preview-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await input.setInputFiles({ name: 'etudiants-corrige.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed, 'utf8') });
  await expect(dialog.getByText('Fichier choisi : etudiants-corrige.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(dialog.getByText('4 lignes lues, aucun problème.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importer 4 étudiants' }).click();
  await expect(dialog.getByText('4 étudiants importés, avec leurs inscriptions.')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByText('1 étudiant sans e-mail : son lien d’activation n’est affiché qu’une fois.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Afficher les liens d’activation' }).click();
  await expect(dialog.getByText(/\/activation#jeton=[A-Za-z0-9_-]{40,}/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Télécharger les liens/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/student-import-result-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/student-import-result-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // The new learners are in the list.
  await page.getByLabel('Rechercher un étudiant').fill(`julien.${x}`);
  await expect(page.getByRole('link', { name: 'Julien Marchand' })).toBeVisible();
});
