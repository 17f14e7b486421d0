import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { routeFakePlayers } from './fake-players';
import { courseWorld, multiScoWorld, PASSWORD, serverProgress, type World } from './player-world';
import { DEMO, expectNoSeriousA11yViolations, fillLogin } from './support';

const outline = (page: Page, key: string) => page.getByTestId(`outline-${key}`);
const keyOf = (step: { chapter: number; subchapter?: number }) => (step.subchapter ? `subchapter-${step.subchapter}` : `chapter-${step.chapter}`);
const heading = (page: Page) => page.locator('#player-step-title');

async function expectWarning(page: Page, title: string, text: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

async function next(page: Page, title: RegExp | string) {
  await page.getByRole('navigation', { name: 'Navigation entre les étapes' }).getByRole('button', { name: /Suivant/ }).click();
  await expect(heading(page)).toHaveText(title);
}

async function validated(page: Page, step: { chapter: number; subchapter?: number }, timeout = 20_000) {
  await expect(outline(page, keyOf(step))).toHaveAttribute('data-state', 'validated', { timeout });
}

/** Plays the step's <video> (muted, at `rate`) from `from` seconds (from its end when negative) to its end. */
async function playVideo(page: Page, from: number, rate = 2) {
  const video = page.getByTestId('step-video');
  await expect(video).toBeVisible();
  await video.evaluate(async (element: HTMLVideoElement, [start, speed]: number[]) => {
    if (element.readyState < 1) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
    element.muted = true;
    element.playbackRate = speed!;
    element.currentTime = start! < 0 ? element.duration + start! : start!;
    await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
    const ended = new Promise((resolve) => element.addEventListener('ended', resolve, { once: true }));
    await element.play();
    await ended;
  }, [from, rate]);
}

/** The package's own frame: inside the launch page on the content origin, itself in the player's frame (docs/adr/0025). */
const frame = (page: Page): FrameLocator => page.frameLocator('iframe.content-step__scorm-frame').frameLocator('iframe');

test.describe.serial('the course player', () => {
  let world: World;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    world = await courseWorld(request);
  });

  test('a student plays a course of every content type, the server validating each step from its evidence, and finishes it', async ({ page, request }) => {
    test.setTimeout(300_000);
    await routeFakePlayers(page);
    await page.goto('/user-login');
    await fillLogin(page, world.student.email, PASSWORD);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    const server = serverProgress(request, world);
    await page.goto(`/mini/${world.courseId}`);

    await test.step('a text step: locked steps warn, Next waits for the step, the finish button validates it', async () => {
      await expect(page.getByRole('heading', { level: 1, name: world.title })).toBeVisible();
      await expect(heading(page)).toHaveText('1. Bien démarrer');
      await expect(page.getByTestId('course-completion')).toContainText('0 %');
      await expect(outline(page, keyOf(world.steps.watched!))).toHaveAttribute('data-state', 'locked');
      await expectNoSeriousA11yViolations(page);
      await outline(page, keyOf(world.steps.watched!)).click();
      await expectWarning(page, 'Accès bloqué', "Terminez les étapes précédentes avant d'accéder à ce chapitre.");
      await page.getByRole('button', { name: /Suivant/ }).click();
      await expectWarning(page, 'Étape non validée', 'Veuillez valider cette étape avant de continuer.');
      await page.getByRole('button', { name: 'Terminer l’étape' }).click();
      await validated(page, world.steps.text!);
      await expect(page.getByTestId('step-verdict')).toHaveText(/Étape validée/);
    });

    await test.step('its sub-chapters, in order: a locked one is refused', async () => {
      await next(page, '1.1 Le vocabulaire');
      await outline(page, keyOf(world.steps.sub2!)).click();
      await expectWarning(page, 'Accès refusé', 'Vous devez terminer les étapes précédentes.');
      await page.getByRole('button', { name: 'Terminer l’étape' }).click();
      await validated(page, world.steps.sub1!);
      // « Suivant » from the foot of the page (a short window, scrolled down): the next step's title and the
      // outline come into view below the sticky navigation bar, not under it (issue 30).
      const viewport = page.viewportSize()!;
      await page.setViewportSize({ width: 1280, height: 460 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await next(page, '1.2 Les raccourcis');
      const bar = (await page.locator('header.navbar').boundingBox())!;
      await expect.poll(async () => (await heading(page).boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
      expect((await page.locator('.course-reader__outline').boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
      await page.screenshot({ path: test.info().outputPath('after-next.png') });
      await page.setViewportSize(viewport);
      await page.getByRole('button', { name: 'Terminer l’étape' }).click();
      await validated(page, world.steps.sub2!);
    });

    await test.step('an uploaded video watched through is validated by the seconds played', async () => {
      await next(page, '2. Une vidéo regardée');
      await expectNoSeriousA11yViolations(page);
      // No finish button before more than 120 s watched.
      await expect(page.getByRole('button', { name: 'Terminer l’étape' })).toHaveCount(0);
      await playVideo(page, 0);
      await validated(page, world.steps.watched!);
    });

    await test.step('another skipped to its end proves nothing: refused, until it is watched', async () => {
      await next(page, '3. Une vidéo survolée');
      // Seeked to its last 3 seconds: only those are played.
      await playVideo(page, -3, 1);
      // The server's answer to the save made at the end: not validated, and why.
      await expect(page.getByTestId('step-verdict')).toContainText('La vidéo n’a pas encore été assez regardée.');
      await expect(outline(page, keyOf(world.steps.skipped!))).toHaveAttribute('data-state', 'open');
      await page.getByRole('button', { name: /Suivant/ }).click();
      await expectWarning(page, 'Étape non validée', 'Veuillez valider cette étape avant de continuer.');
      const record = (await server.records()).find((r: { chapter: number }) => r.chapter === world.steps.skipped!.chapter);
      expect(record).toMatchObject({ validated: false });
      expect(record.duration).toBeGreaterThan(1);
      expect(record.duration).toBeLessThanOrEqual(3);
      await playVideo(page, 0);
      await validated(page, world.steps.skipped!);
    });

    await test.step('YouTube and Vimeo videos report their played ranges through their player APIs (stand-ins)', async () => {
      await next(page, '4. Une vidéo YouTube');
      await expect(page.getByTestId('step-embed')).toHaveAttribute('src', /enablejsapi=1/);
      await expect.poll(() => page.evaluate(() => (window as unknown as { __fakeYouTube?: { players(): number } }).__fakeYouTube?.players() ?? 0)).toBe(1);
      await page.evaluate(() => (window as unknown as { __fakeYouTube: { play(a: number, b: number, c: number): void } }).__fakeYouTube.play(0, 20, 2));
      await validated(page, world.steps.youtube!);
      await next(page, '5. Une vidéo Vimeo');
      await expect.poll(() => page.evaluate(() => (window as unknown as { __fakeVimeo?: { players(): number } }).__fakeVimeo?.players() ?? 0)).toBe(1);
      await page.evaluate(() => (window as unknown as { __fakeVimeo: { play(a: number, b: number, c: number): void } }).__fakeVimeo.play(0, 20, 4));
      await validated(page, world.steps.vimeo!);
      const records = await server.records();
      for (const key of ['youtube', 'vimeo']) {
        expect(records.find((r: { chapter: number }) => r.chapter === world.steps[key]!.chapter)).toMatchObject({ validated: true, rule: 'video-played-90-percent' });
      }
    });

    await test.step('a quiz step is taken inline; its completion validates the step', async () => {
      await next(page, '6. Vérifier ses acquis');
      await page.getByRole('radio', { name: 'Ctrl + S', exact: true }).check();
      await page.getByRole('button', { name: 'Valider ma réponse' }).click();
      await expect(page.getByTestId('quiz-score')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await validated(page, world.steps.quiz!);
    });

    await test.step('the SCORM 1.2 package runs in its 600 px frame, is resumed after a reload, and reports passed', async () => {
      await next(page, '7. Module SCORM 1.2');
      const module = frame(page);
      await expect(module.locator('#progress')).toHaveText('Page 1 sur 3');
      await expect(module.locator('#offline')).toBeHidden();
      expect(await page.locator('iframe.content-step__scorm-frame').evaluate((element) => element.getBoundingClientRect().height)).toBe(600);
      await expectNoSeriousA11yViolations(page);
      await module.getByRole('button', { name: 'Suivant' }).click();
      await module.getByRole('button', { name: 'Suivant' }).click();
      await module.getByRole('radio', { name: 'cactus-violon-marée-lundi' }).check();
      await expect(page.getByTestId('scorm-save-state')).toHaveText(/Progression enregistrée/);
      await page.reload();
      // Back on the first step not validated, where the module left off.
      await expect(heading(page)).toHaveText('7. Module SCORM 1.2');
      await expect(module.locator('#progress')).toHaveText('Page 3 sur 3');
      await expect(module.getByRole('radio', { name: 'cactus-violon-marée-lundi' })).toBeChecked();
      await module.getByRole('radio', { name: /Je contacte ma banque/ }).check();
      await module.getByRole('button', { name: 'Valider mes réponses' }).click();
      await expect(module.locator('#result')).toContainText('Module réussi');
      await validated(page, world.steps.scorm12!);
      const state = await server.scorm(world.steps.scorm12!.chapter);
      expect(state).toMatchObject({ entry: 'resume', scos: [{ sco: 'item_securite', version: '1.2', cmi: { lesson_status: 'passed', score: 100, location: '2' } }] });
      expect(JSON.parse(state.scos[0].cmi.suspend_data)).toEqual({ page: 2, answers: { q1: 'b', q2: 'c' } });
    });

    await test.step('the SCORM 2004 package too: resumed after a reload, completed and passed', async () => {
      await next(page, '8. Module SCORM 2004');
      const module = frame(page);
      await expect(module.locator('#step')).toHaveText(/^Écran 1 \//);
      await module.locator('#forward').click();
      await expect(module.locator('#step')).toHaveText(/^Écran 2 \//);
      await expect(page.getByTestId('scorm-save-state')).toHaveText(/Progression enregistrée/);
      await page.reload();
      await expect(heading(page)).toHaveText('8. Module SCORM 2004');
      await expect(module.locator('#step')).toHaveText(/^Écran 2 \//);
      // To the questions, each answered right.
      while (!(await module.locator('#quiz').isVisible())) await module.locator('#forward').click();
      for (const answer of await module.locator('#quiz input[type=radio]').all()) {
        const value = await answer.getAttribute('value');
        if (value === 'egal' || value === 'absolue' || value === 'moyenne') await answer.check();
      }
      await module.locator('#quiz button[type=submit]').click();
      await expect(module.locator('#feedback')).toContainText('bravo');
      await validated(page, world.steps.scorm2004!);
      const state = await server.scorm(world.steps.scorm2004!.chapter);
      expect(state.scos[0]).toMatchObject({ version: '2004', cmi: { completion_status: 'completed', success_status: 'passed' } });
    });

    await test.step("'Terminer le cours', then 'Bravo ! Vous avez terminé le cours' and 'Cours terminé'", async () => {
      await expect(page.getByTestId('course-completion')).toContainText('100 %');
      await page.getByRole('button', { name: 'Terminer le cours' }).click();
      await expect(page.getByRole('dialog').filter({ hasText: 'Bravo ! Vous avez terminé le cours' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('button', { name: 'Cours terminé' })).toBeDisabled();
      const records = await server.records();
      expect(records).toHaveLength(10);
      expect(records.every((r: { validated: boolean }) => r.validated)).toBe(true);
    });
  });

  test('a SCORM commit made while the network is cut is kept, shown as waiting, and arrives once the network returns', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.goto('/user-login');
    await fillLogin(page, world.student.email, PASSWORD);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await page.goto(`/mini/${world.courseId}`);
    await outline(page, keyOf(world.steps.scorm12!)).click();
    const module = frame(page);
    await expect(module.locator('#progress')).toHaveText('Page 3 sur 3');

    await page.context().setOffline(true);
    await module.getByRole('radio', { name: 'Marie1985!' }).check();
    await expect(page.getByTestId('scorm-save-state')).toHaveText(/1 enregistrement en attente : nouvel essai automatique/);
    const server = serverProgress(request, world);
    expect(JSON.parse((await server.scorm(world.steps.scorm12!.chapter)).scos[0].cmi.suspend_data).answers.q1).toBe('b');

    await page.context().setOffline(false);
    await expect(page.getByTestId('scorm-save-state')).toHaveText(/Progression enregistrée/, { timeout: 30_000 });
    expect(JSON.parse((await server.scorm(world.steps.scorm12!.chapter)).scos[0].cmi.suspend_data).answers.q1).toBe('a');
  });

  test('/my-courses shows the finished course in green at 100 %, filters it, and charts the active time', async ({ page }) => {
    await page.goto('/user-login');
    await fillLogin(page, world.student.email, PASSWORD);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await page.goto('/my-courses');
    const card = page.getByTestId('my-course').filter({ hasText: world.title });
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(card.locator('.progress-bar')).toHaveAttribute('data-colour', 'green');
    await expect(card.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', `/user/study-material/${world.courseId}`);
    await page.getByText(/^Terminés \(1\)$/).click();
    await expect(page.getByTestId('my-course')).toHaveCount(1);
    await page.getByText(/^En cours \(0\)$/).click();
    await expect(page.getByText('Aucun cours dans cette catégorie de progression.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Temps actif par cours' })).toContainText(world.title);
    await expectNoSeriousA11yViolations(page);
  });
});

// A package of several SCOs: the learner moves between its parts, and the chapter waits for all of them.
test('a multi-SCO package lists its parts; the chapter is validated once every part has reported passed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const world = await multiScoWorld(request);
  const server = serverProgress(request, world);
  await page.goto('/user-login');
  await fillLogin(page, world.student.email, PASSWORD);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await page.goto(`/mini/${world.courseId}`);
  const parts = page.getByRole('navigation', { name: 'Parties du module' });
  await expect(parts.getByRole('button')).toHaveText([/Partie 1 sur 2\s*Les mots de passe/, /Partie 2 sur 2\s*L'hameçonnage/]);
  await expect(parts.getByRole('button', { name: /Partie 1 sur 2/ })).toHaveAttribute('aria-current', 'step');

  const pass = async () => {
    const module = frame(page);
    await expect(module.locator('#offline')).toBeHidden();
    await module.getByRole('button', { name: 'Suivant' }).click();
    await module.getByRole('button', { name: 'Suivant' }).click();
    await module.getByRole('radio', { name: 'cactus-violon-marée-lundi' }).check();
    await module.getByRole('radio', { name: /Je contacte ma banque/ }).check();
    await module.getByRole('button', { name: 'Valider mes réponses' }).click();
    await expect(module.locator('#result')).toContainText('Module réussi');
    await expect(page.getByTestId('scorm-save-state')).toHaveText(/Progression enregistrée/);
  };
  await pass();
  const afterOne = await server.scorm(world.steps.scorm!.chapter);
  expect(afterOne.scos.map((s: { sco: string; cmi: { lesson_status: string } }) => [s.sco, s.cmi.lesson_status])).toEqual([['partie_1', 'passed']]);
  await expect(outline(page, keyOf(world.steps.scorm!))).not.toHaveAttribute('data-state', 'validated');

  await parts.getByRole('button', { name: /Partie 2 sur 2/ }).click();
  await expect(parts.getByRole('button', { name: /Partie 2 sur 2/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.locator('iframe.content-step__scorm-frame')).toHaveAttribute('src', /partie2\/index_lms\.html/);
  await pass();
  await validated(page, world.steps.scorm!);
  const state = await server.scorm(world.steps.scorm!.chapter);
  expect(state.scos.map((s: { sco: string; cmi: { lesson_status: string } }) => [s.sco, s.cmi.lesson_status]).sort()).toEqual([['partie_1', 'passed'], ['partie_2', 'passed']]);
  const [record] = await server.records();
  expect(record).toMatchObject({ validated: true, rule: 'scorm-completed' });
  await expectNoSeriousA11yViolations(page);
});

// Léa, from the demo data, reaches the player from her courses.
test('Léa opens a course she follows from /my-courses and finds the player on her first step not validated', async ({ page }) => {
  await page.goto('/user-login');
  await fillLogin(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await page.goto('/my-courses');
  const card = page.getByTestId('my-course').filter({ hasText: 'Modèles de documents Word et Excel' });
  await card.getByRole('link', { name: 'Reprendre' }).click();
  await expect(page).toHaveURL(/\/mini\/\d+$/);
  await expect(page.locator('[data-state="validated"]').first()).toBeVisible();
  const current = page.locator('[aria-current="step"]');
  await expect(current).toHaveAttribute('data-state', 'open');
});

// The dashboard's course-tracking table (01 §2.4) agrees with the demo's progress.
test('Léa follows her courses on /user-dashboard: bands with their counts, then Reprendre opens the player', async ({ page }) => {
  await page.goto('/user-login');
  await fillLogin(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  const tracking = page.getByRole('region', { name: 'Suivi de mes cours' });
  await expect(tracking.getByTestId('tracked-course').first()).toBeVisible();
  const total = await tracking.getByTestId('tracked-course').count();
  await expect(tracking.getByText(new RegExp(`^Tous \\(${total}\\)$`))).toBeVisible();
  await tracking.getByText(/^Terminés \(\d+\)$/).click();
  const done = tracking.getByTestId('tracked-course');
  await expect(done.first()).toContainText('Terminé');
  await expect(done.filter({ hasText: 'Modèles de documents Word et Excel' })).toHaveCount(0);
  await tracking.getByText(/^En cours \(\d+\)$/).click();
  const row = tracking.getByTestId('tracked-course').filter({ hasText: 'Modèles de documents Word et Excel' });
  await expect(row.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0');
  await row.getByRole('link', { name: /^Reprendre : / }).click();
  await expect(page).toHaveURL(/\/mini\/\d+$/);
  await expect(page.locator('[aria-current="step"]')).toHaveAttribute('data-state', 'open');
});
