import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, serverProgress, sharedLaunchWorld, type World } from './player-world';
import { expectNoSeriousA11yViolations, fillLogin } from './support';

// Every SCO runs (issue 23, item 2): packages whose SCOs all launch index.html, built by the test
// (backend/src/testing/shared-launch-package.ts). The SCO counts
// its launches in its own suspend_data and shows "Lancement n° N (entry)": a frame not relaunched,
// or data shared between SCOs, shows on screen and on the server.

// The package runs two frames deep: the launch page on the content origin, then the package (docs/adr/0025).
const frame = (page: Page) => page.frameLocator('iframe.content-step__scorm-frame').frameLocator('iframe');
const etat = (page: Page) => frame(page).locator('#etat');
const parts = (page: Page) => page.getByRole('navigation', { name: 'Parties du module' });
const part = (page: Page, n: number) => parts(page).getByRole('button', { name: new RegExp(`^Partie ${n} sur`) });

type ScoState = { sco: string; cmi: Record<string, string> };

async function openAsStudent(page: Page, world: World) {
  await page.goto('/user-login');
  await fillLogin(page, world.student.email, PASSWORD);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await page.goto(`/mini/${world.courseId}`);
}

async function expectCurrent(page: Page, n: number) {
  await expect(part(page, n)).toHaveAttribute('aria-current', 'step');
}

test('a SCORM 1.2 package of 8 SCOs that all launch index.html: each launched, recorded under its identifier, resumed from its own data', async ({ page, request }) => {
  test.setTimeout(240_000);
  const items = Array.from({ length: 8 }, (_, i) => ({ identifier: `lecon_${i + 1}`, title: `Leçon ${i + 1}` }));
  const world = await sharedLaunchWorld(request, '1.2', items);
  const server = serverProgress(request, world);
  const chapter = world.steps.scorm!.chapter;
  const recorded = async () => ((await server.scorm(chapter)).scos as ScoState[]).map((s) => [s.sco, s.cmi.lesson_status, s.cmi.suspend_data]);
  await openAsStudent(page, world);
  await expect(parts(page).getByRole('button')).toHaveCount(8);

  for (let n = 1; n <= 8; n += 1) {
    if (n > 1) await part(page, n).click();
    await expectCurrent(page, n);
    // A launch of its own: its own data, started afresh (the previous SCO's frame showed "Leçon terminée").
    await expect(etat(page)).toHaveText('Lancement n° 1 (ab-initio)', { timeout: 20_000 });
    await frame(page).getByRole('button', { name: 'Terminer' }).click();
    await expect(etat(page)).toHaveText('Leçon terminée');
    await expect.poll(recorded, { timeout: 20_000 }).toContainEqual([`lecon_${n}`, 'completed', '1']);
  }
  expect(await recorded()).toEqual(items.map((item) => [item.identifier, 'completed', '1']));
  await expect(page.getByTestId(`outline-chapter-${chapter}`)).toHaveAttribute('data-state', 'validated', { timeout: 20_000 });

  // Back to the third SCO (the same URL as the eighth): relaunched, resumed from its own data.
  await part(page, 3).click();
  await expectCurrent(page, 3);
  await expect(etat(page)).toHaveText('Lancement n° 2 (resume)', { timeout: 20_000 });
  await expect.poll(recorded, { timeout: 20_000 }).toContainEqual(['lecon_3', 'completed', '2']);
  expect((await recorded()).filter(([, , launches]) => launches === '2')).toEqual([['lecon_3', 'completed', '2']]);
});

test('a SCORM 2004 package moves on its own continue and previous requests, stops on suspendAll and resumes there, even opened again, and leaves on exitAll, whose next opening is a new attempt', async ({ page, request }) => {
  test.setTimeout(240_000);
  const items = [
    { identifier: 'intro', title: 'Introduction' },
    { identifier: 'cours', title: 'Le cours' },
    { identifier: 'bilan', title: 'Bilan' },
  ];
  const world = await sharedLaunchWorld(request, '2004', items);
  const server = serverProgress(request, world);
  const chapter = world.steps.scorm!.chapter;
  const states = async () => Object.fromEntries(((await server.scorm(chapter)).scos as ScoState[]).map((s) => [s.sco, s.cmi]));
  const ask = (name: string) => frame(page).getByRole('button', { name }).click();
  await openAsStudent(page, world);

  await expectCurrent(page, 1);
  await expect(etat(page)).toHaveText('Lancement n° 1 (ab-initio)', { timeout: 20_000 });
  await ask('Continuer');
  await expectCurrent(page, 2);
  await expect(etat(page)).toHaveText('Lancement n° 1 (ab-initio)', { timeout: 20_000 });
  await ask('Précédent');
  await expectCurrent(page, 1);
  await expect(etat(page)).toHaveText('Lancement n° 2 (resume)', { timeout: 20_000 });
  await ask('Continuer');
  await expectCurrent(page, 2);
  await expect(etat(page)).toHaveText('Lancement n° 2 (resume)', { timeout: 20_000 });

  await ask('Suspendre');
  const closed = page.getByTestId('scorm-closed');
  await expect(closed).toContainText('Module mis en pause : il reprendra là où vous l’avez laissé.');
  await expect(page.locator('iframe.content-step__scorm-frame')).toHaveCount(0);
  await expect.poll(async () => (await states()).cours?.exit, { timeout: 20_000 }).toBe('suspend');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Reprendre le module' }).click();
  await expectCurrent(page, 2);
  await expect(etat(page)).toHaveText('Lancement n° 3 (resume)', { timeout: 20_000 });
  await ask('Suspendre');
  await expect(closed).toBeVisible();
  // The step opened again later: the package resumes at the SCO it was suspended in, not at its first.
  await expect.poll(async () => (await states()).cours?.suspend_data, { timeout: 20_000 }).toBe('3');
  await page.reload();
  await expectCurrent(page, 2);
  await expect(etat(page)).toHaveText('Lancement n° 4 (resume)', { timeout: 20_000 });

  await ask('Continuer');
  await expectCurrent(page, 3);
  await expect(etat(page)).toHaveText('Lancement n° 1 (ab-initio)', { timeout: 20_000 });
  await ask('Tout quitter');
  await expect(closed).toContainText('Vous avez quitté le module.');
  await expect(page.locator('iframe.content-step__scorm-frame')).toHaveCount(0);

  // exitAll ended the attempt, every SCO completed in it: the step is validated, and the next opening starts a new attempt afresh.
  await expect(page.getByTestId(`outline-chapter-${chapter}`)).toHaveAttribute('data-state', 'validated', { timeout: 20_000 });
  await expect.poll(states, { timeout: 20_000 }).toEqual({});
  await page.getByRole('button', { name: 'Relancer le module' }).click();
  await expectCurrent(page, 3);
  await expect(etat(page)).toHaveText('Lancement n° 1 (ab-initio)', { timeout: 20_000 });
  await expect.poll(async () => Object.entries(await states()).map(([sco, cmi]) => [sco, cmi.completion_status, cmi.suspend_data]), { timeout: 20_000 }).toEqual([
    ['bilan', 'incomplete', '1'],
  ]);
  // The step opened again: still the new attempt, resumed from its own data only.
  await page.reload();
  await expectCurrent(page, 1);
  await expect(etat(page)).toHaveText('Lancement n° 1 (ab-initio)', { timeout: 20_000 });
});
