// SCORM packages cannot act as the user (docs/adr/0025): served from the content origin (here
// `localhost`, the app being on 127.0.0.1), sandboxed, talking to the player's run-time through the
// postMessage bridge only. A hostile package of this test's making tries to read the tokens, call
// the API as the user, refresh the session and change the page, as a student in the player and as
// the trainer and the admin in the preview; a well-behaved package in the same setup runs, saves,
// resumes and validates its step through the bridge.
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { buildZip } from '../backend/src/contexts/catalogue/domain/scorm/testing/zip-builder';
import { enrolledStudent, journeyTag, PASSWORD, trainerWithCourse } from './player-world';
import { expectNoSeriousA11yViolations, fillLogin, loginAs } from './support';


const manifest = (title: string) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="m" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${title}</title>
    <item identifier="item" identifierref="res"><title>${title}</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

/** A SCORM 1.2 SCO that finds its API by walking up its parents, as the ADL finder does. */
const WELL_BEHAVED = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Module sage</title></head><body>
<h1>Module sage</h1><p id="name"></p><p id="where"></p>
<button id="finish" type="button">Terminer le module</button><p id="done"></p>
<script>
function findAPI(win) { var n = 0; while (win.API == null && win.parent != null && win.parent != win && n < 7) { n++; win = win.parent; } return win.API; }
var api = findAPI(window);
api.LMSInitialize('');
document.getElementById('name').textContent = 'Apprenant : ' + api.LMSGetValue('cmi.core.student_name');
document.getElementById('where').textContent = 'Reprise : ' + (api.LMSGetValue('cmi.core.lesson_location') || 'début');
document.getElementById('finish').addEventListener('click', function () {
  api.LMSSetValue('cmi.core.lesson_location', 'fin');
  api.LMSSetValue('cmi.core.score.raw', '90');
  api.LMSSetValue('cmi.core.lesson_status', 'passed');
  api.LMSCommit('');
  api.LMSFinish('');
  document.getElementById('done').textContent = 'Terminé';
});
</script></body></html>`;

/** Every way a package's script could act as the user; each result says « échec » or « réussi ». */
const HOSTILE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Module piégé</title></head><body>
<h1>Module piégé</h1><pre id="results">en cours</pre>
<script>
(async function () {
  var results = {};
  var origins = location.ancestorOrigins;
  var app = origins[origins.length - 1];
  results.app = app;
  function attempt(name, fn) {
    try { results[name] = 'réussi : ' + String(fn()).slice(0, 200); } catch (e) { results[name] = 'échec : ' + e.name; }
  }
  async function request(name, url, init) {
    try { var r = await fetch(url, init); results[name] = 'réussi : ' + r.status + ' ' + (await r.text()).slice(0, 200); } catch (e) { results[name] = 'échec : ' + e.name; }
  }
  attempt('top.localStorage', function () { return JSON.stringify(window.top.localStorage); });
  attempt('top.sessionStorage', function () { return JSON.stringify(window.top.sessionStorage); });
  attempt('top.document', function () { return window.top.document.body.innerHTML; });
  attempt('parent.parent.document', function () { return window.parent.parent.document.title; });
  attempt('top.document.write', function () { window.top.document.body.innerHTML = '<h1>Piraté</h1>'; return 'écrit'; });
  attempt('top.API', function () { return window.top.API; });
  attempt('top.location', function () { window.top.location.href = app + '/pirate'; return 'navigué'; });
  attempt('cookies', function () { if (!document.cookie) throw new Error('vide'); return document.cookie; });
  attempt('jetons de cette origine', function () {
    var all = JSON.stringify(window.localStorage) + JSON.stringify(window.sessionStorage);
    if (!/access|refresh|token|eyJ/i.test(all)) throw new Error('aucun');
    return all;
  });
  await request('api sans identifiants', app + '/api/category/');
  await request('api avec identifiants', app + '/api/category/', { credentials: 'include' });
  await request('média avec identifiants', app + '/media/scorm/1/index.html', { credentials: 'include' });
  await request('rafraîchissement', app + '/api/token/refresh/', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{"refresh":"x"}' });
  await request('rafraîchissement no-cors', app + '/api/token/refresh/', { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{"refresh":"x"}' });
  // The bridge answers the launch page's window only, and the SCORM calls only: asked from the
  // package's own window it says nothing; asked through the launch page, anything else is refused.
  function bridge(name, from, id) {
    return new Promise(function (resolve) {
      from.addEventListener('message', function (event) {
        if (event.data && event.data.messageId === id) resolve(event.data.error ? 'échec : ' + event.data.error.message : 'réussi : ' + JSON.stringify(event.data.result));
      });
      from.eval("window.top.postMessage({ messageId: '" + id + "', method: 'loadFromJSON', params: [{ cmi: { core: { lesson_status: 'passed' } } }] }, '*')");
      setTimeout(function () { resolve('échec : pas de réponse'); }, 5000);
    }).then(function (result) { results[name] = result; });
  }
  await Promise.all([bridge('pont depuis le paquet', window, 'piege-1'), bridge('pont hors SCORM', window.parent, 'piege-2')]);
  document.getElementById('results').textContent = JSON.stringify(results);
})();
</script></body></html>`;

type Upload = { name: string; mimeType: string; buffer: Buffer };
const scormZip = async (name: string, title: string, page: string): Promise<Upload> => ({
  name,
  mimeType: 'application/zip',
  buffer: await buildZip([
    { name: 'imsmanifest.xml', content: manifest(title) },
    { name: 'index.html', content: page },
  ]),
});

interface OriginWorld {
  courseId: number;
  trainer: { email: string };
  student: { id: number; email: string };
  chapters: { sage: number; piege: number };
}

/** A trainer's course of two SCORM steps (the well-behaved one, then the hostile one) and a student enrolled in it. */
async function originWorld(request: APIRequestContext): Promise<OriginWorld> {
  const tag = journeyTag();
  const { email, course, upload } = await trainerWithCourse(request, tag, `Modules isolés ${tag}`);
  const sage = await upload({ title: 'Module sage', content_type: 'scorm', duration: '300' }, 'scorm_file', await scormZip('sage.zip', 'Module sage', WELL_BEHAVED));
  const piege = await upload({ title: 'Module piégé', content_type: 'scorm', duration: '300' }, 'scorm_file', await scormZip('piege.zip', 'Module piégé', HOSTILE));
  const student = await enrolledStudent(request, tag, course.id);
  return { courseId: course.id, trainer: { email }, student, chapters: { sage: sage.id, piege: piege.id } };
}

/** The package's own frame: inside the launch page, itself inside the player's frame. */
const packageFrame = (page: Page): FrameLocator => page.frameLocator('iframe.content-step__scorm-frame').frameLocator('iframe');

/** The app's state a package must not touch: its storage, its address, its step heading. */
// The player's own queues of saves not yet acknowledged (`lms:…`) come and go as the server answers: left out.
const appState = (page: Page) =>
  page.evaluate(() => ({
    storage: JSON.stringify(Object.fromEntries(Object.entries(localStorage).filter(([key]) => !key.startsWith('lms:')))),
    url: location.href,
    pirate: document.body.innerHTML.includes('Piraté'),
  }));

/** Runs the hostile package's attempts in the frame on screen and checks every one failed. */
async function expectEveryAttemptFails(page: Page, appOrigin: string) {
  const frame = page.locator('iframe.content-step__scorm-frame');
  await expect(frame).toHaveAttribute('src', new RegExp(`^http://localhost:\\d+/scorm-launch/[\\w-]+\\.[\\w-]+/index\\.html$`));
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals');
  const before = await appState(page);
  // No token in the page's storage at all (docs/adr/0029): the package has nothing to find there.
  expect(before.storage).not.toMatch(/eyJ/);
  const results = packageFrame(page).locator('#results');
  await expect(results).not.toHaveText('en cours', { timeout: 30_000 });
  const outcome = JSON.parse((await results.textContent())!) as Record<string, string>;
  const { app, ...attempts } = outcome;
  expect(app).toBe(appOrigin);
  expect(Object.keys(attempts)).toHaveLength(16);
  for (const [name, result] of Object.entries(attempts)) expect(`${name} → ${result}`).toMatch(/→ échec : /);
  expect(attempts['pont depuis le paquet']).toBe('échec : pas de réponse');
  expect(attempts['pont hors SCORM']).toBe('échec : Method not allowed: loadFromJSON');
  // The page is as it was: same tokens, same address, nothing written into it.
  expect(await appState(page)).toEqual(before);
}

test.describe.serial('a SCORM package on the content origin', () => {
  let world: OriginWorld;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    world = await originWorld(request);
  });

  test('a well-behaved package runs, saves, resumes and validates through the bridge; a hostile one reads no token, calls nothing as the student and changes nothing', async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    const appOrigin = new URL(baseURL!).origin;
    await page.goto('/user-login');
    await fillLogin(page, world.student.email, PASSWORD);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await page.goto(`/mini/${world.courseId}`);
    const heading = page.locator('#player-step-title');

    await test.step('the well-behaved package finds its API by walking up, reads the learner, and validates its step', async () => {
      await expect(heading).toHaveText('1. Module sage');
      const sco = packageFrame(page);
      await expect(sco.locator('#name')).toHaveText(/^Apprenant : \S+/);
      await expect(sco.locator('#where')).toHaveText('Reprise : début');
      await expectNoSeriousA11yViolations(page);
      await sco.getByRole('button', { name: 'Terminer le module' }).click();
      await expect(sco.locator('#done')).toHaveText('Terminé');
      await expect(page.getByTestId('scorm-save-state')).toHaveText(/Progression enregistrée/);
      await expect(page.getByTestId(`outline-chapter-${world.chapters.sage}`)).toHaveAttribute('data-state', 'validated', { timeout: 20_000 });
      const login = await (await request.post('/api/student-login-jwt/', { data: { email: world.student.email, password: PASSWORD } })).json();
      const saved = await (await request.get(`/api/scorm-progress/?student=${world.student.id}&chapter=${world.chapters.sage}`, { headers: { Authorization: `Bearer ${login.access}` } })).json();
      expect(saved.scos[0].cmi).toMatchObject({ lesson_status: 'passed', score: 90, location: 'fin' });
    });

    await test.step('reloaded, it resumes from what the server kept, read before its first GetValue', async () => {
      await page.reload();
      await page.getByTestId(`outline-chapter-${world.chapters.sage}`).click();
      await expect(heading).toHaveText('1. Module sage');
      await expect(packageFrame(page).locator('#where')).toHaveText('Reprise : fin');
    });

    await test.step('the hostile package fails at every attempt, and the page is unchanged', async () => {
      await page.getByRole('navigation', { name: 'Navigation entre les étapes' }).getByRole('button', { name: /Suivant/ }).click();
      await expect(heading).toHaveText('2. Module piégé');
      await expectEveryAttemptFails(page, appOrigin);
      await expect(heading).toHaveText('2. Module piégé');
    });

    await test.step('the server refuses the app’s API to the content origin, even with a genuine token', async () => {
      const login = await (await request.post('/api/student-login-jwt/', { data: { email: world.student.email, password: PASSWORD } })).json();
      const contentOrigin = appOrigin.replace('127.0.0.1', 'localhost');
      const fromPackage = await request.get(`/api/student-courses/${world.student.id}`, { headers: { Authorization: `Bearer ${login.access}`, Origin: contentOrigin } });
      expect(fromPackage.status()).toBe(403);
      expect((await request.get(`/api/student-courses/${world.student.id}`, { headers: { Authorization: `Bearer ${login.access}` } })).status()).toBe(200);
      const refresh = await request.post('/api/token/refresh/', { headers: { Origin: contentOrigin }, data: { refresh: login.refresh } });
      expect(refresh.status()).toBe(403);
    });
  });

  test('the trainer’s and the admin’s previews run the package on the content origin too: nothing of theirs is reachable', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const appOrigin = new URL(baseURL!).origin;
    await page.goto('/teacher-login');
    await fillLogin(page, world.trainer.email, PASSWORD);
    await expect(page).toHaveURL(/\/teacher-dashboard$/);
    await page.goto(`/course-preview/${world.courseId}`);
    const heading = page.locator('#preview-step-title');
    await expect(heading).toHaveText('1. Module sage');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(heading).toHaveText('2. Module piégé');
    await expectEveryAttemptFails(page, appOrigin);

    await page.evaluate(() => localStorage.clear());
    await loginAs(page, 'admin');
    await page.goto(`/admin-course-preview/${world.courseId}`);
    await expect(heading).toHaveText('1. Module sage');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(heading).toHaveText('2. Module piégé');
    await expectEveryAttemptFails(page, appOrigin);
  });
});
