import { expect, test } from '@playwright/test';
import { choose, loginAs, watchCspViolations } from './support';

// Complaints and the improvement log (issue 29 item 6, ADR 0048): a visitor files a complaint from
// the footer's « Réclamation »; the admin finds it in the register, answers it, records the action
// taken, opens an improvement action and marks it treated; both registers download as XLSX; Léa
// reads her own complaint and its answer in « Mes réclamations » (demo data).

test.beforeEach(async ({ context }) => watchCspViolations(context));

test('a visitor files a complaint from the footer; the admin answers it, opens an improvement action, and the registers download', async ({ browser }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const text = `La vidéo du chapitre 2 ne se charge pas sur mon téléphone, seulement sur ordinateur (${stamp}).`;
  const answer = 'Bonjour, une version allégée des vidéos est en préparation ; en attendant, le support PDF reprend chaque étape.';
  const improvement = `Proposer des vidéos en basse définition sur mobile (${stamp}).`;

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Réclamation', exact: true }).click();
  await expect(visitor).toHaveURL(/\/reclamation$/);
  await expect(visitor.getByRole('heading', { name: 'Réclamation', level: 1 })).toBeVisible();
  await visitor.getByLabel('Nom et prénom').fill('Camille Roussel');
  await visitor.getByLabel('Adresse e-mail').fill(`camille.roussel.${stamp}@exemple.fr`);
  await choose(visitor, visitor, 'Objet de la réclamation', 'Plateforme, problème technique');
  // The list holds every published course: typed to narrow it, as a person would.
  await visitor.getByLabel('Formation concernée (facultatif)', { exact: true }).fill('tableaux croisés');
  await choose(visitor, visitor, 'Formation concernée (facultatif)', 'Excel : tableaux croisés dynamiques');
  await visitor.getByLabel('Votre réclamation').fill(text);
  await visitor.screenshot({ path: 'test-results/complaint-form-1280.png', fullPage: true });
  await visitor.getByRole('button', { name: 'Envoyer la réclamation' }).click();
  const receipt = visitor.getByRole('status').filter({ hasText: 'Réclamation enregistrée' });
  await expect(receipt).toBeVisible();
  const reference = /REC-[A-Z0-9]{6}/.exec((await receipt.textContent()) ?? '')![0];
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.screenshot({ path: 'test-results/complaint-receipt-390.png', fullPage: true });

  const admin = await browser.newPage();
  await loginAs(admin, 'admin');
  await admin.getByRole('link', { name: 'Réclamations', exact: true }).first().click();
  await expect(admin).toHaveURL(/\/admin-reclamations$/);
  const row = admin.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Camille Roussel (Visiteur)');
  await expect(row).toContainText('Reçue');
  await admin.screenshot({ path: 'test-results/complaints-register-1280.png', fullPage: true });
  await row.getByRole('link', { name: `Ouvrir la réclamation ${reference}` }).click();
  await expect(admin.getByRole('heading', { name: `Réclamation ${reference}` })).toBeVisible();
  await expect(admin.getByText(text)).toBeVisible();
  await expect(admin.getByTestId('complaint-detail')).toContainText('Excel : tableaux croisés dynamiques');

  await admin.getByLabel('Réponse (envoyée par e-mail à l’auteur)').fill(answer);
  await admin.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(admin.locator('.quality-answer').filter({ hasText: answer })).toBeVisible();
  await expect(admin.getByTestId('complaint-detail')).toContainText('En cours');
  await expect(admin.getByTestId('complaint-detail')).not.toContainText('sans réponse');

  await admin.getByLabel('Action menée', { exact: true }).fill('Support PDF indiqué ; vidéos allégées demandées au formateur.');
  await admin.getByRole('button', { name: 'Enregistrer l’action' }).click();
  await expect(admin.getByText('Action enregistrée.')).toBeVisible();

  await admin.getByRole('button', { name: 'Ouvrir une action d’amélioration' }).click();
  const form = admin.getByRole('form', { name: 'Ouvrir une action d’amélioration' });
  await form.getByLabel('Description').fill(improvement);
  await form.getByLabel('Responsable').fill('Référent numérique');
  await form.getByLabel('Échéance').fill('2027-01-31');
  await form.getByRole('button', { name: 'Ouvrir une action d’amélioration' }).click();
  await expect(admin.locator('.quality-card').filter({ hasText: improvement })).toContainText('À faire');

  await choose(admin, admin, 'Nouveau statut', 'Traitée');
  await admin.getByRole('button', { name: 'Enregistrer le statut' }).click();
  await expect(admin.getByText('Statut enregistré.')).toBeVisible();
  await expect(admin.locator('.quality-detail__grid')).toContainText('Traitée');
  await admin.screenshot({ path: 'test-results/complaint-detail-1280.png', fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: 'test-results/complaint-detail-390.png', fullPage: true });
  await admin.setViewportSize({ width: 1280, height: 800 });

  // The register downloads as a workbook holding the complaint.
  await admin.goto('/admin-reclamations');
  const [register] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Exporter (Excel)' }).click()]);
  expect(register.suggestedFilename()).toBe('registre-reclamations.xlsx');
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await register.path())!);
  const sheet = book.getWorksheet('Réclamations')!;
  const line = (sheet.getSheetValues() as unknown[][]).find((values) => values?.[1] === reference)!;
  expect(line[4]).toBe('Camille Roussel');
  expect(line[9]).toBe(text);
  expect(line[10]).toBe('Traitée');

  // The improvement log lists the action opened from the complaint, and downloads too.
  await admin.getByRole('link', { name: 'Amélioration continue' }).first().click();
  await expect(admin).toHaveURL(/\/admin-amelioration$/);
  const entry = admin.getByRole('row').filter({ hasText: improvement });
  await expect(entry).toContainText(`Réclamation ${reference}`);
  await expect(entry).toContainText('Référent numérique');
  await admin.screenshot({ path: 'test-results/improvements-1280.png', fullPage: true });
  const [log] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Exporter (Excel)' }).click()]);
  expect(log.suggestedFilename()).toBe('journal-amelioration.xlsx');
  const logBook = new ExcelJS.Workbook();
  await logBook.xlsx.readFile((await log.path())!);
  const logLine = (logBook.getWorksheet('Améliorations')!.getSheetValues() as unknown[][]).find((values) => values?.[5] === improvement)!;
  expect([logLine[3], logLine[4], logLine[8]]).toEqual(['Réclamation', reference, 'À faire']);
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: 'test-results/improvements-390.png', fullPage: true });

  // A signed-in learner reads her own complaints and the centre's answer (demo data).
  const learner = await browser.newPage();
  await loginAs(learner, 'student');
  await learner.getByRole('link', { name: 'Mes réclamations' }).first().click();
  await expect(learner).toHaveURL(/\/mes-reclamations$/);
  const mine = learner.locator('.quality-card').filter({ hasText: 'Le centre annonce une réponse sous 48 heures.' });
  await expect(mine).toContainText('En cours');
  await expect(mine).toContainText('Réponse du centre');
  await expect(learner.getByText(text)).toHaveCount(0);
  await learner.screenshot({ path: 'test-results/my-complaints-1280.png', fullPage: true });
});
