import { expect, test } from '@playwright/test';
import { apiLogin, choose, expectNoSeriousA11yViolations, loginAs, pickDate } from './support';

// Funding per enrolment (issue 26 item 4, docs/adr/0032): an admin opens a student's page, sees a
// followed course's funding taken from the student record, sets the enrolment's own (OPCO, dossier,
// employer and SIRET, entry and exit dates picked in the French date picker), and sees it, kept;
// then the enrolment's employer and funder contacts the questionnaires go to (issue 29 item 4, ADR 0054).

const COURSE = 'Sensibilisation à la cybersécurité';


test('an admin sets the funding of a student’s course and sees it, each value with its source', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now()}`.slice(-7);
  const { headers } = await apiLogin(request, 'admin');

  const studentId = await test.step('a student with a record (CPF, a dossier, an entry date), enrolled in a course', async () => {
    const created = await request.post('/api/students/', {
      headers,
      data: {
        prenom: 'Camille',
        nom: `Garnier${tag}`,
        email: `camille.garnier.${tag}@exemple.fr`,
        telephone: '',
        nom_utilisateur_lms: `camille.garnier.${tag}`,
        mot_de_passe_lms: 'un-mot-de-passe-solide',
        numero_dossier: `CPF-${tag}`,
        type_dossier: 'CPF',
        type_formation: 'Formation continue',
        formations: [],
        date_entree: '2026-09-07',
        date_sortie: null,
        send_welcome_email: false,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).id as number;
    let course: { id: number; title: string } | undefined;
    for (let next: string | null = '/api/course/?page=1'; next && !course; ) {
      const found = (await (await request.get(next)).json()) as { results: { id: number; title: string }[]; next: string | null };
      course = found.results.find((c) => c.title === COURSE);
      next = found.next;
    }
    expect(course, COURSE).toBeDefined();
    // Access tokens live 10 s in e2e: on a loaded machine the catalogue's pages may outlast the first one.
    const enrolled = await request.post('/api/student-enroll-course/', { headers: (await apiLogin(request, 'admin')).headers, data: { student: id, course: course!.id } });
    expect(enrolled.status(), await enrolled.text()).toBe(201);
    return id;
  });

  await loginAs(page, 'admin');
  await page.goto(`/admin-student-detail/${studentId}`);
  const block = page.getByRole('region', { name: `Financement : ${COURSE}` });

  await test.step('the course’s funding falls back on the student record, and says so', async () => {
    await expect(block).toContainText('CPFdepuis le dossier de l’étudiant');
    await expect(block).toContainText(`CPF-${tag}depuis le dossier de l’étudiant`);
    await expect(block).toContainText('07/09/2026');
    await expect(block.getByText('Date de sortie').locator('xpath=following-sibling::dd')).toHaveText('Non renseigné');
  });

  await test.step('the dialog: OPCO, its dossier, the employer and its SIRET, the dates in the French picker', async () => {
    await block.getByRole('button', { name: `Modifier le financement : ${COURSE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Financement : ${COURSE}` });
    await expect(dialog.getByLabel('SIRET de l’employeur')).toHaveCount(0);
    await choose(dialog, page, 'Financement', 'OPCO');
    await dialog.getByLabel('N° de dossier').fill(`ATLAS-2026-${tag}`);
    await dialog.getByLabel('Nom de l’employeur').fill('Transports Mercier et Fils');
    await dialog.getByLabel('SIRET de l’employeur').fill('512 347 896 00016');
    await pickDate(page, dialog, 'Date d’entrée', '05/10/2026');
    await pickDate(page, dialog, 'Date de sortie', '18/12/2026');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    // The server refuses a SIRET whose key is wrong, in French, under the field; nothing is saved.
    await expect(dialog.getByText('Le SIRET de l’employeur n’est pas valide.')).toBeVisible();
    await dialog.getByLabel('SIRET de l’employeur').fill('512 347 896 00015');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the block shows the enrolment’s values, kept after a reload; the student record is unchanged', async () => {
    for (const scope of ['before', 'after'] as const) {
      if (scope === 'after') await page.reload();
      await expect(block).toContainText('OPCOsaisi pour ce cours');
      await expect(block).toContainText(`ATLAS-2026-${tag}saisi pour ce cours`);
      await expect(block).toContainText('Transports Mercier et Fils (SIRET 51234789600015)');
      await expect(block).toContainText('05/10/2026saisi pour ce cours');
      await expect(block).toContainText('18/12/2026saisi pour ce cours');
    }
    // A new login: the access token lives 10 s here.
    const again = await apiLogin(request, 'admin');
    const record = await (await request.get(`/api/admin/students/${studentId}/`, { headers: again.headers })).json();
    expect(record).toMatchObject({ numero_dossier: `CPF-${tag}`, type_dossier: 'CPF', date_entree: '2026-09-07', date_sortie: null });
  });

  await test.step('the contacts for the questionnaires: a bad e-mail refused in French, then the employer and the funder saved; axe at 1280 and 390 px', async () => {
    const contacts = page.getByRole('region', { name: `Contacts pour les questionnaires : ${COURSE}` });
    await expect(contacts.getByText('Employeur').locator('xpath=following-sibling::dd')).toHaveText('Non renseigné');
    await contacts.getByRole('button', { name: `Modifier les contacts : ${COURSE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Contacts : ${COURSE}` });
    await dialog.getByLabel('Nom du contact').fill('Julien Martin');
    await dialog.getByLabel('E-mail de l’employeur').fill('rh@boulangerie');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('L’adresse e-mail de l’employeur n’est pas valide (exemple : rh@entreprise.fr, 254 caractères au plus).')).toBeVisible();
    await dialog.getByLabel('E-mail de l’employeur').fill(`rh.${tag}@boulangerie-martin.fr`);
    await dialog.getByLabel('Nom du financeur').fill('OPCO EP');
    await dialog.getByLabel('E-mail du financeur').fill('conseil.idf@opcoep.fr');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/contacts-dialog-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'test-results/contacts-dialog-1280.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(contacts).toContainText(`Transports Mercier et Fils · Julien Martin · rh.${tag}@boulangerie-martin.fr`);
    await expect(contacts).toContainText('OPCO EP · conseil.idf@opcoep.fr');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/contacts-block-390.png', fullPage: true });
  });
});
