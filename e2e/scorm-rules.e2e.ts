// Issue 23, items 3–5 in Chromium: a SCORM 1.2 package of the test's own making whose SCO only
// calls LMSInitialize and LMSFinish validates its step on finish (the server completes its
// « not attempted »), its asset and hidden items are neither shown nor required, and the
// course's trainer reads the learner's CMI trace in the « Trace SCORM » drawer (axe-clean, 390 px).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { buildZip } from '../backend/src/contexts/catalogue/domain/scorm/testing/zip-builder';
import { acceptTrainer, expectNoSeriousA11yViolations, fillLogin, publishCourse } from './support';

const PASSWORD = 'un-mot-de-passe-solide';

/** A 1.2 package: a SCO calling only LMSInitialize (on load) and LMSFinish (its button), an asset and a hidden item. */
async function minimumCallsPackage(): Promise<Buffer> {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="min" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Appels minimaux</title>
    <item identifier="guide" identifierref="res_guide"><title>Guide (ressource)</title></item>
    <item identifier="sco" identifierref="res_sco"><title>Le module</title></item>
    <item identifier="cache" identifierref="res_sco" isvisible="false"><title>Caché</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="res_guide" type="webcontent" adlcp:scormtype="asset" href="guide.html"><file href="guide.html"/></resource>
    <resource identifier="res_sco" type="webcontent" adlcp:scormtype="sco" href="sco.html"><file href="sco.html"/></resource>
  </resources>
</manifest>`;
  const sco = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Appels minimaux</title></head><body>
<main><h1>Appels minimaux</h1><p id="state">…</p><button type="button" id="finish">Terminer le module</button></main>
<script>
  var api = null; for (var w = window; w && !api; w = w === w.parent ? null : w.parent) { try { api = w.API || null; } catch (e) { api = null; } }
  document.getElementById('state').textContent = api && api.LMSInitialize('') === 'true' ? 'Initialisé' : 'Pas d’API';
  document.getElementById('finish').onclick = function () { document.getElementById('state').textContent = api.LMSFinish('') === 'true' ? 'Terminé' : 'Échec'; };
</script></body></html>`;
  return buildZip([
    { name: 'imsmanifest.xml', content: manifest },
    { name: 'sco.html', content: sco },
    { name: 'guide.html', content: '<!doctype html><html lang="fr"><body><p>Guide</p></body></html>' },
  ]);
}

async function world(request: APIRequestContext) {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const trainerEmail = `formatrice.regles.${tag}@example.fr`;
  const registered = await request.post('/api/formateur-register/', { data: { full_name: `Nadia Règles ${tag}`, email: trainerEmail, username: `nadia.regles.${tag}`, password: PASSWORD, mobile_no: '06 11 22 33 44' } });
  await acceptTrainer(request, (await registered.json()).id);
  const trainer = await (await request.post('/api/formateur/token/', { data: { email: trainerEmail, password: PASSWORD } })).json();
  const headers = { Authorization: `Bearer ${trainer.access}` };
  const categories = await (await request.get('/api/category/')).json();
  const course = await (await request.post('/api/course/', { headers, data: { formateur: trainer.formateur_id, category: categories[0].id, title: `Règles SCORM ${tag}`, description: 'Un module aux appels minimaux.' } })).json();
  const added = await request.post(`/api/course-chapters/${course.id}/`, {
    headers,
    multipart: { title: 'Module aux appels minimaux', content_type: 'scorm', duration: '300', scorm_file: { name: 'minimum.zip', mimeType: 'application/zip', buffer: await minimumCallsPackage() } },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await publishCourse(request, course.id, headers);
  const email = `apprenant.regles.${tag}@example.fr`;
  const fullname = `Apprenant Règles${tag}`;
  const student = await (await request.post('/api/student/', { data: { fullname, email, username: `apprenant.regles.${tag}`, password: PASSWORD } })).json();
  const login = await (await request.post('/api/student-login-jwt/', { data: { email, password: PASSWORD } })).json();
  expect((await request.post('/api/student-enroll-course/', { headers: { Authorization: `Bearer ${login.access}` }, data: { student: student.id, course: course.id } })).ok()).toBe(true);
  return { courseId: course.id as number, chapterId: (await added.json()).id as number, trainerEmail, student: { id: student.id as number, email, fullname } };
}

test('a minimum-calls 1.2 SCO validates on LMSFinish; the trainer reads its CMI trace', async ({ browser, page: trainer, request }) => {
  test.setTimeout(180_000);
  const w = await world(request);

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto('/user-login');
  await fillLogin(learner, w.student.email, PASSWORD);
  await expect(learner).toHaveURL(/\/user-dashboard$/);
  await learner.goto(`/mini/${w.courseId}`);
  // One required part: no list of parts (the asset and the hidden item are left out).
  await expect(learner.getByRole('navigation', { name: 'Parties du module' })).toHaveCount(0);
  const module = learner.frameLocator('iframe.content-step__scorm-frame').frameLocator('iframe');
  await expect(module.locator('#state')).toHaveText('Initialisé', { timeout: 30_000 });
  await module.getByRole('button', { name: 'Terminer le module' }).click();
  await expect(module.locator('#state')).toHaveText('Terminé');
  await expect(learner.getByTestId(`outline-chapter-${w.chapterId}`)).toHaveAttribute('data-state', 'validated', { timeout: 30_000 });
  await learnerContext.close();

  await trainer.goto('/teacher-login');
  await fillLogin(trainer, w.trainerEmail, PASSWORD);
  await expect(trainer).toHaveURL(/\/teacher-dashboard$/);
  await trainer.goto(`/enrolled-students/${w.courseId}`);
  await trainer.getByRole('button', { name: `Trace SCORM de ${w.student.fullname}` }).click();
  const drawer = trainer.getByRole('dialog', { name: `Trace SCORM de ${w.student.fullname}` });
  await expect(drawer.getByRole('heading', { name: 'Tentative 1 du module' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Partie « sco », séance 1' })).toBeVisible();
  await expect(drawer.getByRole('row').filter({ hasText: 'completed' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(trainer);
  await trainer.screenshot({ path: 'test-results/scorm-trace-1280.png', fullPage: false });
  await trainer.setViewportSize({ width: 390, height: 844 });
  await expect(drawer.getByRole('heading', { name: /Tentative 1/ })).toBeVisible();
  await trainer.screenshot({ path: 'test-results/scorm-trace-390.png', fullPage: false });

  // The chapter form's choice, at 390 px too.
  await trainer.setViewportSize({ width: 1280, height: 900 });
  await trainer.goto(`/edit-chapter/${w.chapterId}`);
  const choice = trainer.getByRole('radiogroup', { name: 'Ce qui valide le module' });
  await expect(choice.getByRole('radio', { name: 'Terminé ou réussi (par défaut)' })).toBeChecked();
  await expectNoSeriousA11yViolations(trainer);
  await trainer.screenshot({ path: 'test-results/scorm-rule-1280.png', fullPage: true });
  await trainer.setViewportSize({ width: 390, height: 844 });
  await trainer.screenshot({ path: 'test-results/scorm-rule-390.png', fullPage: true });
});
