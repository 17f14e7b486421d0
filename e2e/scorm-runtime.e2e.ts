import { expect, test, type Page } from '@playwright/test';
import { buildZip } from '../backend/src/contexts/catalogue/domain/scorm/testing/zip-builder';
import { enrolledStudent, journeyTag, PASSWORD, serverProgress, trainerWithCourse, type World } from './player-world';
import { expectNoSeriousA11yViolations, fillLogin, loginAs } from './support';

// The player's run-time around a package (issue 23, items 2 and 3): the trainer's and the admin's
// preview runs the package with a run-time in browse mode, no-credit, that answers and saves
// nothing; and the calls a package makes in its own unload handler reach the player (the
// handshake of docs/adr/0025), whether the learner moves to another SCO or leaves the player.
// The package is built here: a SCORM 1.2 SCO that shows what its API answers and, as it is
// unloaded, sets its location, session time and status and calls LMSFinish, as real exports do.

const SCO_PAGE = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>Leçon</title></head>
<body>
  <main>
    <h1>Leçon</h1>
    <p id="mode">Démarrage…</p>
    <p id="lu"></p>
  </main>
  <script>
    function find(win) {
      for (var depth = 0; win && depth < 10; depth += 1) {
        try { if (win.API) return win.API; } catch (e) {}
        if (win.parent === win) break;
        win = win.parent;
      }
      return null;
    }
    var api = find(window);
    if (!api) document.getElementById('mode').textContent = 'Pas d’API SCORM';
    else {
      var init = api.LMSInitialize('');
      var mode = api.LMSGetValue('cmi.core.lesson_mode');
      var credit = api.LMSGetValue('cmi.core.credit');
      var set = api.LMSSetValue('cmi.core.lesson_location', 'page-1');
      api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
      var commit = api.LMSCommit('');
      document.getElementById('mode').textContent = 'Mode ' + mode + ', crédit ' + credit + ', init ' + init + ', set ' + set + ', commit ' + commit;
      // The API answers from its cache at once and from the run-time a moment later.
      setTimeout(function () {
        document.getElementById('lu').textContent = 'Lu : ' + api.LMSGetValue('cmi.core.lesson_location') + ', erreur ' + api.LMSGetLastError();
      }, 1500);
      var finished = false;
      var leave = function () {
        if (finished) return;
        finished = true;
        api.LMSSetValue('cmi.core.lesson_location', 'sortie');
        api.LMSSetValue('cmi.core.session_time', '0000:00:42.00');
        api.LMSSetValue('cmi.core.lesson_status', 'completed');
        api.LMSFinish('');
      };
      window.addEventListener('pagehide', leave);
      window.addEventListener('unload', leave);
    }
  </script>
</body>
</html>
`;

/** Two SCOs, each its own folder, both this page. */
function unloadPackage(): Promise<Buffer> {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="fr.lms-centre.e2e.dechargement" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Un module qui finit en partant</title>
      <item identifier="partie_1" identifierref="res_1"><title>Première partie</title></item>
      <item identifier="partie_2" identifierref="res_2"><title>Seconde partie</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res_1" type="webcontent" adlcp:scormtype="sco" href="partie1/index.html"><file href="partie1/index.html"/></resource>
    <resource identifier="res_2" type="webcontent" adlcp:scormtype="sco" href="partie2/index.html"><file href="partie2/index.html"/></resource>
  </resources>
</manifest>`;
  return buildZip([
    { name: 'imsmanifest.xml', content: Buffer.from(manifest) },
    { name: 'partie1/index.html', content: Buffer.from(SCO_PAGE) },
    { name: 'partie2/index.html', content: Buffer.from(SCO_PAGE) },
  ]);
}

async function unloadWorld(request: Parameters<typeof trainerWithCourse>[0]): Promise<World & { trainerEmail: string }> {
  const tag = journeyTag();
  const title = `Finir en partant ${tag}`;
  const { course, upload, email } = await trainerWithCourse(request, tag, title);
  const buffer = await unloadPackage();
  const scorm = await upload({ title: 'Module qui finit en partant', content_type: 'scorm', duration: '600' }, 'scorm_file', { name: 'dechargement.zip', mimeType: 'application/zip', buffer });
  const student = await enrolledStudent(request, tag, course.id);
  return { courseId: course.id, title, student, steps: { scorm: { chapter: scorm.id } }, trainerEmail: email };
}

// The package runs two frames deep: the launch page on the content origin, then the package (docs/adr/0025).
const frame = (page: Page) => page.frameLocator('iframe.content-step__scorm-frame').frameLocator('iframe');
const part = (page: Page, n: number) => page.getByRole('navigation', { name: 'Parties du module' }).getByRole('button', { name: new RegExp(`^Partie ${n} sur`) });

type ScoState = { sco: string; cmi: Record<string, string>; total_time: number };

test.describe.configure({ mode: 'serial' });

test.describe('the SCORM run-time around a package', () => {
  let world: World & { trainerEmail: string };

  test.beforeAll(async ({ request }) => {
    world = await unloadWorld(request);
  });

  test('the trainer’s and the admin’s previews run the package in browse mode, no-credit: its calls succeed and nothing is sent', async ({ page, request }) => {
    test.setTimeout(180_000);
    const commits: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/scorm-progress/') && sent.method() === 'POST') commits.push(sent.url());
    });
    const expectPreviewRuns = async () => {
      await expect(page.locator('#preview-step-title')).toHaveText('1. Module qui finit en partant');
      await expect(page.getByTestId('scorm-preview-note')).toHaveText('Aperçu : rien n’est enregistré (mode consultation, sans crédit).');
      await expect(frame(page).locator('#mode')).toHaveText('Mode browse, crédit no-credit, init true, set true, commit true', { timeout: 30_000 });
      await expect(frame(page).locator('#lu')).toHaveText('Lu : page-1, erreur 0', { timeout: 30_000 });
      // The second SCO runs too, launched afresh; leaving the first ran its unload handler through the preview's run-time.
      await part(page, 2).click();
      await expect(part(page, 2)).toHaveAttribute('aria-current', 'step');
      await expect(frame(page).locator('#mode')).toHaveText('Mode browse, crédit no-credit, init true, set true, commit true', { timeout: 30_000 });
    };

    await page.goto('/teacher-login');
    await fillLogin(page, world.trainerEmail, PASSWORD);
    await expect(page).toHaveURL(/\/teacher-dashboard$/);
    await page.goto(`/course-preview/${world.courseId}`);
    await expectPreviewRuns();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/scorm-preview-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/scorm-preview-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.evaluate(() => localStorage.clear());
    await loginAs(page, 'admin');
    await page.goto(`/admin-course-preview/${world.courseId}`);
    await expectPreviewRuns();

    // Not one commit left the page, and the server holds nothing for the chapter.
    expect(commits).toEqual([]);
    expect(await serverProgress(request, world).scorm(world.steps.scorm!.chapter)).toEqual({ entry: 'ab-initio', scos: [] });
  });

  test('the calls a package makes as it is unloaded reach the server: moving to the next SCO, then leaving the player', async ({ page, request }) => {
    test.setTimeout(180_000);
    const server = serverProgress(request, world);
    const chapter = world.steps.scorm!.chapter;
    const states = async () => Object.fromEntries(((await server.scorm(chapter)).scos as ScoState[]).map((s) => [s.sco, [s.cmi.lesson_status, s.cmi.location, s.cmi.session_time]]));

    await page.goto('/user-login');
    await fillLogin(page, world.student.email, PASSWORD);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await page.goto(`/mini/${world.courseId}`);
    await expect(frame(page).locator('#mode')).toHaveText('Mode normal, crédit credit, init true, set true, commit true', { timeout: 30_000 });
    await expect.poll(states, { timeout: 20_000 }).toMatchObject({ partie_1: ['incomplete', 'page-1', expect.any(String)] });

    // Moving to the second SCO: the first is unloaded before its frame goes, and what its unload handler set is kept.
    await part(page, 2).click();
    await expect(part(page, 2)).toHaveAttribute('aria-current', 'step');
    await expect(frame(page).locator('#mode')).toHaveText('Mode normal, crédit credit, init true, set true, commit true', { timeout: 30_000 });
    await expect.poll(states, { timeout: 20_000 }).toMatchObject({ partie_1: ['completed', 'sortie', '00:00:42'], partie_2: ['incomplete', 'page-1', expect.any(String)] });

    // Leaving the player by its back link: the second SCO is unloaded the same way.
    await page.locator('a.course-reader__back').click();
    await expect(page).toHaveURL(/\/my-courses$/);
    await expect.poll(states, { timeout: 20_000 }).toMatchObject({ partie_1: ['completed', 'sortie', '00:00:42'], partie_2: ['completed', 'sortie', '00:00:42'] });
    const scos = (await server.scorm(chapter)).scos as ScoState[];
    expect(scos.map((s) => [s.sco, s.total_time])).toEqual([['partie_1', 42], ['partie_2', 42]]);
    // Both SCOs completed: the step is validated.
    const records = (await server.records()) as { chapter: number | null; validated: boolean }[];
    expect(records.find((r) => r.chapter === chapter)?.validated).toBe(true);
  });
});

// A package that records its answers as Storyline does (issue 23, found with real exports): each
// interaction is added at index cmi.interactions._count, read straight after the previous write,
// its objectives and correct responses likewise; then 1.2 objectives with a status and no max.
// Across the two frames, a _count read from the launch page's cache must be the run-time's.
const COUNTING_SCO = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>Quiz</title></head>
<body>
  <main><h1>Quiz</h1><p id="comptes">Démarrage…</p></main>
  <script>
    var api = window.parent.API;
    api.LMSInitialize('');
    var read = [];
    ['q1', 'q2', 'q3'].forEach(function (id) {
      var n = api.LMSGetValue('cmi.interactions._count');
      read.push(n);
      api.LMSSetValue('cmi.interactions.' + n + '.id', id);
      api.LMSSetValue('cmi.interactions.' + n + '.type', 'choice');
      api.LMSSetValue('cmi.interactions.' + n + '.student_response', 'a');
      api.LMSSetValue('cmi.interactions.' + n + '.result', 'correct');
      var o = api.LMSGetValue('cmi.interactions.' + n + '.objectives._count');
      api.LMSSetValue('cmi.interactions.' + n + '.objectives.' + o + '.id', 'obj-' + id);
      read.push(o + '/' + api.LMSGetValue('cmi.interactions.' + n + '.objectives._count'));
      var c = api.LMSGetValue('cmi.interactions.' + n + '.correct_responses._count');
      api.LMSSetValue('cmi.interactions.' + n + '.correct_responses.' + c + '.pattern', 'a');
      read.push(c + '/' + api.LMSGetValue('cmi.interactions.' + n + '.correct_responses._count'));
    });
    read.push(api.LMSGetValue('cmi.interactions._count'));
    ['echoue', 'reussi'].forEach(function (id, i) {
      var n = api.LMSGetValue('cmi.objectives._count');
      api.LMSSetValue('cmi.objectives.' + n + '.id', id);
      api.LMSSetValue('cmi.objectives.' + n + '.status', i === 0 ? 'failed' : 'passed');
      api.LMSSetValue('cmi.objectives.' + n + '.score.raw', '40');
    });
    read.push(api.LMSGetValue('cmi.objectives._count'));
    api.LMSSetValue('cmi.core.lesson_status', 'completed');
    api.LMSFinish('');
    document.getElementById('comptes').textContent = 'Comptes : ' + read.join(' ');
  </script>
</body>
</html>
`;

function countingPackage(): Promise<Buffer> {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="fr.lms-centre.e2e.comptes" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Un quiz qui compte ses réponses</title>
      <item identifier="quiz" identifierref="res_quiz"><title>Quiz</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res_quiz" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource>
  </resources>
</manifest>`;
  return buildZip([
    { name: 'imsmanifest.xml', content: Buffer.from(manifest) },
    { name: 'index.html', content: Buffer.from(COUNTING_SCO) },
  ]);
}

test.describe('a package that adds its records at _count, across the frames', () => {
  test('each _count read right after a write is the run-time\'s: every interaction reaches the server, 1.2 objectives mapped, no max invented', async ({ page, request }) => {
    test.setTimeout(180_000);
    const tag = journeyTag();
    const title = `Quiz compté ${tag}`;
    const { course, upload } = await trainerWithCourse(request, tag, title);
    const scorm = await upload({ title: 'Quiz compté', content_type: 'scorm', duration: '600' }, 'scorm_file', { name: 'comptes.zip', mimeType: 'application/zip', buffer: await countingPackage() });
    const student = await enrolledStudent(request, tag, course.id);
    const world: World = { courseId: course.id, title, student, steps: { scorm: { chapter: scorm.id } } };

    await page.goto('/user-login');
    await fillLogin(page, student.email, PASSWORD);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await page.goto(`/mini/${course.id}`);
    await expect(frame(page).locator('#comptes')).toHaveText('Comptes : 0 0/1 0/1 1 0/1 0/1 2 0/1 0/1 3 2', { timeout: 30_000 });

    const server = serverProgress(request, world);
    type Stored = { cmi: { interactions?: { id: string }[]; objectives?: Record<string, string>[] } };
    const stored = async () => ((await server.scorm(scorm.id)).scos as Stored[])[0]?.cmi;
    await expect.poll(async () => (await stored())?.interactions?.map((i) => i.id), { timeout: 20_000 }).toEqual(['q1', 'q2', 'q3']);
    expect((await stored())?.objectives).toEqual([
      { id: 'echoue', score_raw: '40', success_status: 'failed', completion_status: 'completed' },
      { id: 'reussi', score_raw: '40', success_status: 'passed', completion_status: 'completed' },
    ]);
  });
});
