import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiLogin, choose, expectNoSeriousA11yViolations, fillLogin, loginAs, pickDate, watchCspViolations } from './support';

// Certificates and attestations (issue 26 items 6 and 8, docs/adr/0035): an admin sets a learner's
// funding, then issues their certificat de réalisation from the learner's transcript page after
// reading the figures it will print (a partial completion: its reason chosen); the learner
// downloads it from their own transcript page: a PDF naming them.

test.beforeEach(async ({ context }) => watchCspViolations(context));

const COURSE = 'Sensibilisation à la cybersécurité';


test('an admin sets the funding and issues a certificate; the learner downloads it', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now()}`.slice(-7);
  const nom = `Rousseau${tag}`;
  const email = `manon.rousseau.${tag}@exemple.fr`;
  const password = 'un-mot-de-passe-solide';
  const { headers } = await apiLogin(request, 'admin');

  const { studentId, courseId } = await test.step('a learner enrolled in a course she has not started', async () => {
    const created = await request.post('/api/students/', {
      headers,
      data: {
        prenom: 'Manon', nom, email, telephone: '', nom_utilisateur_lms: `manon.rousseau.${tag}`, mot_de_passe_lms: password,
        numero_dossier: `DOS-${tag}`, type_dossier: 'OPCO', type_formation: 'Formation continue', formations: [], date_entree: null, date_sortie: null, send_welcome_email: false,
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
    return { studentId: id, courseId: course!.id };
  });

  await loginAs(page, 'admin');
  await test.step('the admin sets the enrolment’s funding on the student’s page', async () => {
    await page.goto(`/admin-student-detail/${studentId}`);
    const block = page.getByRole('region', { name: `Financement : ${COURSE}` });
    await block.getByRole('button', { name: `Modifier le financement : ${COURSE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Financement : ${COURSE}` });
    await choose(dialog, page, 'Financement', 'OPCO');
    await dialog.getByLabel('N° de dossier').fill(`ATLAS-2026-${tag}`);
    await dialog.getByLabel('Nom de l’employeur').fill('Transports Mercier et Fils');
    await dialog.getByLabel('SIRET de l’employeur').fill('512 347 896 00015');
    await pickDate(page, dialog, 'Date d’entrée', '05/10/2026');
    await pickDate(page, dialog, 'Date de sortie', '18/12/2026');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(block).toContainText(`ATLAS-2026-${tag}`);
  });

  await test.step('the admin reads the figures, chooses the reason of the partial completion and issues the certificate', async () => {
    await page.goto(`/admin-student-detail/${studentId}/releve/${courseId}`);
    const panel = page.getByTestId('documents-panel');
    await expect(panel).toContainText('Aucun document émis pour ce cours.');
    await panel.getByRole('button', { name: 'Émettre le certificat de réalisation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Émettre : Certificat de réalisation' });
    const preview = dialog.getByTestId('document-preview');
    await expect(preview).toContainText('Durée réalisée0 min');
    await expect(preview).toContainText('Taux de réalisation0 %');
    await expect(preview).toContainText(`OPCO — dossier n° ATLAS-2026-${tag}`);
    await expect(preview).toContainText('du 05/10/2026 au 18/12/2026');
    await expect(preview).toContainText('Transports Mercier et Fils');
    // Issuing without the reason is refused on the spot.
    await dialog.getByRole('button', { name: 'Émettre', exact: true }).click();
    await expect(dialog).toContainText('Choisissez le motif de la réalisation partielle.');
    await choose(dialog, page, 'Motif de la réalisation partielle', 'Abandon');
    await page.screenshot({ path: 'test-results/documents-issue-dialog-1280.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Émettre', exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = panel.getByRole('row').filter({ hasText: 'Certificat de réalisation' });
    await expect(row).toContainText('émis');
    await expect(row).toContainText('1');
    await expect(panel.getByRole('button', { name: 'Certificat de réalisation : émettre une nouvelle version' })).toBeVisible();
    await page.screenshot({ path: 'test-results/documents-admin-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/documents-admin-390.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  await test.step('the learner downloads it from her transcript page: a PDF naming her', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    await watchCspViolations(context);
    const learner = await context.newPage();
    await learner.goto('/user-login');
    await fillLogin(learner, email, password);
    await expect(learner).toHaveURL(/\/user-dashboard$/);
    await learner.goto(`/my-courses/${courseId}/releve`);
    const panel = learner.getByTestId('documents-panel');
    await expect(panel.getByRole('heading', { name: 'Mes documents' })).toBeVisible();
    const waiting = learner.waitForEvent('download');
    await panel.getByRole('button', { name: 'Télécharger : Certificat de réalisation, version 1' }).click();
    const download = await waiting;
    expect(download.suggestedFilename()).toMatch(/^certificat-de-realisation-v1-[34679ACDEFGHJKMNPQRTWXY]{12}\.pdf$/);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Nom et prénom du bénéficiaire : ${nom.toLocaleUpperCase('fr-FR')} Manon`);
    expect(flat).toContain('Motif de la réalisation partielle : abandon.');
    expect(flat).toContain(`Numéro de dossier : ATLAS-2026-${tag}.`);
    await learner.setViewportSize({ width: 390, height: 844 });
    await learner.screenshot({ path: 'test-results/documents-learner-390.png', fullPage: true });
    await learner.setViewportSize({ width: 1280, height: 800 });
    await learner.screenshot({ path: 'test-results/documents-learner-1280.png', fullPage: true });
    await expectNoSeriousA11yViolations(learner);
    await context.close();
  });
});
