import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, apiLogin, choose, expectNoSeriousA11yViolations, loginAs } from './support';
import { specText } from '../frontend/src/test/spec-text';

/** Claire's course that Léa follows, and the quiz step the demo placed in it (backend/src/demo/demo-quizzes.ts). */
const COURSE_TITLE = 'Modèles de documents Word et Excel';
const DEMO_QUIZ = 'Les modèles de documents';

const QUESTIONS = [
  { text: 'Quel raccourci enregistre un document ?', answers: ['Ctrl + S', 'Ctrl + P', 'Ctrl + Z', 'Ctrl + A'], right: 'Ctrl + S' },
  { text: 'Où choisit-on un modèle au démarrage de Word ?', answers: ['Dans Fichier > Nouveau', 'Dans Affichage', 'Dans Révision', 'Dans Aide'], right: 'Dans Fichier > Nouveau' },
  { text: 'Quelle extension porte un classeur Excel ?', answers: ['.docx', '.xlsx', '.pptx', '.txt'], right: '.xlsx' },
];
/** Léa's first attempt: right, wrong, right. */
const LEA_CHOICES = [QUESTIONS[0]!.right, QUESTIONS[1]!.answers[2]!, QUESTIONS[2]!.right];
const EDITED = { text: 'Où choisit-on un modèle en créant un document ?', answer: 'Dans Fichier > Nouveau document' };

async function logout(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/login$/);
}

const visibleOptions = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option-content');

async function fillQuestion(page: Page, scope: Page | Locator, question: (typeof QUESTIONS)[number]) {
  await scope.getByLabel('Question', { exact: true }).fill(question.text);
  for (const [index, answer] of question.answers.entries()) await scope.getByLabel(`Réponse ${index + 1}`, { exact: true }).fill(answer);
  await choose(scope, page, 'Bonne réponse', question.right);
}

async function answerQuestion(page: Page, answer: string) {
  await page.getByRole('radio', { name: answer, exact: true }).check();
  await page.getByRole('button', { name: 'Valider ma réponse' }).click();
}

/** What the server says of Léa's current attempt. */
async function leaResult(request: APIRequestContext, quizId: number) {
  const login = await apiLogin(request, 'student');
  const answer = await request.get(`/api/fetch-quiz-result/${quizId}/${login.student_id}`, { headers: login.headers });
  expect(answer.ok()).toBe(true);
  return answer.json();
}

// One quiz goes through the three journeys, in order: written and assigned, taken, edited.
test.describe.serial('quizzes', () => {
  const title = `Les raccourcis du bureau ${Date.now()}`;
  let quizId = 0;
  let courseId = 0;

  test.afterAll(async ({ request }) => {
    // Léa's answers are kept (the quiz is archived); the demo's quiz stays the only one of the course.
    if (quizId) await request.delete(`/api/quiz/${quizId}/`, { headers: (await apiLogin(request, 'admin')).headers });
  });

  test('a trainer writes a quiz of three questions and assigns it to one of their courses', async ({ page }) => {
    test.setTimeout(150_000);
    await loginAs(page, 'trainer');

    await test.step('the quiz, from the side menu', async () => {
      await page.getByRole('navigation', { name: 'Espace Formateur' }).getByRole('link', { name: 'Mes quiz' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mes quiz' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('link', { name: 'Nouveau quiz' }).click();
      await page.getByLabel('Titre', { exact: true }).fill(title);
      await page.getByLabel('Description', { exact: true }).fill('Trois questions sur les gestes de tous les jours dans Word et Excel, pour vérifier les acquis.');
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page).toHaveURL(/\/all-questions\/\d+$/);
      quizId = Number(page.url().split('/').pop());
      await expect(page.getByRole('heading', { level: 1, name: `Questions : ${title}` })).toBeVisible();
      await expect(page.getByText('Aucune question trouvée.')).toBeVisible();
    });

    await test.step('its three questions, each added from its questions page and back to it', async () => {
      for (const [index, question] of QUESTIONS.entries()) {
        await page.getByRole('link', { name: 'Ajouter une question' }).click();
        await expect(page).toHaveURL(new RegExp(`/add-question/${quizId}$`));
        await expect(page.getByRole('heading', { level: 1, name: 'Ajouter une question' })).toBeVisible();
        if (index === 0) {
          // The right answer is offered only among the answers typed so far.
          await page.getByLabel('Réponse 1', { exact: true }).fill(question.answers[0]!);
          await page.getByLabel('Réponse 3', { exact: true }).fill(question.answers[2]!);
          await page.getByLabel('Bonne réponse', { exact: true }).click();
          await expect(visibleOptions(page)).toHaveText([question.answers[0]!, question.answers[2]!]);
          await page.keyboard.press('Escape');
        }
        await fillQuestion(page, page, question);
        if (index === 0) await expectNoSeriousA11yViolations(page);
        await page.getByRole('button', { name: 'Enregistrer' }).click();
        await expect(page).toHaveURL(new RegExp(`/all-questions/${quizId}$`));
        await expect(page.getByRole('heading', { level: 2, name: `Question ${index + 1}` })).toBeVisible();
      }
      // As stored: reloaded from the server, in order, each with its right answer marked.
      await page.reload();
      await expect(page.locator('.question-list__text')).toHaveText(QUESTIONS.map((question) => question.text));
      await expect(page.locator('.question-list__answer.is-right')).toHaveText(QUESTIONS.map((question) => new RegExp(`^${question.right.replace(/[.+]/g, '\\$&')}`)));
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('the list counts them, cuts the detail at 50 characters and asks before deleting', async () => {
      await page.getByRole('link', { name: 'Mes quiz' }).first().click();
      const row = page.getByRole('row').filter({ hasText: title });
      await expect(row.getByRole('cell').nth(1)).toHaveText('3');
      await expect(row).toContainText('Trois questions sur les gestes de tous les jours d…');
      await row.getByRole('button', { name: `Supprimer : ${title}` }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: specText('Supprimer ce quiz ? Cette action est irreversible.') });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Annuler' }).click();
      await expect(confirm).toBeHidden();
      await expect(row).toBeVisible();
    });

    await test.step('the trainer assigns it to a course from the course list', async () => {
      await page.getByRole('navigation', { name: 'Espace Formateur' }).getByRole('link', { name: 'Mes cours' }).click();
      await page.getByRole('link', { name: `Quiz du cours : ${COURSE_TITLE}` }).click();
      await expect(page).toHaveURL(/\/assign-quiz\/\d+$/);
      courseId = Number(page.url().split('/').pop());
      await expect(page.getByRole('heading', { level: 1, name: `Quiz du cours : ${COURSE_TITLE}` })).toBeVisible();
      const item = page.locator('.assign-list__item').filter({ hasText: title });
      await expect(item).toContainText('Non assigné');
      await expectNoSeriousA11yViolations(page);
      await item.getByRole('button', { name: `Assigner ${title}` }).click();
      await expect(page.getByText('Quiz assigné au cours.')).toBeVisible();
      // Read again from the server.
      await page.reload();
      await expect(item.getByText('Assigné', { exact: true })).toBeVisible();
      await expect(item.getByRole('button', { name: `Retirer ${title} du cours` })).toBeVisible();
    });

    await test.step("the course preview shows the course's quiz step read only", async () => {
      await page.goto(`/course-preview/${courseId}`);
      await page.getByRole('navigation', { name: 'Sommaire du cours' }).getByRole('button', { name: new RegExp(`Quiz : ${DEMO_QUIZ}`) }).click();
      const preview = page.getByTestId('quiz-preview');
      await expect(preview.getByText(`Quiz : ${DEMO_QUIZ}`, { exact: true })).toBeVisible();
      await expect(preview.getByText('3 questions')).toBeVisible();
      await expect(preview.locator('.quiz-preview__question')).toHaveCount(3);
      await expect(page.getByRole('radio')).toHaveCount(0);
      await expect(preview.getByRole('button')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });
    await logout(page, '/teacher-logout');
  });

  test('a student enrolled in the course takes it, sees the result and restarts', async ({ page, request }) => {
    test.setTimeout(150_000);
    await loginAs(page, 'student');
    const card = page.getByTestId(`course-quiz-${quizId}`);

    await test.step("the course's quizzes offer it", async () => {
      await page.goto(`/course-quiz/${courseId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Quiz du cours' })).toBeVisible();
      await expect(card).toContainText('3 questions');
      await expectNoSeriousA11yViolations(page);
      await card.getByRole('link', { name: `Lancer le Quiz ${title}` }).click();
      await expect(page).toHaveURL(new RegExp(`/take-quiz/${quizId}\\?course=${courseId}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });

    await test.step('one question at a time, with its progress, then the result', async () => {
      for (const [index, question] of QUESTIONS.entries()) {
        await expect(page.getByText(`Question ${index + 1} sur 3`)).toBeVisible();
        await expect(page.getByText(`${index} sur 3 répondues`)).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: question.text })).toBeVisible();
        await expect(page.getByRole('radio')).toHaveCount(4);
        for (const answer of question.answers) await expect(page.getByRole('radio', { name: answer, exact: true })).toBeVisible();
        if (index === 0) await expectNoSeriousA11yViolations(page);
        await answerQuestion(page, LEA_CHOICES[index]!);
      }
      const result = page.getByRole('region', { name: 'Quiz terminé' });
      await expect(result.getByTestId('quiz-score')).toHaveText('2 bonnes réponses sur 3');
      await expect(result.getByRole('progressbar', { name: 'Votre score' })).toHaveAttribute('aria-valuenow', '67');
      await expectNoSeriousA11yViolations(page);
      expect(await leaResult(request, quizId)).toEqual({ total_questions: 3, total_attempted_questions: 3, total_correct_questions: 2 });
    });

    await test.step('a finished quiz is no longer launched: its result is offered instead', async () => {
      await page.getByRole('link', { name: 'Retour aux quiz du cours' }).first().click();
      await expect(card).toContainText('Vous avez terminé ce quiz.');
      await expect(card.getByRole('link', { name: /Lancer le Quiz/ })).toHaveCount(0);
      await card.getByRole('link', { name: `Voir mon résultat au quiz ${title}` }).click();
      await expect(page.getByTestId('quiz-score')).toHaveText('2 bonnes réponses sur 3');
    });

    await test.step('the restart opens a new attempt from the first question', async () => {
      await page.getByRole('button', { name: 'Recommencer le quiz' }).click();
      await expect(page.getByText('Question 1 sur 3')).toBeVisible();
      await expect(page.getByText('0 sur 3 répondues')).toBeVisible();
      expect(await leaResult(request, quizId)).toEqual({ total_questions: 3, total_attempted_questions: 0, total_correct_questions: 0 });
      await answerQuestion(page, QUESTIONS[0]!.right);
      await expect(page.getByText('Question 2 sur 3')).toBeVisible();
      // Left half-way and opened again, the quiz goes on where the student stopped.
      await page.reload();
      await expect(page.getByText('Question 2 sur 3')).toBeVisible();
      await expect(page.getByText('1 sur 3 répondues')).toBeVisible();
      await page.getByRole('link', { name: 'Retour aux quiz du cours' }).first().click();
      await expect(card.getByRole('link', { name: `Lancer le Quiz ${title}` })).toBeVisible();
    });
    await logout(page, '/user-logout');
  });

  test("the trainer reads both of the student's attempts", async ({ page }) => {
    await loginAs(page, 'trainer');
    await page.goto(`/attempted-students/${quizId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Résultats : ${title}` })).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: DEMO.student.email });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('2 / 3');
    await expect(rows.first()).toContainText('Terminée');
    await expect(rows.nth(1)).toContainText('1 / 3');
    await expect(rows.nth(1)).toContainText('En cours');
    await expect(rows.nth(1)).toContainText('1 sur 3 répondues');
    await expectNoSeriousA11yViolations(page);
    await logout(page, '/teacher-logout');
  });

  test('an admin edits a question from /admin-quiz-detail in the dialog', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, 'admin');

    await test.step('the quiz, found by its title', async () => {
      await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Quiz' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Gestion des quiz' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Rechercher un quiz par titre' }).fill(title);
      await expect(page.getByRole('row').filter({ hasText: DEMO_QUIZ })).toHaveCount(0);
      const row = page.getByRole('row').filter({ hasText: title });
      await expect(row).toContainText('Claire Martin');
      await expect(row).toContainText('Trois questions sur les gestes de tous les jours d…');
      await expectNoSeriousA11yViolations(page);
      await row.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin-quiz-detail/${quizId}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('.question-list__number')).toHaveText(['Question 1', 'Question 2', 'Question 3']);
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('a right answer no longer among the answers is refused before sending', async () => {
      await page.getByRole('button', { name: 'Modifier la question 2' }).click();
      const dialog = page.getByRole('dialog', { name: 'Modifier la question' });
      await expect(dialog.getByLabel('Question', { exact: true })).toHaveValue(QUESTIONS[1]!.text);
      await expectNoSeriousA11yViolations(page);
      await dialog.getByLabel('Réponse 1', { exact: true }).fill(EDITED.answer);
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(dialog.getByText('La bonne réponse doit correspondre à une des 4 réponses proposées.')).toBeVisible();
      await expect(dialog).toBeVisible();
    });

    await test.step('saved with a right answer among them, the change is stored', async () => {
      const dialog = page.getByRole('dialog', { name: 'Modifier la question' });
      await choose(dialog, page, 'Bonne réponse', EDITED.answer);
      await dialog.getByLabel('Question', { exact: true }).fill(EDITED.text);
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Question mise à jour avec succès')).toBeVisible();
      await expect(dialog).toBeHidden();
      await page.reload();
      const second = page.locator('.question-list__item').nth(1);
      await expect(second.locator('.question-list__number')).toHaveText('Question 2');
      await expect(second.locator('.question-list__text')).toHaveText(EDITED.text);
      await expect(second.locator('.question-list__answer.is-right')).toHaveText(new RegExp(`^${EDITED.answer}`));
      await expect(page.locator('.question-list__text')).toHaveText([QUESTIONS[0]!.text, EDITED.text, QUESTIONS[2]!.text]);
    });

    await test.step('deleting a question asks first', async () => {
      await page.getByRole('button', { name: 'Supprimer la question 3' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Voulez-vous vraiment supprimer cette question ?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Annuler' }).click();
      await expect(page.locator('.question-list__item')).toHaveCount(3);
    });
  });
});
