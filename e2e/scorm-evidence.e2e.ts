// Issue 23, items 3, 5 and 7 in Chromium, on packages of the test's own making: what a learner's run
// of a SCORM package leaves as evidence. (a) A 1.2 SCO with adlcp:masteryscore that sets a raw score
// below, then above it: under the chapter's rule « Réussi » the step stays not validated while the
// server says « failed », and is validated once it says « passed »; the course's trainer reads both
// commits (statuses, scores, interactions) in the « Trace SCORM » drawer; the LRS holds one `failed`
// then one `passed` statement. (b) A 2004 SCO that reports 100 % (raw 100, min 0, max 100, scaled 1):
// the LRS holds its four figures apart, and one statement per change of status however often the SCO
// commits the same standing.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { buildZip } from '../backend/src/contexts/catalogue/domain/scorm/testing/zip-builder';
import { enrolledStudent, journeyTag, PASSWORD, serverProgress, trainerWithCourse, type World } from './player-world';
import { apiLogin, fillLogin } from './support';

const ADL = 'http://adlnet.gov/expapi/verbs';
/** The e2e server sets no XAPI_HOME_PAGE: the accounts and activities are named under the default. */
const HOME = 'https://lms-formation.fr';
const MAPPING = `${HOME}/xapi/extensions/scorm-mapping`;
const MASTERY = 80;

/** The run-time API a SCO finds by walking up its parents (1.2 `API`, 2004 `API_1484_11`). */
const findApi = (name: string) =>
  `var api = null; for (var w = window; w && !api; w = w === w.parent ? null : w.parent) { try { api = w.${name} || null; } catch (e) { api = null; } }`;

function page(title: string, buttons: Record<string, string>, script: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head><body>
<main><h1>${title}</h1><p id="state">…</p>${Object.entries(buttons).map(([id, label]) => `<button type="button" id="${id}">${label}</button>`).join(' ')}</main>
<script>${script}</script></body></html>`;
}

/** A 1.2 package of one SCO whose manifest gives adlcp:masteryscore 80; each button sets a raw score, an interaction and commits. */
async function masteryPackage(): Promise<Buffer> {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="maitrise" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Seuil de maîtrise</title>
    <item identifier="evaluation" identifierref="res"><title>Évaluation</title><adlcp:masteryscore>${MASTERY}</adlcp:masteryscore></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="sco.html"><file href="sco.html"/></resource></resources>
</manifest>`;
  const script = `${findApi('API')}
  var state = document.getElementById('state');
  state.textContent = api && api.LMSInitialize('') === 'true' ? 'Initialisé' : 'Pas d’API';
  function attempt(n, id, response, result, raw) {
    api.LMSSetValue('cmi.core.lesson_location', 'question-' + (n + 1));
    api.LMSSetValue('cmi.interactions.' + n + '.id', id);
    api.LMSSetValue('cmi.interactions.' + n + '.type', 'choice');
    api.LMSSetValue('cmi.interactions.' + n + '.student_response', response);
    api.LMSSetValue('cmi.interactions.' + n + '.result', result);
    api.LMSSetValue('cmi.interactions.' + n + '.latency', '0000:00:0' + (n + 4));
    api.LMSSetValue('cmi.core.score.raw', String(raw));
    api.LMSSetValue('cmi.core.lesson_status', 'completed');
    state.textContent = api.LMSCommit('') === 'true' ? 'Score ' + raw + ' envoyé' : 'Échec';
  }
  document.getElementById('low').onclick = function () { attempt(0, 'q1', 'b', 'wrong', 40); };
  document.getElementById('high').onclick = function () { attempt(1, 'q2', 'a', 'correct', 90); };`;
  return buildZip([
    { name: 'imsmanifest.xml', content: manifest },
    { name: 'sco.html', content: page('Évaluation', { low: 'Répondre (40 points)', high: 'Répondre (90 points)' }, script) },
  ]);
}

/** A 2004 package of one SCO: « Avancer » commits incomplete at 40 %, « Réussir » completed + passed at 100 %, « Réussir encore » the same again. */
async function fullMarksPackage(): Promise<Buffer> {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="plein" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 3rd Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Note parfaite</title>
    <item identifier="epreuve" identifierref="res"><title>Épreuve</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormType="sco" href="sco.html"><file href="sco.html"/></resource></resources>
</manifest>`;
  const script = `${findApi('API_1484_11')}
  var state = document.getElementById('state');
  state.textContent = api && api.Initialize('') === 'true' ? 'Initialisé' : 'Pas d’API';
  function report(completion, success, raw, location) {
    api.SetValue('cmi.completion_status', completion);
    api.SetValue('cmi.success_status', success);
    api.SetValue('cmi.score.min', '0');
    api.SetValue('cmi.score.max', '100');
    api.SetValue('cmi.score.raw', String(raw));
    api.SetValue('cmi.score.scaled', String(raw / 100));
    api.SetValue('cmi.location', location);
    state.textContent = api.Commit('') === 'true' ? location + ' envoyé' : 'Échec';
  }
  document.getElementById('start').onclick = function () { report('incomplete', 'unknown', 40, 'debut'); };
  document.getElementById('pass').onclick = function () { report('completed', 'passed', 100, 'fin'); };
  document.getElementById('again').onclick = function () { report('completed', 'passed', 100, 'relu'); };`;
  return buildZip([
    { name: 'imsmanifest.xml', content: manifest },
    { name: 'sco.html', content: page('Épreuve', { start: 'Avancer', pass: 'Réussir', again: 'Réussir encore' }, script) },
  ]);
}

/** A course whose only step is the package, with its trainer's rule, and a new student enrolled. */
async function packageWorld(request: APIRequestContext, title: string, zip: Buffer, rule: 'completed_or_passed' | 'passed') {
  const tag = journeyTag();
  const { course, email, upload } = await trainerWithCourse(request, tag, `${title} ${tag}`);
  const chapter = await upload({ title, content_type: 'scorm', duration: '300', scorm_rule: rule }, 'scorm_file', { name: 'module.zip', mimeType: 'application/zip', buffer: zip });
  const student = await enrolledStudent(request, tag, course.id);
  const world: World = { courseId: course.id, title, student, steps: { scorm: { chapter: chapter.id } } };
  return { world, chapterId: chapter.id as number, trainerEmail: email, fullname: `Apprenante Lecteur${tag}` };
}

async function openPackage(learner: Page, world: World) {
  await learner.goto('/user-login');
  await fillLogin(learner, world.student.email, PASSWORD);
  await expect(learner).toHaveURL(/\/user-dashboard$/);
  await learner.goto(`/mini/${world.courseId}`);
  const sco = learner.frameLocator('iframe.content-step__scorm-frame').frameLocator('iframe');
  await expect(sco.locator('#state')).toHaveText('Initialisé', { timeout: 30_000 });
  return sco;
}

type Statement = { id: string; verb: { id: string }; object: { id: string }; result?: Record<string, unknown>; context?: { extensions?: Record<string, unknown> } };

/** The LRS as an activity provider reads it: an admin issues a credential, statements are read with HTTP Basic. */
async function lrs(request: APIRequestContext) {
  const admin = await apiLogin(request, 'admin');
  const issued = await request.post('/api/xapi-credentials', { headers: admin.headers, data: { name: `Contrôle SCORM ${journeyTag()}`, scopes: ['all'] } });
  expect(issued.ok(), await issued.text()).toBe(true);
  const { key, secret } = await issued.json();
  const headers = { Authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'X-Experience-API-Version': '1.0.3' };
  /** The SCO statements (passed, failed, completed on a `…/sco/…` activity) about the student, oldest first. */
  return async (studentId: number): Promise<Statement[]> => {
    const agent = JSON.stringify({ objectType: 'Agent', account: { homePage: HOME, name: String(studentId) } });
    const answer = await request.get(`/api/xapi/statements?${new URLSearchParams({ agent, ascending: 'true', limit: '500' })}`, { headers });
    expect(answer.ok(), await answer.text()).toBe(true);
    const { statements } = (await answer.json()) as { statements: Statement[] };
    return statements.filter((s) => s.object.id.includes('/sco/') && [`${ADL}/passed`, `${ADL}/failed`, `${ADL}/completed`].includes(s.verb.id));
  };
}

const verbOf = (s: Statement) => s.verb.id.replace(`${ADL}/`, '');

test('a 1.2 mastery score below then above: failed and not validated, then passed and validated; the trainer reads the trace, the LRS says failed then passed', async ({ browser, page: trainer, request }) => {
  test.setTimeout(240_000);
  const { world, chapterId, trainerEmail, fullname } = await packageWorld(request, 'Évaluation à seuil', await masteryPackage(), 'passed');
  const server = serverProgress(request, world);
  const standing = async () => {
    const view = await server.scorm(chapterId);
    const cmi = view.scos[0]?.cmi ?? {};
    return `${String(cmi.lesson_status ?? cmi.completion_status)} ${String(cmi.score_raw ?? cmi.score)}`;
  };

  const context = await browser.newContext();
  const learner = await context.newPage();
  const sco = await openPackage(learner, world);
  const step = learner.getByTestId(`outline-chapter-${chapterId}`);

  await sco.getByRole('button', { name: 'Répondre (40 points)' }).click();
  await expect(sco.locator('#state')).toHaveText('Score 40 envoyé');
  // The SCO said « completed »: the server, with the manifest's mastery score, keeps « failed »; « Réussi » is not met.
  await expect.poll(standing, { timeout: 60_000 }).toBe('failed 40');
  await expect(step).not.toHaveAttribute('data-state', 'validated');

  await sco.getByRole('button', { name: 'Répondre (90 points)' }).click();
  await expect(sco.locator('#state')).toHaveText('Score 90 envoyé');
  await expect.poll(standing, { timeout: 60_000 }).toBe('passed 90');
  await expect(step).toHaveAttribute('data-state', 'validated', { timeout: 30_000 });
  await context.close();

  // The course's trainer reads both commits and both interactions.
  await trainer.goto('/teacher-login');
  await fillLogin(trainer, trainerEmail, PASSWORD);
  await expect(trainer).toHaveURL(/\/teacher-dashboard$/);
  await trainer.goto(`/enrolled-students/${world.courseId}`);
  await trainer.getByRole('button', { name: `Trace SCORM de ${fullname}` }).click();
  const drawer = trainer.getByRole('dialog', { name: `Trace SCORM de ${fullname}` });
  await expect(drawer.getByRole('heading', { name: 'Tentative 1 du module' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Partie « evaluation », séance 1' })).toBeVisible();
  const commits = drawer.getByRole('region', { name: /Envois du module \(CMI\) — Tentative 1/ });
  // The first commit failed at 40; the next passed at 90 (the player's last commit, when the learner left, says the same again).
  const rows = commits.getByRole('row');
  await expect(rows.nth(1)).toContainText(/failed.*40.*question-1.*appliqué/);
  await expect(rows.nth(2)).toContainText(/passed.*90.*question-2.*appliqué/);
  await expect(rows.filter({ hasText: 'failed' })).toHaveCount(1);
  await expect(drawer.getByText(/choice · Réponse : b · Résultat : wrong · Latence : 0*00:00:04/)).toBeVisible();
  await expect(drawer.getByText(/choice · Réponse : a · Résultat : correct · Latence : 0*00:00:05/)).toBeVisible();
  await trainer.screenshot({ path: 'test-results/scorm-evidence-trace-1280.png' });

  // The LRS: 1.2's statuses mapped, one statement per change: failed (raw 40), then passed (raw 90).
  const statements = await lrs(request);
  await expect.poll(async () => (await statements(world.student.id)).map(verbOf), { timeout: 60_000 }).toEqual(['failed', 'passed']);
  const [failed, passed] = await statements(world.student.id);
  expect(failed!.result).toEqual({ success: false, completion: true, score: { raw: 40 } });
  expect(passed!.result).toEqual({ success: true, completion: true, score: { raw: 90 } });
  expect(passed!.object.id).toBe(`${HOME}/xapi/activities/course/${world.courseId}/chapter/${chapterId}/sco/evaluation`);
});

test('a 2004 score of 100 % reaches the LRS as raw 100, min 0, max 100, scaled 1, once per change of status', async ({ page: learner, request }) => {
  test.setTimeout(240_000);
  const { world, chapterId } = await packageWorld(request, 'Épreuve notée', await fullMarksPackage(), 'completed_or_passed');
  const server = serverProgress(request, world);
  const location = async () => String((await server.scorm(chapterId)).scos[0]?.cmi.location);
  const sco = await openPackage(learner, world);

  await sco.getByRole('button', { name: 'Avancer' }).click();
  await expect(sco.locator('#state')).toHaveText('debut envoyé');
  await expect.poll(location, { timeout: 60_000 }).toBe('debut');
  await sco.getByRole('button', { name: 'Réussir', exact: true }).click();
  await expect(sco.locator('#state')).toHaveText('fin envoyé');
  await expect.poll(location, { timeout: 60_000 }).toBe('fin');
  await expect(learner.getByTestId(`outline-chapter-${chapterId}`)).toHaveAttribute('data-state', 'validated', { timeout: 30_000 });
  // The same standing committed again: stored, and no new statement.
  await sco.getByRole('button', { name: 'Réussir encore' }).click();
  await expect(sco.locator('#state')).toHaveText('relu envoyé');
  await expect.poll(location, { timeout: 60_000 }).toBe('relu');

  const statements = await lrs(request);
  await expect.poll(async () => (await statements(world.student.id)).map(verbOf), { timeout: 60_000 }).toEqual(['passed']);
  const [passed] = await statements(world.student.id);
  expect(passed!.result).toEqual({ success: true, completion: true, score: { raw: 100, min: 0, max: 100, scaled: 1 } });
  expect(passed!.object.id).toBe(`${HOME}/xapi/activities/course/${world.courseId}/chapter/${chapterId}/sco/epreuve`);
  expect(passed!.context?.extensions?.[MAPPING]).toBe(2);
});
