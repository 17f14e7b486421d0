import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, expectNoSeriousA11yViolations, loginAs } from './support';

// Issue 29 item 1 (docs/adr/0047): a trainer fills the programme sheet (fiche programme) of a
// course; « Publier » is refused while mandatory items are empty, naming them; once complete the
// course is published; a visitor reads the « Programme » section of the course page and downloads
// the PDF, at 1280 and 390 px.

const SHOTS = 'test-results/programme';

test.describe('the programme sheet', () => {
  let courseId: number | null = null;

  test.afterAll(async ({ request }) => {
    // Nobody enrolled: the course is deleted, and the catalogue's journeys count the demo courses only.
    if (courseId) await request.delete(`/api/course/${courseId}/`, { headers: (await apiLogin(request, 'admin')).headers });
  });

  test('a trainer fills it, publishing is refused until it is complete, a visitor reads it and downloads the PDF', async ({ page, browser, request }) => {
    test.setTimeout(300_000);
    const title = `Excel : fonctions de recherche ${Date.now()}`;
    const trainer = await apiLogin(request, 'trainer');
    const categories = (await (await request.get('/api/category/')).json()) as { id: number; title: string }[];
    const created = await request.post('/api/course/', {
      headers: trainer.headers,
      multipart: {
        formateur: String(trainer.formateur_id), category: String(categories.find((c) => c.title === 'Bureautique')!.id), title,
        description: 'RECHERCHEX, INDEX et EQUIV pour relier ses tableaux.',
        objectives: 'Retrouver une donnée avec RECHERCHEX\nCombiner INDEX et EQUIV', planned_minutes: '420',
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    courseId = (await created.json()).id as number;
    const chapter = await request.post(`/api/course-chapters/${courseId}/`, {
      headers: trainer.headers, data: { title: 'RECHERCHEX pas à pas', content_type: 'text', text_content: 'La fonction RECHERCHEX remplace RECHERCHEV.' },
    });
    expect(chapter.ok()).toBe(true);

    const sheet = () => page.getByTestId('programme-form');
    const field = (label: string) => sheet().getByLabel(label, { exact: true });

    await test.step('the trainer starts the sheet: what publishing needs is listed', async () => {
      await loginAs(page, 'trainer');
      await page.goto(`/edit-course/${courseId}`);
      await expect(sheet().getByRole('heading', { name: 'Fiche programme' })).toBeVisible();
      await expect(sheet().getByTestId('programme-missing')).toContainText('public visé');
      await field('Public visé').fill('Assistant·es et gestionnaires qui croisent des tableaux dans Excel.');
      await field('Prérequis').fill('Connaître les formules simples d’Excel.');
      await sheet().getByText('À distance', { exact: true }).click();
      await sheet().getByText('Prix TTC', { exact: true }).click();
      await field('Prix en euros TTC').fill('490');
      await sheet().getByRole('button', { name: 'Enregistrer la fiche programme' }).click();
      await expect(page.getByText('Fiche programme enregistrée.')).toBeVisible();
      await expect(sheet().getByTestId('programme-missing')).not.toContainText('public visé');
      await expect(sheet().getByTestId('programme-missing')).toContainText('délais d’accès');
      await expect(sheet().getByText(/^Mis à jour le /)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${SHOTS}/sheet-1280.png`, fullPage: true });
    });

    await test.step('« Publier » is refused, naming what is missing', async () => {
      await page.goto('/teacher-my-course');
      const row = page.getByRole('row').filter({ hasText: title });
      await row.getByRole('button', { name: `Publier : ${title}` }).click();
      const refusal = page.getByRole('dialog').filter({ hasText: 'Publication impossible' });
      await expect(refusal).toContainText(
        'la fiche programme est incomplète. Renseignez : délais d’accès, méthodes pédagogiques, modalités d’évaluation, '
        + 'accessibilité aux personnes en situation de handicap, contact du référent handicap, contacts.',
      );
      await expectNoSeriousA11yViolations(page);
      await refusal.getByRole('button', { name: 'OK' }).click();
      await expect(row.getByText('Brouillon')).toBeVisible();
    });

    await test.step('the trainer completes it, a certifying training with a bad code first', async () => {
      await page.goto(`/edit-course/${courseId}`);
      await field('Délais d’accès').fill('Entrée chaque lundi, sous 14 jours après l’accord de financement.');
      await field('Méthodes pédagogiques').fill('Vidéos, exercices sur fichiers fournis, classe virtuelle.');
      await field('Modalités d’évaluation').fill('Quiz notés et cas pratique final corrigé par la formatrice.');
      await field('Accessibilité aux personnes en situation de handicap').fill('Adaptations possibles : contactez la référente handicap.');
      await field('Nom').fill('Hélène Garnier');
      await field('E-mail').fill('referent.handicap@demo.lms-formation.fr');
      await field('Téléphone').fill('04 78 42 16 30');
      await field('Contacts').fill('Inscriptions : 04 78 42 16 00, inscriptions@demo.lms-formation.fr');
      await field('Formation certifiante').click();
      await field('Code RNCP ou RS').fill('TOSA-EXCEL');
      await sheet().getByRole('button', { name: 'Enregistrer la fiche programme' }).click();
      await expect(sheet().getByText('Le code doit être un code RNCP (exemple : RNCP12345) ou RS (exemple : RS1234).')).toBeVisible();
      await field('Code RNCP ou RS').fill('RS5252');
      await field('Certificateur').fill('Isograd');
      await field('Équivalences et passerelles').fill('Aucune équivalence.');
      await field('Débouchés').fill('Assistant·e de gestion, contrôleur·se de gestion junior.');
      await sheet().getByRole('checkbox', { name: 'Éligible au CPF' }).check();
      await sheet().getByRole('button', { name: 'Enregistrer la fiche programme' }).click();
      await expect(sheet().getByText('La fiche programme est complète : le cours peut être publié.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 390, height: 900 });
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${SHOTS}/sheet-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('the trainer publishes', async () => {
      await page.goto('/teacher-my-course');
      const row = page.getByRole('row').filter({ hasText: title });
      await row.getByRole('button', { name: `Publier : ${title}` }).click();
      await expect(page.getByText('Le cours est publié : il apparaît au catalogue.')).toBeVisible();
      await expect(row.getByText('Publié', { exact: true })).toBeVisible();
    });

    for (const width of [1280, 390]) {
      await test.step(`a visitor reads the programme and downloads the PDF at ${width} px`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
        const visitor: Page = await context.newPage();
        await visitor.goto(`/detail/${courseId}`);
        await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
        const programme = visitor.getByRole('region', { name: 'Programme' });
        await expect(programme).toContainText('Assistant·es et gestionnaires qui croisent des tableaux dans Excel.');
        await expect(programme).toContainText('490,00 € TTC');
        await expect(programme).toContainText('RS5252');
        await expect(programme).toContainText('Certificateur : Isograd');
        await expect(programme).toContainText('Hélène Garnier');
        await expect(programme.getByText(/^Mis à jour le /)).toBeVisible();
        await expectNoSeriousA11yViolations(visitor);
        await programme.scrollIntoViewIfNeeded();
        await visitor.screenshot({ path: `${SHOTS}/course-page-${width}.png`, fullPage: true });
        const [download] = await Promise.all([visitor.waitForEvent('download'), programme.getByRole('link', { name: 'Télécharger le programme (PDF)' }).click()]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^programme-${courseId}-excel-fonctions-de-recherche`));
        const bytes = await readFile((await download.path())!);
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        await context.close();
      });
    }
  });
});
