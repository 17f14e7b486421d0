import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiLogin, expectGreeting, expectNoSeriousA11yViolations, fillLogin, publishCourse } from './support';
import { specText } from '../frontend/src/test/spec-text';

/** The course cards of the page, by their title link. */
const cardTitles = (page: Page) => page.getByTestId('course-card').locator('h2 a, h3 a');

async function searchFromNavbar(page: Page, term: string) {
  const box = page.getByRole('searchbox', { name: 'Rechercher un cours' });
  await box.fill(term);
  await box.press('Enter');
}

/** A paged list has answered (it is marked aria-busy while a page loads). */
async function listLoaded(page: Page) {
  await expect(page.getByTestId('paged-courses')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
}

async function openCourse(page: Page, title: string) {
  await page.goto('/all-courses');
  await listLoaded(page);
  if (!(await page.getByRole('link', { name: title, exact: true }).count())) {
    await page.getByRole('button', { name: /Suivant/ }).click();
    await listLoaded(page);
  }
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test.describe('a visitor browses the public catalogue', () => {
  test('the home page plays the background video and shows three courses', async ({ page }) => {
    await page.goto('/');
    // The demo centre's name heads every title (docs/adr/0049).
    await expect(page).toHaveTitle(/^Centre de formation LMS \| /);
    const video = page.getByTestId('hero-video');
    await expect(video).toBeAttached();
    expect(await video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop }))).toEqual({ muted: true, loop: true });
    await expect(page.getByTestId('course-card')).toHaveCount(3);
    await expect(page.locator('main form').getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('categories lead to the courses of a category', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Catégories' }).click();
    await expect(page).toHaveURL(/\/category$/);
    const office = page.getByTestId('category-card').filter({ hasText: 'Bureautique' });
    await expect(office).toContainText('2 cours');
    await office.getByRole('link', { name: 'Bureautique' }).click();
    await expect(page).toHaveURL(/\/course\/\d+\/bureautique$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bureautique' })).toBeVisible();
    await expect(page.getByTestId('course-card')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    for (const title of ['Modèles de documents Word et Excel', 'Excel : tableaux croisés dynamiques']) {
      await expect(cardTitles(page).filter({ hasText: title })).toHaveCount(1);
    }
  });

  test("'Tous les cours disponibles' pages with Précédent / Suivant", async ({ page }) => {
    await page.goto('/all-courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Tous les cours disponibles' })).toBeVisible();
    await expect(page.getByTestId('course-card')).toHaveCount(8);
    await expect(page.getByRole('button', { name: /Précédent/ })).toBeDisabled();
    await page.getByRole('button', { name: /Suivant/ }).click();
    await expect(page).toHaveURL(/\/all-courses\?page=2$/);
    await expect(page.getByTestId('course-card')).toHaveCount(1);
    await expect(page.getByRole('button', { name: /Suivant/ })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: /Précédent/ }).click();
    await expect(page.getByTestId('course-card')).toHaveCount(8);
  });

  test('search ignores accents and case, from the navigation bar', async ({ page }) => {
    await page.goto('/');
    await searchFromNavbar(page, 'modele');
    await expect(page).toHaveURL(/\/search\/modele$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résultats de recherche pour « modele »');
    await expect(cardTitles(page).first()).toHaveText('Modèles de documents Word et Excel');

    await searchFromNavbar(page, 'Modèle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résultats de recherche pour « Modèle »');
    await expect(cardTitles(page).first()).toHaveText('Modèles de documents Word et Excel');

    await searchFromNavbar(page, 'etudiant');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Résultats de recherche pour « etudiant »');
    await expect(cardTitles(page).first()).toHaveText('Guide de l’Étudiant en formation à distance');

    await searchFromNavbar(page, 'astrophysique quantique');
    await expect(page.getByText('Aucun cours trouvé pour ce terme.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a course shows 'Connexion requise' to a visitor, linking to /user-login", async ({ page }) => {
    await openCourse(page, 'JavaScript moderne');
    await expect(page.getByText(/étudiants? inscrits?/)).toBeVisible();
    await expect(page.getByRole('button', { name: "S'inscrire à ce cours" })).toHaveCount(0);
    await expect(page.getByText(/Contenu du cours/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Connexion requise' }).click();
    await expect(page).toHaveURL(/\/user-login$/);
  });

  // Every demo course has chapters (issue 30): Claire publishes a course, then takes out its only
  // chapter before anyone enrolled; the course is deleted afterwards, leaving the catalogue as it was.
  test("a course without chapters says 'Contenu en cours de préparation'", async ({ page, request }) => {
    const { headers, formateur_id: formateur } = await apiLogin(request, 'trainer');
    const categories: { id: number; title: string }[] = await (await request.get('/api/category/')).json();
    const category = categories.find((c) => c.title === 'Communication et langues')!.id;
    const created = await request.post('/api/course/', { headers, data: { formateur, category, title: `Espagnol professionnel ${Date.now()}`, description: 'Bientôt en ligne.' } });
    expect(created.ok(), await created.text()).toBe(true);
    const courseId = ((await created.json()) as { id: number }).id;
    try {
      const chapter = await request.post(`/api/course-chapters/${courseId}/`, { headers, multipart: { title: 'Se présenter', content_type: 'text', duration: '300', text_content: 'Me llamo Claire.' } });
      expect(chapter.ok(), await chapter.text()).toBe(true);
      await publishCourse(request, courseId, headers);
      const removed = await request.delete(`/api/chapter/${((await chapter.json()) as { id: number }).id}/`, { headers });
      expect(removed.ok(), await removed.text()).toBe(true);
      await page.goto(`/detail/${courseId}`);
      await expect(page.getByRole('heading', { level: 1, name: /^Espagnol professionnel/ })).toBeVisible();
      await expect(page.getByText('Contenu en cours de préparation')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await request.delete(`/api/course/${courseId}/`, { headers });
    }
  });

  test('the demo course « Anglais professionnel » has its chapters, locked for a visitor', async ({ page }) => {
    await openCourse(page, 'Anglais professionnel : réunions et e-mails');
    await expect(page.getByText(/2 chapitres\s*:\s*inscrivez-vous/)).toBeVisible();
    await expect(page.getByText('Contenu en cours de préparation')).toHaveCount(0);
  });

  test('the trainer of a course has a public profile with skills leading to courses', async ({ page }) => {
    await openCourse(page, 'JavaScript moderne');
    await page.getByRole('main').getByRole('link', { name: /Julien Bernard/ }).first().click();
    await expect(page).toHaveURL(/\/teacher-detail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Julien Bernard' })).toBeVisible();
    await expect(page.getByText('Ingénieur informatique, 15 ans de développement web')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(page.getByRole('link', { name: 'JavaScript moderne' })).toHaveAttribute('href', /^\/detail\/\d+$/);
    await page.getByRole('link', { name: 'JavaScript', exact: true }).click();
    await expect(page).toHaveURL(/\/teacher-skill-courses\/JavaScript\/\d+$/);
    await expect(cardTitles(page).filter({ hasText: 'JavaScript moderne' })).toHaveCount(1);
  });

  test('a CMS page from the footer renders its HTML and runs none of the injected scripts', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
    await expect(page).toHaveURL(/\/page\/\d+\/mentions-legales$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Éditeur du site' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Éditeur du site' })).toBeVisible();
    // The demo page was written with a script, an onclick handler and a javascript: link.
    await page.getByText('Pour toute question').click();
    await page.getByText('écrivez-nous', { exact: true }).click();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('.rich-text script, .rich-text [onerror], .rich-text [onclick], .rich-text a[href^="javascript"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  test('the static pages are there: about, privacy policy, FAQ, assistance', async ({ page }) => {
    await page.goto('/policy');
    await expect(page.getByRole('heading', { level: 2, name: '6. Vos droits (RGPD)' })).toBeVisible();
    await expect(page.getByText(/pendant la formation, puis une durée légale de 5 à 10 ans selon les cas/)).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Aide et FAQ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aide et FAQ' })).toBeVisible();
    await page.getByRole('button', { name: /Puis-je financer ma formation avec mon CPF/ }).click();
    await expect(page.getByText(/moncompteformation\.gouv\.fr/)).toBeVisible();
    await page.goto('/assistance');
    await expect(page.getByRole('link', { name: /Ouvrir le centre d’aide/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByText('Délai de réponse standard : moins de 48 heures')).toBeVisible();
    await page.goto('/aboutus');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
  });
});

test('a student enrols, rates, sees both states, adds a favourite and finds it on /favorite-courses', async ({ page }) => {
  const title = 'JavaScript moderne';
  await page.goto('/user-login');
  await fillLogin(page, DEMO.student2.email, DEMO.student2.password);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expectGreeting(page, DEMO.student2.name);

  await openCourse(page, title);
  const enrolledCount = page.getByTestId('course-enrolled-count');
  const before = Number((await enrolledCount.innerText()).match(/\d+/)![0]);
  await page.getByRole('button', { name: "S'inscrire à ce cours" }).click();
  await expect(page.getByText('Inscription réussie !')).toBeVisible();
  await expect(page.getByTestId('state-enrolled')).toHaveText(/Déjà inscrit/);
  await expect(enrolledCount).toContainText(String(before + 1));
  await expect(page.getByText(/^Contenu du cours \(\d+ chapitres?\)$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByRole('link', { name: /Débuter \/ Reprendre le cours/ })).toHaveAttribute('href', /^\/mini\/\d+$/);

  await page.getByRole('button', { name: /Noter ce cours/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Noter ce cours' });
  await dialog.getByRole('radio').nth(3).click();
  await expect(dialog.getByTestId('rating-value')).toHaveText('4 étoiles');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Votre avis (facultatif)').fill('Des exemples clairs et utiles.');
  await dialog.getByRole('button', { name: 'Envoyer ma note' }).click();
  await expect(page.getByText('Merci pour votre note !')).toBeVisible();
  await expect(page.getByTestId('state-rated')).toHaveText(/Déjà noté/);

  // Access tokens live 10 s on the e2e server: let this one expire, so that the reads of the reload
  // and the favourite below go through the silent refresh.
  await page.waitForTimeout(11_000);
  await page.reload();
  await expect(page.getByTestId('state-enrolled')).toHaveText(/Déjà inscrit/);
  await expect(page.getByTestId('state-rated')).toHaveText(/Déjà noté/);
  await expect(page.getByRole('button', { name: "S'inscrire à ce cours" })).toHaveCount(0);
  await expect(page.getByTestId('course-rating')).toContainText('/ 5');

  await page.getByRole('button', { name: /Ajouter aux favoris/ }).click();
  await expect(page.getByRole('button', { name: /Retirer des favoris/ })).toBeVisible();

  await page.goto('/favorite-courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Cours favoris' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: specText('Espace Etudiant') })).toBeVisible();
  await expect(cardTitles(page).filter({ hasText: title })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/detail\/\d+$/);

  await page.goto('/recommended-courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Cours recommandés' })).toBeVisible();
  await expect(page.getByTestId('course-card').or(page.getByText('Aucune recommandation pour le moment.')).first()).toBeVisible();
  await expect(cardTitles(page).filter({ hasText: title })).toHaveCount(0);
});

test('a visitor of /favorite-courses or /recommended-courses is sent to /user-login', async ({ page }) => {
  for (const path of ['/favorite-courses', '/recommended-courses']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/user-login$/);
  }
});
