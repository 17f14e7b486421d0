import { expect, test } from '@playwright/test';
import { apiLogin, choose, DEMO, expectNoSeriousA11yViolations, fillLogin, loginAs } from './support';
import { specText } from '../frontend/src/test/spec-text';

const PASSWORD = 'un-mot-de-passe-solide';

// The back office's trainers (issue 13): an admin creates a trainer, gives them a course no one
// teaches, assigns them a student and takes it back, suspends them (they cannot sign in) and
// reactivates them (they can); deleting them then closes the account (they have a course: the
// history is kept), and a trainer without any history is removed for good.
// The course made for the journey leaves the public catalogue afterwards, whatever happened: the
// catalogue's journeys count the demo's courses.
let madeCourseId: number | null = null;
test.afterEach(async ({ request }) => {
  if (madeCourseId === null) return;
  const removed = await request.delete(`/api/course/${madeCourseId}/`, { headers: (await apiLogin(request, 'admin')).headers });
  expect(removed.ok(), `the journey's course withdrawn: ${await removed.text()}`).toBe(true);
  madeCourseId = null;
});

test('an admin creates a trainer, assigns a course and a student, suspends, reactivates and deletes trainers', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now()}`.slice(-7);
  const name = `Sophie Durand${tag}`;
  const email = `sophie.durand.${tag}@exemple.fr`;
  const courseTitle = `Cours sans formateur ${tag}`;
  // A course without a trainer, created by an admin beside the page.
  const admin = await apiLogin(request, 'admin');
  const categories = await (await request.get('/api/category/')).json();
  const created = await request.post('/api/course/', { headers: admin.headers, data: { category: categories[0].id, title: courseTitle, description: 'Un cours que personne n’anime encore.' } });
  expect(created.ok(), `the course without a trainer: ${await created.text()}`).toBe(true);
  madeCourseId = ((await created.json()) as { id: number }).id;

  await loginAs(page, 'admin');
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Formateurs' }).click();
  await expect(page).toHaveURL(/\/admin-teachers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Formateurs' })).toBeVisible();
  await expect(page.getByText(/^Affichage des formateurs 1 à \d sur \d+$/)).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Rechercher un formateur' });
  const row = page.getByTestId('teachers-table').getByRole('row').filter({ hasText: name });

  await test.step("'Nouveau Formateur': the trainer and their login in one dialog", async () => {
    await page.getByRole('button', { name: 'Nouveau Formateur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau Formateur' });
    await dialog.getByLabel('Prénom').fill('Sophie');
    await dialog.getByLabel('Nom', { exact: true }).fill(`Durand${tag}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Lien Calendly').fill('https://calendly.com/sophie-durand');
    await dialog.getByLabel("Nom d'utilisateur").fill(`sophie.durand.${tag}`);
    await dialog.getByLabel('Mot de passe').fill(PASSWORD);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await expect(page.getByText('Le formateur a été créé avec succès.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await search.fill(`Durand${tag}`);
    await expect(page.getByText('Affichage des formateurs 1 à 1 sur 1')).toBeVisible();
    await expect(row).toContainText(email);
    await expect(row).toContainText('Actif');
  });

  await test.step("'Assigner un cours': a course no one teaches", async () => {
    await row.getByRole('button', { name: `Assigner un cours : ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Assigner un cours à ${name}` });
    await expect(dialog.getByText('Veuillez sélectionner un cours')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Assigner' })).toBeDisabled();
    await choose(dialog, page, 'Cours', courseTitle);
    await dialog.getByRole('button', { name: 'Assigner' }).click();
    await expect(page.getByText('Cours assigné avec succès !')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The course is theirs now: no longer offered.
    const trainers = await (await request.get(`/api/formateur/?search=Durand${tag}&page=1`, { headers: (await apiLogin(request, 'admin')).headers })).json();
    const unassigned = await (await request.get(`/api/formateur/${trainers.results[0].id}/courses/unassigned/`, { headers: (await apiLogin(request, 'admin')).headers })).json();
    expect(unassigned.results.map((course: { title: string }) => course.title)).not.toContain(courseTitle);
  });

  await test.step('the students dialog: assign a student, then take them back', async () => {
    await row.getByRole('button', { name: `Étudiants : ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Étudiants de ${name}` });
    const assigned = dialog.getByTestId('teacher-students-assigned');
    const available = dialog.getByTestId('teacher-students-unassigned');
    await expect(assigned.getByRole('heading', { name: 'Étudiants assignés (0)' })).toBeVisible();
    await expect(assigned.getByText('Aucun étudiant assigné.')).toBeVisible();
    await available.getByRole('textbox', { name: 'Rechercher parmi les étudiants disponibles' }).fill('hugo');
    await expect(available.getByRole('heading', { name: 'Étudiants disponibles (1)' })).toBeVisible();
    await available.getByRole('button', { name: /^Assigner Hugo/ }).click();
    await expect(assigned.getByRole('heading', { name: 'Étudiants assignés (1)' })).toBeVisible();
    await expect(assigned).toContainText(DEMO.student2.email);
    await expect(available.getByRole('heading', { name: 'Étudiants disponibles (0)' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await assigned.getByRole('button', { name: /^Retirer Hugo/ }).click();
    await expect(assigned.getByRole('heading', { name: 'Étudiants assignés (0)' })).toBeVisible();
    await expect(available.getByRole('heading', { name: 'Étudiants disponibles (1)' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await expect(dialog).toBeHidden();
  });

  await test.step('suspended, the trainer cannot sign in; reactivated, they can', async () => {
    await row.getByRole('button', { name: `Suspendre : ${name}` }).click();
    await page.getByRole('dialog').filter({ hasText: `Suspendre le compte de ${name} ?` }).getByRole('button', { name: 'Oui, suspendre' }).click();
    await expect(page.getByText(`Le compte de ${name} est suspendu.`)).toBeVisible();
    await expect(row).toContainText('Inactif');

    const trainer = await (await browser.newContext()).newPage();
    await trainer.goto('/teacher-login');
    await fillLogin(trainer, email, PASSWORD);
    await expect(trainer.getByText(specText('Votre compte a ete desactive'))).toBeVisible();
    await expect(trainer).toHaveURL(/\/teacher-login$/);

    await row.getByRole('button', { name: `Réactiver : ${name}` }).click();
    await page.getByRole('dialog').filter({ hasText: `Réactiver le compte de ${name} ?` }).getByRole('button', { name: 'Oui, réactiver' }).click();
    await expect(row).toContainText('Actif');

    await trainer.goto('/teacher-login');
    await fillLogin(trainer, email, PASSWORD);
    await expect(trainer).toHaveURL(/\/teacher-dashboard$/);
    await trainer.context().close();
  });

  await test.step('deleting a trainer with a course closes the account and keeps the history', async () => {
    await row.getByRole('button', { name: `Supprimer : ${name}` }).click();
    const plan = page.getByTestId('teacher-removal-plan');
    await expect(plan).toContainText('son compte sera fermé');
    await expect(plan).not.toContainText('Cette action est irréversible !');
    await page.getByRole('dialog').filter({ has: plan }).getByRole('button', { name: 'Oui, supprimer !' }).click();
    await expect(page.getByText('Le formateur a été supprimé. Son compte est fermé et son historique conservé.')).toBeVisible();
    await expect(page.getByText('Aucun formateur ne correspond à cette recherche.')).toBeVisible();
  });

  await test.step('a trainer without any history is removed for good', async () => {
    const fresh = await request.post('/api/formateur/', {
      headers: (await apiLogin(request, 'admin')).headers,
      data: { prenom: 'Paul', nom: `Sanshisto${tag}`, email: `paul.${tag}@exemple.fr`, user: { username: `paul.${tag}`, email: `paul.${tag}@exemple.fr`, password: PASSWORD } },
    });
    expect(fresh.ok(), 'the trainer without history').toBe(true);
    await search.fill(`Sanshisto${tag}`);
    const paul = page.getByTestId('teachers-table').getByRole('row').filter({ hasText: `Paul Sanshisto${tag}` });
    await paul.getByRole('button', { name: `Supprimer : Paul Sanshisto${tag}` }).click();
    const plan = page.getByTestId('teacher-removal-plan');
    await expect(plan).toContainText('aucun historique');
    await expect(plan).toContainText('Cette action est irréversible !');
    await page.getByRole('dialog').filter({ has: plan }).getByRole('button', { name: 'Oui, supprimer !' }).click();
    await expect(page.getByText('Le formateur a été supprimé.', { exact: true })).toBeVisible();
    await expect(paul).toHaveCount(0);
  });
});
