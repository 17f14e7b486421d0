import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiLogin, choose, expectNoSeriousA11yViolations, loginAs, publishCourse } from './support';

// Issue 26 item 3: a trainer declares what the course promises (objectives, planned duration,
// nature) and each chapter's average duration; a learner reads them on the course page and in the
// player's outline, at 1280 and 390 px.

const SHOTS = 'test-results/course-promises';

async function fillStepForm(page: Page, title: string, text: string, declared: string) {
  await page.getByLabel('Titre', { exact: true }).fill(title);
  await choose(page, page, 'Type de contenu', 'Texte');
  await page.getByRole('textbox', { name: 'Texte' }).fill(text);
  await page.getByLabel('Durée moyenne estimée').fill(declared);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
}

test.describe('what a course promises', () => {
  let courseId: number | null = null;

  test.afterAll(async ({ request }) => {
    // The catalogue's journeys count the demo courses: this one is archived (a learner enrolled).
    if (courseId) await request.delete(`/api/course/${courseId}/`, { headers: (await apiLogin(request, 'admin')).headers });
  });

  test('a trainer declares objectives and durations; a learner sees them on the course page and in the player', async ({ page, request }) => {
    test.setTimeout(240_000);
    const title = `Fusion et publipostage ${Date.now()}`;

    await test.step('the trainer creates the course with its promises', async () => {
      await loginAs(page, 'trainer');
      await page.getByRole('link', { name: 'Mes cours', exact: true }).first().click();
      await page.getByRole('link', { name: 'Nouveau cours' }).click();
      await page.getByLabel('Titre', { exact: true }).fill(title);
      await choose(page, page, 'Catégorie', 'Bureautique');
      await page.getByLabel('Objectifs pédagogiques').fill('Préparer une source de données pour un publipostage\nFusionner une lettre type avec Word\nProduire des étiquettes et des enveloppes');
      // A typing mistake is caught before anything is sent.
      await page.getByLabel('Durée prévue').fill('sept heures');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Saisissez une durée comme « 35 h », « 7 h 30 », « 7,5 h » ou « 45 min ».')).toBeVisible();
      await page.getByLabel('Durée prévue').fill('7 h 30');
      await expect(page.getByLabel('Nature de l’action')).toBeVisible();
      await expect(page.locator('.ant-select').filter({ hasText: 'Action de formation' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${SHOTS}/course-form-1280.png`, fullPage: true });
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page).toHaveURL(/\/all-chapters\/\d+$/);
      courseId = Number(page.url().split('/').pop());
    });

    await test.step('two chapters with their declared average duration', async () => {
      for (const [chapter, text, declared] of [
        ['Préparer la source de données', 'Une ligne d’en-tête, une ligne par destinataire.', '45 min'],
        ['Fusionner une lettre type', 'Insérer les champs de fusion puis terminer la fusion.', '1 h 30'],
      ] as const) {
        await page.getByRole('link', { name: 'Ajouter un chapitre' }).click();
        await fillStepForm(page, chapter, text, declared);
        await expect(page).toHaveURL(new RegExp(`/all-chapters/${courseId}$`));
      }
      await page.getByRole('link', { name: 'Ajouter un sous-chapitre à Fusionner une lettre type' }).click();
      await fillStepForm(page, 'Les règles de fusion', 'Si… Alors… Sinon.', '20');
      await expect(page).toHaveURL(new RegExp(`/all-chapters/${courseId}$`), { timeout: 10_000 });
      // The trainer's structure shows them under each step's media duration.
      await expect(page.locator('.structure-table__declared')).toHaveText([/≈ 45 min/, /≈ 1 h 30/, /≈ 20 min/]);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${SHOTS}/structure-1280.png`, fullPage: true });
    });

    await test.step('the server kept them', async () => {
      const { headers } = await apiLogin(request, 'trainer');
      const course = await (await request.get(`/api/teacher-course-detail/${courseId}/`, { headers })).json();
      expect(course).toMatchObject({ planned_minutes: 450, nature: 'action_formation' });
      const chapters = await (await request.get(`/api/course-chapters/${courseId}/`, { headers })).json();
      expect(chapters.map((c: { declared_minutes: number; subchapters: { declared_minutes: number }[] }) => [c.declared_minutes, c.subchapters.map((s) => s.declared_minutes)]))
        .toEqual([[45, []], [90, [20]]]);
    });

    await publishCourse(request, courseId!);
    const student = await (await request.post('/api/student-login-jwt/', { data: { email: DEMO.student2.email, password: DEMO.student2.password } })).json();
    const enrolled = await request.post('/api/student-enroll-course/', { headers: { Authorization: `Bearer ${student.access}` }, multipart: { student: String(student.student_id), course: String(courseId) } });
    expect(enrolled.ok()).toBe(true);

    for (const width of [1280, 390]) {
      await test.step(`the learner reads them at ${width} px`, async () => {
        await page.context().clearCookies();
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/user-login');
        await page.locator('main form').first().getByLabel(/^Email/).fill(DEMO.student2.email);
        await page.locator('main form').first().getByLabel('Mot de passe', { exact: true }).fill(DEMO.student2.password);
        await page.locator('main form').first().getByRole('button', { name: 'Se connecter' }).click();
        await expect(page).toHaveURL(/\/user-dashboard$/);

        await page.goto(`/detail/${courseId}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByTestId('course-objectives').getByRole('listitem')).toHaveText([
          'Préparer une source de données pour un publipostage', 'Fusionner une lettre type avec Word', 'Produire des étiquettes et des enveloppes',
        ]);
        await expect(page.getByTestId('course-planned-duration')).toHaveText('7 h 30');
        await expect(page.getByTestId('course-nature')).toHaveText('Action de formation');
        await expect(page.locator('.course-outline').getByText('≈ 1 h 30')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await page.screenshot({ path: `${SHOTS}/course-page-${width}.png`, fullPage: true });

        await page.goto(`/mini/${courseId}`);
        if (width < 600) await page.getByRole('button', { name: 'Afficher le sommaire' }).click();
        const outline = page.getByRole('navigation', { name: 'Sommaire du cours' }).last();
        await expect(outline.getByTestId(/^outline-chapter-/).first()).toContainText('≈ 45 min');
        await expect(outline.getByTestId(/^outline-chapter-/).nth(1)).toContainText('≈ 1 h 30');
        await expect(outline.getByTestId(/^outline-chapter-/).first()).toContainText('durée moyenne estimée : 45 min');
        await expectNoSeriousA11yViolations(page);
        await page.screenshot({ path: `${SHOTS}/player-${width}.png` });
      });
    }
  });
});
