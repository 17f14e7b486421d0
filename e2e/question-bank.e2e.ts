import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, choose, expectNoSeriousA11yViolations, loginAs } from './support';

// Issue 28 item 2, second half (docs/adr/0045-question-types-shuffling-and-bank.md): Claire builds
// a question bank (a question with several right answers and a true/false one), a quiz drawing both
// from it, shuffled; Léa, who follows Claire's templates course in the demo, takes it and reads the
// correction.

const COURSE = 'Modèles de documents Word et Excel';
const DESKTOP = { width: 1280, height: 900 };
const MULTI = { question: 'Lesquels de ces logiciels sont des tableurs ?', answers: ['Excel', 'Word', 'LibreOffice Calc', 'PowerPoint'], right: ['Excel', 'LibreOffice Calc'] };
const TF = { question: 'Le raccourci Ctrl + Z annule la dernière action.', right: 'Vrai' };

async function courseId(request: APIRequestContext, title: string): Promise<number> {
  for (let next: string | null = '/api/course/?page=1'; next; ) {
    const page = (await (await request.get(next)).json()) as { results: { id: number; title: string }[]; next: string | null };
    const course = page.results.find((c) => c.title === title);
    if (course) return course.id;
    next = page.next;
  }
  throw new Error(`no course ${title}`);
}

/** Axe on what the page shows now, at 1280 px and at 390 px (the helper does both), with a screenshot at each width to look at. */
async function axeAtBothWidths(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test.describe.serial('the trainer’s question bank', () => {
  const stamp = Date.now();
  const category = `Bureautique ${stamp}`;
  const title = `Évaluation tirée ${stamp}`;
  let quizId = 0;

  test.afterAll(async ({ request }) => {
    const admin = await apiLogin(request, 'admin');
    // Léa's answers stay: the quiz is archived; the bank's questions are archived, never deleted.
    if (quizId) await request.delete(`/api/quiz/${quizId}/`, { headers: admin.headers });
    const claire = await apiLogin(request, 'trainer');
    const bank = (await (await request.get(`/api/question-bank?category=${encodeURIComponent(category)}`, { headers: claire.headers })).json()) as { id: number }[];
    for (const q of bank) await request.delete(`/api/question-bank/${q.id}`, { headers: claire.headers });
  });

  test('a trainer builds a bank with a multi-answer and a true/false question, then a quiz drawing from it', async ({ page, request }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(DESKTOP);
    await loginAs(page, 'trainer');
    await page.getByRole('link', { name: 'Banque de questions' }).first().click();
    await expect(page).toHaveURL(/\/question-bank$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Banque de questions' })).toBeVisible();

    // A question with several right answers.
    await page.getByRole('button', { name: 'Nouvelle question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une question à la banque' });
    const kind = (name: string) => dialog.locator('label.ant-radio-button-wrapper').filter({ hasText: new RegExp(`^${name}$`) });
    await kind('Plusieurs bonnes réponses').click();
    await expect(dialog.getByRole('radio', { name: 'Plusieurs bonnes réponses' })).toBeChecked();
    await dialog.getByLabel('Question', { exact: true }).fill(MULTI.question);
    for (const [i, text] of MULTI.answers.entries()) await dialog.getByRole('textbox', { name: new RegExp(`Réponse ${i + 1}$`) }).fill(text);
    for (const text of MULTI.right) await dialog.getByRole('checkbox', { name: text, exact: true }).check();
    await dialog.getByLabel('Catégorie', { exact: true }).fill(category);
    await axeAtBothWidths(page, 'bank-dialog');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: MULTI.question })).toBeVisible();

    // A true/false question.
    await page.getByRole('button', { name: 'Nouvelle question' }).click();
    await kind('Vrai ou faux').click();
    await expect(dialog.getByRole('radio', { name: 'Vrai ou faux' })).toBeChecked();
    await dialog.getByLabel('Question', { exact: true }).fill(TF.question);
    await dialog.getByRole('radio', { name: TF.right, exact: true }).check();
    await dialog.getByLabel('Catégorie', { exact: true }).fill(category);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: TF.question })).toBeVisible();
    await axeAtBothWidths(page, 'bank-list');

    // The quiz: « Tirage depuis la banque », both questions, shuffled.
    await page.goto('/add-quiz');
    await page.getByLabel('Titre', { exact: true }).fill(title);
    await page.getByLabel('Seuil de réussite', { exact: true }).fill('50');
    await page.getByRole('radio', { name: 'Tirage depuis la banque' }).check();
    await choose(page, page, 'Catégorie de la banque', `${category} (2 questions)`);
    await page.getByLabel('Nombre de questions tirées', { exact: true }).fill('2');
    await page.getByRole('switch', { name: 'Mélanger les questions et les réponses' }).click();
    await axeAtBothWidths(page, 'quiz-form-bank');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/all-questions\/\d+$/);
    quizId = Number(page.url().split('/').pop());
    const claire = await apiLogin(request, 'trainer');
    expect(await (await request.get(`/api/quiz/${quizId}/`, { headers: claire.headers })).json()).toMatchObject({ draw_category: category, draw_count: 2, shuffle: true, pass_mark: 50 });
    const course = await courseId(request, COURSE);
    expect((await request.post('/api/quiz-assign-course/', { headers: claire.headers, data: { teacher: claire.formateur_id, course, quiz: quizId } })).ok()).toBe(true);
  });

  test('a learner takes the drawn quiz (checkboxes, then true/false in the order the server chose) and reads the correction', async ({ page, request }) => {
    test.setTimeout(300_000);
    expect(quizId).toBeGreaterThan(0);
    const course = await courseId(request, COURSE);
    await page.setViewportSize(DESKTOP);
    await loginAs(page, 'student');
    await page.goto(`/take-quiz/${quizId}?course=${course}`);
    const submit = page.getByRole('button', { name: 'Valider ma réponse' });
    for (let i = 0; i < 2; i++) {
      await expect(page.getByText(`Question ${i + 1} sur 2`)).toBeVisible();
      // The order is the server's (drawn and shuffled): read which question came.
      const heading = page.getByRole('heading', { level: 2 }).filter({ hasText: /tableurs|Ctrl \+ Z/ });
      await expect(heading).toBeVisible();
      const text = (await heading.textContent())?.trim();
      if (text === MULTI.question) {
        await expect(page.getByText('Plusieurs réponses peuvent être justes : cochez toutes les bonnes réponses.')).toBeVisible();
        if (i === 0) await axeAtBothWidths(page, 'player-multiple');
        // Only one of the two right answers: wrong (all-or-nothing).
        await page.getByRole('checkbox', { name: MULTI.right[0], exact: true }).check();
      } else {
        await expect(page.getByRole('radio')).toHaveCount(2);
        await page.getByRole('radio', { name: TF.right, exact: true }).check();
      }
      await submit.click();
    }
    const result = page.getByRole('region', { name: 'Quiz terminé' });
    await expect(result.getByTestId('quiz-score')).toHaveText('1 bonne réponse sur 2');
    await result.getByRole('button', { name: 'Voir la correction' }).click();
    const review = page.getByRole('region', { name: 'Correction de la tentative 1' });
    const multi = review.getByRole('listitem').filter({ hasText: MULTI.question });
    await expect(multi).toContainText(`Votre réponse${MULTI.right[0]}`);
    await expect(multi).toContainText(`La bonne réponse${MULTI.right.join(' ; ')}`);
    await expect(review.getByRole('listitem').filter({ hasText: TF.question })).toContainText('Bonne réponse');
    await axeAtBothWidths(page, 'review-bank');
  });

  test('a trainer imports a file with an error, reads it, imports it fixed, then copies a quiz’s question into the bank', async ({ page, request }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(DESKTOP);
    await loginAs(page, 'trainer');
    await page.goto('/question-bank');
    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des questions dans la banque' });
    await expect(dialog.getByRole('button', { name: /Modèle d’import/ })).toBeVisible();
    const header = 'Catégorie;Type;Question;Réponse 1;Réponse 2;Réponse 3;Réponse 4;Bonne(s) réponse(s);Explication;Étiquettes';
    const good = `${category};choix unique;Quelle fonction additionne une plage ?;SOMME;MOYENNE;NB;MAX;SOMME;SOMME(A1:A10).;formules`;
    const file = (lines: string[]) => ({ name: 'questions.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8') });
    await dialog.locator('input[type=file]').setInputFiles(file([header, good, `${category};choix unique;Quelle touche valide une cellule ?;Entrée;Échap;Tab;Suppr;Espace;;`]));
    await expect(dialog.getByText('Une ligne a des erreurs sur 2 questions lues.')).toBeVisible();
    await expect(dialog.getByRole('cell', { name: 'La bonne réponse « Espace » n’est pas parmi les réponses.' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Importer', exact: true })).toBeDisabled();
    await axeAtBothWidths(page, 'bank-import-errors');
    await dialog.locator('input[type=file]').setInputFiles(file([header, good, `${category};choix unique;Quelle touche valide une cellule ?;Entrée;Échap;Tab;Suppr;Entrée;;`]));
    await expect(dialog.getByText('2 questions prêtes à être importées.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Importer les 2 questions' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('2 questions importées dans la banque.')).toBeVisible();
    await expect(page.getByRole('cell', { name: /Quelle touche valide une cellule \?/ })).toBeVisible();

    // « Copier dans la banque » from a quiz's own question list.
    const claire = await apiLogin(request, 'trainer');
    const own = (await (await request.post('/api/quiz/', { headers: claire.headers, data: { teacher: claire.formateur_id, title: `Quiz à copier ${stamp}`, detail: '' } })).json()) as { id: number };
    const copied = 'Quel format enregistre un classeur avec macros ?';
    await request.post(`/api/quiz-questions/${own.id}`, { headers: claire.headers, data: { questions: copied, ans1: '.xlsm', ans2: '.xlsx', ans3: '.csv', ans4: '.ods', right_ans: '.xlsm' } });
    await page.goto(`/all-questions/${own.id}`);
    await page.getByRole('button', { name: 'Copier la question 1 dans la banque' }).click();
    const copy = page.getByRole('dialog', { name: 'Copier la question 1 dans la banque' });
    await copy.getByLabel('Catégorie', { exact: true }).fill(category);
    await axeAtBothWidths(page, 'copy-to-bank');
    await copy.getByRole('button', { name: 'Copier', exact: true }).click();
    await expect(copy).toBeHidden();
    await expect(page.getByText(`Question copiée dans la banque (catégorie « ${category} »).`)).toBeVisible();
    // A fresh sign-in: access tokens live 10 s here.
    const again = await apiLogin(request, 'trainer');
    const bank = (await (await request.get(`/api/question-bank?category=${encodeURIComponent(category)}`, { headers: again.headers })).json()) as { questions: string }[];
    expect(bank.map((q) => q.questions)).toContain(copied);
    const admin = await apiLogin(request, 'admin');
    await request.delete(`/api/quiz/${own.id}/`, { headers: admin.headers });
  });
});
