import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// Satisfaction questionnaires (issue 29 item 4, ADR 0054): Léa finds the « à froid » questionnaire
// of her September session in « Questionnaires à remplir » (demo data: the daily dispatch invited
// her three weeks after the session's end), answers it once; the admin reads the results, the
// response rate now 2 of 2, her comment among the anonymous ones; every screen scanned with axe.

const COLD = 'Questionnaire à froid — trois semaines après';

test('a survey answered by a learner, and the admin’s results', async ({ browser }) => {
  test.setTimeout(300_000);
  const comment = `Je prépare maintenant les devis de l’atelier avec les modèles du cours (${Date.now()}).`;

  // A context each (axe needs pages of a context of their own), the CSP watched in both.
  const learnerContext = await browser.newContext();
  await watchCspViolations(learnerContext);
  const learner = await learnerContext.newPage();
  await loginAs(learner, 'student');
  await learner.getByRole('link', { name: 'Questionnaires à remplir', exact: true }).first().click();
  await expect(learner).toHaveURL(/\/mes-questionnaires$/);
  await expect(learner.getByRole('heading', { name: 'Questionnaires à remplir', level: 1 })).toBeVisible();
  const card = learner.locator('.survey-card').filter({ hasText: COLD });
  await expect(card).toContainText('Modèles de documents Word et Excel');
  await expectNoSeriousA11yViolations(learner);
  await card.getByRole('link', { name: `Répondre : ${COLD}` }).click();
  await expect(learner.getByRole('heading', { name: COLD, level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(learner);
  // A required question left out is said before anything is sent.
  await learner.getByRole('button', { name: 'Envoyer mes réponses' }).click();
  await expect(learner.getByText('Veuillez répondre à cette question.').first()).toBeVisible();
  await learner.getByRole('group', { name: /Utilisez-vous dans votre travail/ }).getByText('De temps en temps').click();
  await learner.getByRole('group', { name: /utilité de la formation/ }).getByText('4', { exact: true }).click();
  await learner.getByLabel(/Un exemple concret/).fill(comment);
  await learner.screenshot({ path: 'test-results/survey-form-1280.png', fullPage: true });
  await learner.getByRole('button', { name: 'Envoyer mes réponses' }).click();
  await expect(learner.getByRole('status').filter({ hasText: 'Vos réponses ont bien été enregistrées' })).toBeVisible();
  await learner.setViewportSize({ width: 390, height: 844 });
  await learner.screenshot({ path: 'test-results/survey-thanks-390.png', fullPage: true });
  await learner.setViewportSize({ width: 1280, height: 800 });
  await learner.goto('/mes-questionnaires');
  await expect(learner.getByRole('heading', { name: 'Questionnaires à remplir', level: 1 })).toBeVisible();
  await expect(learner.locator('.survey-card').filter({ hasText: COLD })).toHaveCount(0);

  // The public page without its token says so (an employer's link opened incomplete).
  await learner.goto('/questionnaire');
  await expect(learner.getByText('Ce lien est incomplet')).toBeVisible();
  await expectNoSeriousA11yViolations(learner);

  const adminContext = await browser.newContext();
  await watchCspViolations(adminContext);
  const admin = await adminContext.newPage();
  await loginAs(admin, 'admin');
  await admin.getByRole('link', { name: 'Questionnaires de satisfaction', exact: true }).first().click();
  await expect(admin).toHaveURL(/\/admin-questionnaires$/);
  const row = admin.getByRole('row').filter({ hasText: COLD });
  await expect(row).toContainText('À froid (après la formation)');
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({ path: 'test-results/questionnaires-admin-1280.png', fullPage: true });
  await admin.getByRole('button', { name: 'Nouveau questionnaire' }).click();
  await expect(admin.getByRole('dialog')).toContainText('Ajouter une question');
  await expectNoSeriousA11yViolations(admin);
  await admin.keyboard.press('Escape');
  await row.getByRole('link', { name: COLD }).click();
  await expect(admin.getByRole('heading', { name: `Résultats — ${COLD}` })).toBeVisible();
  await expect(admin.getByTestId('survey-results')).toContainText('Taux de réponse : 100');
  await expect(admin.getByTestId('survey-results')).toContainText('2 réponses sur 2 envois');
  await expect(admin.getByText(comment)).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({ path: 'test-results/survey-results-1280.png', fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: 'test-results/survey-results-390.png', fullPage: true });
  await admin.setViewportSize({ width: 1280, height: 800 });
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Exporter (.xlsx)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
