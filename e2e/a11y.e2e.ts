import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, fillLogin, loginAs, watchCspViolations } from './support';

// Every scanned screen also renders under the app's CSP without a violation (docs/adr/0029).
test.beforeEach(async ({ context }) => watchCspViolations(context));

/** Ids of the demo centre that the screens' addresses need. */
async function demoIds(request: APIRequestContext) {
  const courses = await (await request.get('/api/course/?page=1')).json();
  const course = courses.results[0];
  const pages = await (await request.get('/api/pages/')).json();
  const teacher = await (await request.get(`/api/teacher/${course.teacher.id}/`)).json();
  const skill = String(teacher.skills ?? '').split(',')[0]!.trim();
  return { course, page: pages[0], teacher: course.teacher, skill };
}

/** The demo student Léa's id, read as the admin reads the students. */
async function demoStudentId(request: APIRequestContext): Promise<number> {
  const { headers } = await apiLogin(request, 'admin');
  const students = await (await request.get('/api/admin/students/full-data/', { headers })).json();
  return students.find((s: { email: string }) => s.email === DEMO.student.email).id;
}

/** The demo trainer's first course, with a chapter and, where there is one, a sub-chapter. */
async function trainerIds(request: APIRequestContext) {
  const { headers, ...login } = await apiLogin(request, 'trainer');
  const courses = await (await request.get(`/api/teacher-course/${login.formateur_id}`, { headers })).json();
  const courseId = (courses.find((course: { chapter_count: number }) => course.chapter_count > 0) ?? courses[0]).id as number;
  const chapters = await (await request.get(`/api/course-chapters/${courseId}`, { headers })).json();
  const withSub = chapters.find((chapter: { subchapters: unknown[] }) => chapter.subchapters.length) ?? chapters[0];
  // Léa, whom the demo trainer follows, has homework and messages from her.
  const students = await (await request.get(`/api/assigned-students/${login.formateur_id}/`, { headers })).json();
  const lea = students.find((student: { username: string }) => student.username === DEMO.student.username);
  return {
    courseId,
    chapterId: withSub.id as number,
    subchapterId: (withSub.subchapters[0]?.id as number | undefined) ?? null,
    teacherId: login.formateur_id as number,
    leaId: lea.id as number,
  };
}

/** Claire's demo quiz, and her course that assigns it and names it in a step (backend/src/demo/demo-quizzes.ts). */
const DEMO_QUIZ = 'Les modèles de documents';
const DEMO_QUIZ_COURSE = 'Modèles de documents Word et Excel';

/** A published course found by its title, whichever page of the catalogue it is on. */
async function courseByTitle(request: APIRequestContext, title: string): Promise<{ id: number; title: string }> {
  for (let next: string | null = '/api/course/?page=1'; next; ) {
    const page = (await (await request.get(next)).json()) as { results: { id: number; title: string }[]; next: string | null };
    const course = page.results.find((c) => c.title === title);
    if (course) return course;
    next = page.next;
  }
  throw new Error(`no course ${title} in the catalogue`);
}

/** The demo quiz, its first question and its course, read as `role`. */
async function quizIds(request: APIRequestContext, role: 'trainer' | 'admin') {
  const { headers } = await apiLogin(request, role);
  const quizzes = (await (await request.get('/api/quiz/', { headers })).json()) as { id: number; title: string }[];
  const quiz = quizzes.find((q) => q.title === DEMO_QUIZ);
  expect(quiz, `the demo quiz ${DEMO_QUIZ}`).toBeDefined();
  const questions = (await (await request.get(`/api/quiz-questions/${quiz!.id}`, { headers })).json()) as { id: number }[];
  const course = await courseByTitle(request, DEMO_QUIZ_COURSE);
  return { quizId: quiz!.id, questionId: questions[0]!.id, quizCourseId: course.id };
}

/** The screen has settled: its code and its data are there, no loader or placeholder is left. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.page-loader, .placeholder, .ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
}

/** The course preview at its quiz step: the quiz shown read only. */
async function checkQuizStep(page: Page, path: string) {
  test.info().setTimeout(test.info().timeout + 20_000);
  await test.step(`${path}, quiz step`, async () => {
    await page.goto(path);
    await settled(page);
    await page.getByRole('navigation', { name: 'Sommaire du cours' }).getByRole('button', { name: new RegExp(`Quiz : ${DEMO_QUIZ}`) }).click();
    await expect(page.getByTestId('quiz-preview').locator('.quiz-preview__question')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
  });
}

/** A dialog opened by `button` on the screen at `path`, ready once its `ready` button is enabled. */
async function checkDialog(page: Page, path: string, button: string, dialog: string, ready = 'Enregistrer') {
  test.info().setTimeout(test.info().timeout + 20_000);
  await test.step(`${path}, dialog ${dialog}`, async () => {
    await page.goto(path);
    await settled(page);
    await page.getByRole('button', { name: button }).first().click();
    await expect(page.getByRole('dialog', { name: dialog }).getByRole('button', { name: ready })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
  });
}

/** Each screen brings its own time (a scan at two widths takes seconds on a busy 2-core machine). */
async function checkScreens(page: Page, paths: string[]) {
  for (const path of paths) {
    test.info().setTimeout(test.info().timeout + 20_000);
    await test.step(path, async () => {
      await page.goto(path);
      await settled(page);
      await expectNoSeriousA11yViolations(page);
    });
  }
}

test.describe('every built screen has no serious or critical accessibility violation, at desktop width and at 390 px', () => {
  test('public screens', async ({ page, request }) => {
    const { course, page: cms, teacher, skill } = await demoIds(request);
    await checkScreens(page, [
      '/',
      '/all-courses',
      '/all-courses?page=2',
      '/category',
      `/course/${course.category.id}/${course.category.slug}`,
      '/search/excel',
      '/search/astrophysique',
      `/detail/${course.id}`,
      `/page/${cms.id}/${cms.slug}`,
      `/teacher-detail/${teacher.id}`,
      `/teacher-skill-courses/${encodeURIComponent(skill)}/${teacher.id}`,
      '/aboutus',
      '/policy',
      // The accessibility statement (docs/adr/0049), linked from every footer.
      '/accessibilite',
      '/faq',
      '/assistance',
      // Complaints (docs/adr/0048): the public form, from every page's footer.
      '/reclamation',
      // The results the centre publishes, or says it does not (docs/adr/0056).
      '/nos-resultats',
      '/verifier',
      '/user-login',
      '/user-register',
      '/teacher-login',
      '/teacher-register',
      '/admin-login',
      '/cette-page-nexiste-pas',
    ]);
  });

  test('student screens', async ({ page, request }) => {
    const { course } = await demoIds(request);
    await loginAs(page, 'student');
    await checkScreens(page, ['/user-dashboard', '/profile-setting', '/change-password', '/favorite-courses', '/recommended-courses', '/my-teachers', '/my-assignments/', `/detail/${course.id}`, '/assistance']);
    // Her complaints (docs/adr/0048), and the form as she sees it, signed in.
    await checkScreens(page, ['/mes-reclamations', '/reclamation']);
    // Satisfaction questionnaires to answer (docs/adr/0054).
    await checkScreens(page, ['/mes-questionnaires']);
    // Léa follows Claire's templates course (backend/src/demo/demo-data.ts).
    const first = await courseByTitle(request, DEMO_QUIZ_COURSE);
    await checkScreens(page, [`/user/study-material/${first.id}`, `/course-quiz/${first.id}`]);
    // Her courses, and the player on a course under way, one not started and one finished (each on its starting step).
    const security = await courseByTitle(request, 'Sensibilisation à la cybersécurité');
    const agile = await courseByTitle(request, 'Piloter un projet avec la méthode agile');
    await checkScreens(page, ['/my-courses', `/mini/${first.id}`, `/mini/${security.id}`, `/mini/${agile.id}`]);
    // Her transcript of the templates course (issue 26, ADR 0034).
    await checkScreens(page, [`/my-courses/${first.id}/releve`]);
    // Léa finished the templates quiz: its page shows her result and the restart (a quiz under
    // way is scanned by the quiz journeys, e2e/assessment.e2e.ts).
    const { headers } = await apiLogin(request, 'student');
    const assigned = (await (await request.get(`/api/fetch-assigned-quiz/${first.id}`, { headers })).json()) as { id: number; title: string }[];
    const quiz = assigned.find((q) => q.title === DEMO_QUIZ);
    expect(quiz, `the demo quiz ${DEMO_QUIZ}`).toBeDefined();
    await checkScreens(page, [`/take-quiz/${quiz!.id}?course=${first.id}`]);
    await expect(page.getByTestId('quiz-score')).toHaveText('2 bonnes réponses sur 3');
    await checkScreens(page, ['/user-logout']);
  });

  test('trainer screens', async ({ page, request }) => {
    await loginAs(page, 'trainer');
    await checkScreens(page, ['/teacher-dashboard', '/teacher-profile-setting', '/teacher-change-password', '/teacher-assistance', '/teacher-reclamations', '/teacher-alertes']);
    const { courseId, chapterId, subchapterId, teacherId, leaId } = await trainerIds(request);
    await checkScreens(page, [
      '/teacher-my-course',
      '/add-course',
      `/edit-course/${courseId}`,
      `/all-chapters/${courseId}`,
      `/add-chapter/${courseId}`,
      `/edit-chapter/${chapterId}`,
      `/add-subchapter/${chapterId}`,
      ...(subchapterId ? [`/edit-subchapter/${subchapterId}`] : []),
      `/enrolled-students/${courseId}`,
      `/study-material/${courseId}`,
      `/add-study/${courseId}`,
      `/course-preview/${courseId}`,
      '/my-users',
      `/show-assignment/${leaId}/${teacherId}`,
      `/add-assignment/${leaId}/${teacherId}`,
      `/assign-quiz/${courseId}`,
    ]);
    // Léa's transcript of Claire's templates course, as its trainer reads it (issue 26, ADR 0034).
    await checkScreens(page, [`/enrolled-students/${(await courseByTitle(request, DEMO_QUIZ_COURSE)).id}/releve/${leaId}`]);
    // The templates course's progress grid (issue 28 item 1, docs/adr/0042-progress-grid.md).
    await checkScreens(page, [`/teacher-progress/${(await courseByTitle(request, DEMO_QUIZ_COURSE)).id}`]);
    await test.step('the « Trace SCORM » drawer of the course\'s learners', async () => {
      const { headers, ...login } = await apiLogin(request, 'trainer');
      const courses = (await (await request.get(`/api/teacher-course/${login.formateur_id}`, { headers })).json()) as { id: number }[];
      let scormCourse: number | null = null;
      for (const course of courses) {
        const chapters = (await (await request.get(`/api/course-chapters/${course.id}`, { headers })).json()) as { content_type: string }[];
        const students = (await (await request.get(`/api/fetch-enrolled-students/${course.id}`, { headers })).json()) as unknown[];
        if (chapters.some((chapter) => chapter.content_type === 'scorm') && students.length > 0) scormCourse = course.id;
      }
      expect(scormCourse, 'a demo course with a SCORM chapter and learners').not.toBeNull();
      await page.goto(`/enrolled-students/${scormCourse}`);
      await settled(page);
      await page.getByRole('button', { name: /^Trace SCORM de / }).first().click();
      await expect(page.getByRole('dialog', { name: /^Trace SCORM de / })).toBeVisible();
      await settled(page);
      await expectNoSeriousA11yViolations(page);
    });
    const { quizId, questionId, quizCourseId } = await quizIds(request, 'trainer');
    await checkQuizStep(page, `/course-preview/${quizCourseId}`);
    await checkScreens(page, [
      '/quiz',
      '/add-quiz',
      `/edit-quiz/${quizId}`,
      `/all-questions/${quizId}`,
      `/add-question/${quizId}`,
      `/edit-question/${questionId}`,
      `/attempted-students/${quizId}`,
      // The trainer's question bank (issue 28 item 2, docs/adr/0045-question-types-shuffling-and-bank.md).
      '/question-bank',
    ]);
    await test.step('the bank\'s « Nouvelle question » dialog', async () => {
      await page.goto('/question-bank');
      await settled(page);
      await page.getByRole('button', { name: 'Nouvelle question' }).click();
      await expect(page.getByRole('dialog', { name: 'Ajouter une question à la banque' })).toBeVisible();
      await settled(page);
      await expectNoSeriousA11yViolations(page);
    });
    await checkScreens(page, ['/teacher-logout']);
  });

  test('pending trainer screens (ADR 0030)', async ({ page }) => {
    await page.goto('/teacher-login');
    await fillLogin(page, DEMO.pendingTrainer.email, DEMO.pendingTrainer.password);
    await expect(page).toHaveURL(/\/teacher-dashboard$/);
    await expect(page.getByTestId('trainer-pending')).toBeVisible();
    await checkScreens(page, ['/teacher-dashboard', '/teacher-my-course']);
    await test.step('« Publier » refused: the dialog saying why', async () => {
      await page.goto('/teacher-my-course');
      await settled(page);
      await page.getByRole('button', { name: /^Publier : / }).first().click();
      await expect(page.getByRole('dialog').filter({ hasText: 'Publication impossible' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });

  test('auditor screens (docs/adr/0039)', async ({ page, request }) => {
    await checkScreens(page, ['/auditeur/connexion', '/auditeur/activation']);
    await page.goto('/auditeur/connexion');
    await fillLogin(page, DEMO.auditor.email, DEMO.auditor.password, 'Adresse e-mail');
    await expect(page).toHaveURL(/\/auditeur$/);
    const agile = await courseByTitle(request, 'Piloter un projet avec la méthode agile');
    await checkScreens(page, ['/auditeur', `/auditeur/cours/${agile.id}/apprenants/${await demoStudentId(request)}`]);
    test.info().setTimeout(test.info().timeout + 20_000);
    await test.step('/auditeur, the learners of a course', async () => {
      await page.goto('/auditeur');
      await settled(page);
      await page.getByRole('button', { name: /Voir les apprenants/ }).first().click();
      await expect(page.getByTestId('audit-learners').getByRole('link').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });

  test('admin screens', async ({ page, request }) => {
    await loginAs(page, 'admin');
    const { course } = await demoIds(request);
    const { quizId, quizCourseId } = await quizIds(request, 'admin');
    await checkScreens(page, [
      '/admin-dashboard',
      '/admin-courses',
      `/admin-course-detail/${course.id}`,
      `/admin-course-detail/${course.id}/dossiers`,
      `/admin-course-preview/${course.id}`,
      '/admin-quizzes',
      `/admin-quiz-detail/${quizId}`,
      `/add-question/${quizId}`,
      '/admin-xapi',
      '/admin-centre',
      '/admin-accessibility',
      '/admin-assistance',
      '/admin-reclamations',
      '/admin-amelioration',
      '/admin-indicateurs',
      // Engagement alerts and satisfaction questionnaires (docs/adr/0053, 0054).
      '/admin-alertes',
      '/admin-questionnaires',
      '/admin-users',
      '/admin-teachers',
      '/admin-stat-dashboard-user',
      `/admin-student-detail/${await demoStudentId(request)}`,
    ]);
    // A complaint of the register with its answer and improvement action, and the log's edit dialog (docs/adr/0048).
    {
      const { headers } = await apiLogin(request, 'admin');
      const complaints = (await (await request.get('/api/admin/complaints?status=traitee', { headers })).json()) as { id: number }[];
      await checkScreens(page, [`/admin-reclamations/${complaints[0]!.id}`]);
      await checkDialog(page, '/admin-amelioration', 'Modifier l’action', 'Action d’amélioration n°');
    }
    // Léa's transcript of the templates course, as an admin reads it (issue 26, ADR 0034).
    await checkScreens(page, [`/admin-student-detail/${await demoStudentId(request)}/releve/${(await courseByTitle(request, DEMO_QUIZ_COURSE)).id}`]);
    // The same course's progress grid, as an admin reads it (issue 28 item 1).
    await checkScreens(page, [`/admin-course-detail/${(await courseByTitle(request, DEMO_QUIZ_COURSE)).id}/progression`]);
    test.info().setTimeout(test.info().timeout + 20_000);
    await test.step('the transcript page, dialog issuing an attestation (issue 26, ADR 0035)', async () => {
      await page.goto(`/admin-student-detail/${await demoStudentId(request)}/releve/${(await courseByTitle(request, DEMO_QUIZ_COURSE)).id}`);
      await settled(page);
      await page.getByTestId('documents-panel').getByRole('button', { name: /attestation de fin de formation/i }).click();
      await expect(page.getByRole('dialog').getByTestId('document-preview')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    });
    await checkQuizStep(page, `/admin-course-preview/${quizCourseId}`);
    test.info().setTimeout(test.info().timeout + 20_000);
    await test.step('/admin-xapi, dialog of a new access and its secret', async () => {
      await page.goto('/admin-xapi');
      await settled(page);
      await page.getByLabel('Nom du fournisseur').fill('Module de test a11y');
      await page.getByRole('button', { name: 'Créer l’accès' }).click();
      await expect(page.getByRole('dialog', { name: 'Accès créé : notez le secret' }).getByTestId('xapi-secret')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
    // Auditors (docs/adr/0039): the list, an auditor's page with its access log, the invitation dialog.
    const { headers } = await apiLogin(request, 'admin');
    const auditors = (await (await request.get('/api/admin/auditors/', { headers })).json()) as { id: number; email: string }[];
    const auditor = auditors.find((a) => a.email === DEMO.auditor.email);
    expect(auditor, DEMO.auditor.email).toBeDefined();
    await checkScreens(page, ['/admin-auditors', `/admin-auditors/${auditor!.id}`]);
    await checkDialog(page, '/admin-auditors', 'Inviter un auditeur', 'Inviter un auditeur', 'Envoyer l’invitation');
    await checkDialog(page, '/admin-users', 'Nouvel Étudiant', 'Nouvel Étudiant', 'Ajouter');
    await checkDialog(page, '/admin-teachers', 'Nouveau Formateur', 'Nouveau Formateur', 'Créer');
    test.info().setTimeout(test.info().timeout + 20_000);
    await test.step("/admin-teachers, dialog of a trainer's students", async () => {
      await page.goto('/admin-teachers');
      await settled(page);
      await page.getByRole('button', { name: 'Étudiants : Claire Martin' }).click();
      const dialog = page.getByRole('dialog', { name: 'Étudiants de Claire Martin' });
      await expect(dialog.getByTestId('teacher-students-assigned').getByRole('listitem').first()).toBeVisible();
      await expect(dialog.getByTestId('teacher-students-unassigned').getByRole('heading')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
    test.info().setTimeout(test.info().timeout + 20_000);
    await test.step('/admin-teachers, the requests and the dialog refusing one (ADR 0030)', async () => {
      await page.goto('/admin-teachers');
      await settled(page);
      await expect(page.getByTestId('trainer-requests')).toContainText(DEMO.pendingTrainer.name);
      await page.getByRole('button', { name: `Refuser ${DEMO.pendingTrainer.name}` }).click();
      await expect(page.getByRole('dialog', { name: `Refuser la demande de ${DEMO.pendingTrainer.name}` })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Annuler' }).click();
    });
    // Léa's funding per followed course (issue 26 item 4): the block is on her page above; its dialog here.
    test.info().setTimeout(test.info().timeout + 20_000);
    await test.step('/admin-student-detail/{id}, dialog of a course’s funding', async () => {
      await page.goto(`/admin-student-detail/${await demoStudentId(request)}`);
      await settled(page);
      await page.getByRole('button', { name: 'Modifier le financement' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Financement :' }).getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
      // The click scrolled the page: back to its top, so that no action of the page behind sits half under the sticky header.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoSeriousA11yViolations(page);
    });
    await checkDialog(page, '/admin-quizzes', 'Nouveau quiz', 'Nouveau quiz');
    await checkDialog(page, '/admin-quizzes', `Modifier : ${DEMO_QUIZ}`, 'Modifier le quiz');
    await checkDialog(page, `/admin-quiz-detail/${quizId}`, 'Modifier la question 1', 'Modifier la question');
    await checkScreens(page, ['/admin-logout']);
  });
});
