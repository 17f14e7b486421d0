import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { buildZip } from '../backend/src/contexts/catalogue/domain/scorm/testing/zip-builder';
import { DEMO, apiLogin, choose, expectNoSeriousA11yViolations, loginAs, publishCourse } from './support';

const DEMO_VIDEO = resolve(__dirname, '../backend/src/demo/assets/video/demo-video.webm');
const YOUTUBE_LINK = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const SCORM_HEADING = 'Module de démonstration SCORM';

/** A small SCORM 1.2 package: a manifest and its launch file. */
async function scormZip(): Promise<string> {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="demo-e2e" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${SCORM_HEADING}</title>
    <item identifier="item" identifierref="res"><title>${SCORM_HEADING}</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;
  const launch = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${SCORM_HEADING}</title></head><body><h1>${SCORM_HEADING}</h1></body></html>`;
  const dir = mkdtempSync(join(tmpdir(), 'lms-scorm-'));
  const path = join(dir, 'module.zip');
  writeFileSync(path, await buildZip([{ name: 'imsmanifest.xml', content: manifest }, { name: 'index.html', content: launch }]));
  return path;
}

/** Nothing leaves the machine: the YouTube player frame gets a local stand-in page. */
async function keepRequestsLocal(page: Page) {
  await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Lecteur</title><p>Lecteur vidéo</p>' }),
  );
}

interface StepInput {
  title: string;
  type: 'Texte' | 'Vidéo (fichier)' | 'Vidéo (lien)' | 'Module SCORM';
  text?: string;
  file?: string;
  link?: string;
  minutes?: string;
}

/** Fills the step form shown on the page (or in a dialog) and saves it. */
async function fillStep(page: Page, scope: Page | Locator, step: StepInput) {
  await scope.getByLabel('Titre', { exact: true }).fill(step.title);
  await choose(scope, page, 'Type de contenu', step.type);
  if (step.text) await scope.getByRole('textbox', { name: 'Texte' }).fill(step.text);
  if (step.link) await scope.getByLabel('Lien de la vidéo').fill(step.link);
  if (step.file) await scope.locator('input[type=file]').setInputFiles(step.file);
  if (step.minutes) await scope.getByLabel('Minutes').fill(step.minutes);
  await scope.getByRole('button', { name: 'Enregistrer' }).click();
}

async function removeCourseAsAdmin(request: APIRequestContext, courseId: number) {
  const { headers } = await apiLogin(request, 'admin');
  await request.delete(`/api/course/${courseId}/`, { headers });
}

const structureTitles = (page: Page) => page.locator('.structure-table__title');

test.describe('authoring a course', () => {
  let createdCourseId: number | null = null;

  test.afterAll(async ({ request }) => {
    // The catalogue's journeys count the demo courses: the course made here does not stay.
    if (createdCourseId) await removeCourseAsAdmin(request, createdCourseId);
  });

  test('a trainer builds a course of text, video, YouTube and SCORM chapters, reorders it and previews every step', async ({ page }) => {
    test.setTimeout(180_000);
    await keepRequestsLocal(page);
    await loginAs(page, 'trainer');
    await expect(page.getByTestId('stat-card')).toHaveCount(3);
    await expect(page.getByTestId('stat-card').filter({ hasText: 'Mes Chapitres' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const title = `Tableur pour débuter ${Date.now()}`;
    await page.getByRole('link', { name: 'Mes cours', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mes cours' })).toBeVisible();
    await page.getByRole('link', { name: 'Nouveau cours' }).click();
    await page.getByLabel('Titre', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('Les premières formules, pas à pas.');
    await choose(page, page, 'Catégorie', 'Bureautique');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/all-chapters\/\d+$/);
    createdCourseId = Number(page.url().split('/').pop());
    await expect(page.getByText('Aucun chapitre pour le moment')).toBeVisible();

    const steps: StepInput[] = [
      { title: 'Découvrir le tableur', type: 'Texte', text: 'Un tableur range des valeurs en cellules.\n\nChaque cellule a une adresse.', minutes: '5' },
      { title: 'Saisir une formule', type: 'Vidéo (fichier)', file: DEMO_VIDEO, minutes: '1' },
      { title: 'Les fonctions en vidéo', type: 'Vidéo (lien)', link: YOUTUBE_LINK },
      { title: 'Module interactif', type: 'Module SCORM', file: await scormZip() },
    ];
    for (const step of steps) {
      await test.step(`chapter: ${step.title}`, async () => {
        await page.getByRole('link', { name: 'Ajouter un chapitre' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un chapitre' })).toBeVisible();
        await fillStep(page, page, step);
        await expect(page).toHaveURL(new RegExp(`/all-chapters/${createdCourseId}$`));
        await expect(structureTitles(page).filter({ hasText: step.title })).toBeVisible();
      });
    }

    await test.step('a sub-chapter under the first chapter, numbered 1.1', async () => {
      await page.getByRole('link', { name: 'Ajouter un sous-chapitre à Découvrir le tableur' }).click();
      await expect(page.getByText('Chapitre : Découvrir le tableur')).toBeVisible();
      await fillStep(page, page, { title: 'Les cellules', type: 'Texte', text: 'A1 est la première cellule.' });
      await expect(page).toHaveURL(new RegExp(`/all-chapters/${createdCourseId}$`), { timeout: 10_000 });
      await expect(page.locator('.structure-table__sub')).toContainText('1.1');
      await expect(page.locator('.structure-table__sub')).toContainText('Les cellules');
    });
    await expectNoSeriousA11yViolations(page);

    await test.step('the SCORM chapter moves up to second place, by keyboard', async () => {
      await page.getByRole('button', { name: 'Déplacer Module interactif' }).focus();
      await page.keyboard.press('Space');
      for (let move = 0; move < 2; move++) {
        await page.keyboard.press('ArrowUp');
        await page.waitForTimeout(250);
      }
      await page.keyboard.press('Space');
      await expect(page.getByText('Nouvel ordre enregistré.')).toBeVisible();
      const order = ['Découvrir le tableur', 'Les cellules', 'Module interactif', 'Saisir une formule', 'Les fonctions en vidéo'];
      await expect(structureTitles(page)).toHaveText(order);
      await page.reload();
      await expect(structureTitles(page)).toHaveText(order);
    });

    await test.step('the preview shows every step in order', async () => {
      await page.getByRole('link', { name: 'Aperçu du cours' }).click();
      await expect(page).toHaveURL(new RegExp(`/course-preview/${createdCourseId}$`));
      const step = page.getByTestId('preview-step');
      const previous = page.getByRole('button', { name: 'Précédent' });
      const next = page.getByRole('button', { name: 'Suivant' });
      const heading = page.locator('#preview-step-title');

      await expect(heading).toHaveText('1. Découvrir le tableur');
      await expect(previous).toBeDisabled();
      await expect(step.locator('p')).toHaveText(['Un tableur range des valeurs en cellules.', 'Chaque cellule a une adresse.']);
      await expectNoSeriousA11yViolations(page);

      await next.click();
      await expect(heading).toHaveText('1.1 Les cellules');

      await next.click();
      await expect(heading).toHaveText('2. Module interactif');
      const frame = step.locator('iframe');
      // On the content origin (docs/adr/0025): the launch page, the package in a frame below it.
      await expect(frame).toHaveAttribute('src', /^http:\/\/localhost:\d+\/scorm-launch\/[\w-]+\.[\w-]+\/index\.html$/);
      await expect(page.frameLocator('.content-step__scorm-frame').frameLocator('iframe').getByRole('heading', { name: SCORM_HEADING })).toBeVisible();

      await next.click();
      await expect(heading).toHaveText('3. Saisir une formule');
      const video = step.locator('video');
      await expect(video).toHaveAttribute('src', /\/media\//);
      await video.evaluate(async (element: HTMLVideoElement) => {
        element.muted = true;
        await element.play();
      });
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);

      await next.click();
      await expect(heading).toHaveText('4. Les fonctions en vidéo');
      const player = step.locator('iframe[title="Les fonctions en vidéo"]');
      await expect(player).toHaveAttribute('src', /youtube(-nocookie)?\.com\/embed\/aqz-KE-bpKQ/);
      await expect(player).toBeVisible();
      await expect(next).toBeDisabled();

      await test.step('the outline opens one chapter at a time and closes it on a second click', async () => {
        const outline = page.getByRole('navigation', { name: 'Sommaire du cours' });
        const first = outline.getByRole('button', { name: /Découvrir le tableur/ });
        await first.click();
        await expect(first).toHaveAttribute('aria-expanded', 'true');
        await expect(outline.getByRole('button', { name: /Les cellules/ })).toBeVisible();
        await first.click();
        await expect(first).toHaveAttribute('aria-expanded', 'false');
        await expect(outline.getByRole('button', { name: /Les cellules/ })).toHaveCount(0);
      });

      await page.getByRole('link', { name: 'Retour à mes cours' }).click();
      await expect(page).toHaveURL(/\/teacher-my-course$/);
      await expect(page.getByRole('row').filter({ hasText: title })).toContainText('4');
    });
  });

  test('an admin edits a course, then archives it because a learner follows it', async ({ page, request }) => {
    await loginAs(page, 'admin');
    const title = `Atelier tableur ${Date.now()}`;

    await test.step('the admin creates the course in the dialog', async () => {
      await page.getByRole('link', { name: 'Cours', exact: true }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Gestion des cours' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Nouveau cours' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouveau cours' });
      await dialog.getByLabel('Titre', { exact: true }).fill(title);
      await choose(dialog, page, 'Catégorie', 'Bureautique');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Cours créé avec succès !')).toBeVisible();
      await expect(dialog).toBeHidden();
    });

    await page.getByRole('searchbox', { name: 'Rechercher un cours par titre' }).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    const courseId = Number((await row.getByRole('link', { name: title, exact: true }).getAttribute('href'))!.split('/').pop());

    await test.step('the admin renames it', async () => {
      await row.getByRole('button', { name: `Modifier : ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Modifier le cours' });
      await dialog.getByLabel('Titre', { exact: true }).fill(`${title} (avancé)`);
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Cours modifié avec succès !')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Rechercher un cours par titre' }).fill(`${title} (avancé)`);
      await expect(page.getByRole('row').filter({ hasText: `${title} (avancé)` })).toHaveCount(1);
    });

    await test.step('its detail page shows the structure, empty', async () => {
      await page.getByRole('link', { name: `Détails : ${title} (avancé)` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `${title} (avancé)` })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Structure du cours' })).toBeVisible();
      await expect(page.getByText('Aucun chapitre pour le moment')).toBeVisible();
      await page.getByRole('button', { name: 'Nouveau chapitre' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ajouter un chapitre' });
      await fillStep(page, dialog, { title: 'Premiers pas', type: 'Texte', text: 'Bienvenue.' });
      await expect(page.locator('.structure-table__title')).toHaveText(['Premiers pas']);
      await expect(dialog).toBeHidden();
      await expect(page.locator('.ant-modal-wrap')).toBeHidden();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('link', { name: 'Retour aux cours' }).click();
    });

    await test.step('a learner enrols, so removing it archives it', async () => {
      await publishCourse(request, courseId);
      const student = await (await request.post('/api/student-login-jwt/', { data: { email: DEMO.student2.email, password: DEMO.student2.password } })).json();
      const enrol = await request.post('/api/student-enroll-course/', {
        headers: { Authorization: `Bearer ${student.access}` },
        multipart: { student: String(student.student_id), course: String(courseId) },
      });
      expect(enrol.ok()).toBeTruthy();

      await page.getByRole('searchbox', { name: 'Rechercher un cours par titre' }).fill(`${title} (avancé)`);
      await page.getByRole('button', { name: `Supprimer : ${title} (avancé)` }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Êtes-vous sûr ?' });
      await expect(confirm).toContainText('Cette action est irréversible !');
      await expect(confirm).toContainText('1 apprenant est inscrit à ce cours : il sera archivé');
      await confirm.getByRole('button', { name: 'Oui, supprimer !' }).click();
      await expect(page.getByText(/Le cours a été archivé/)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    });
  });
});
