import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, fillLogin } from './support';

/** Ids of the demo centre that the screens' addresses need. */
async function demoIds(request: APIRequestContext) {
  const courses = await (await request.get('/api/course/?page=1')).json();
  const course = courses.results[0];
  const pages = await (await request.get('/api/pages/')).json();
  const teacher = await (await request.get(`/api/teacher/${course.teacher.id}/`)).json();
  const skill = String(teacher.skills ?? '').split(',')[0]!.trim();
  return { course, page: pages[0], teacher: course.teacher, skill };
}

/** The demo trainer's first course, with a chapter and, where there is one, a sub-chapter. */
async function trainerIds(request: APIRequestContext) {
  // A login of its own: the page's access token lives 10 s in these tests.
  const login = await (await request.post('/api/formateur/token/', { data: { email: DEMO.trainer.email, password: DEMO.trainer.password } })).json();
  const headers = { Authorization: `Bearer ${login.access}` };
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

/** The screen has settled: its code and its data are there, no loader or placeholder is left. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.page-loader, .placeholder, .ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
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
      '/faq',
      '/assistance',
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
    await page.goto('/user-login');
    await fillLogin(page, DEMO.student.email, DEMO.student.password);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await checkScreens(page, [
      '/user-dashboard',
      '/profile-setting',
      '/change-password',
      '/favorite-courses',
      '/recommended-courses',
      '/my-teachers',
      '/my-assignments/',
      `/detail/${course.id}`,
      '/assistance',
    ]);
    // Léa follows the demo centre's first course (backend/src/demo/demo-data.ts).
    const followed = (await (await request.get('/api/course/?page=1')).json()).results as { id: number; title: string }[];
    const first = followed.find((c) => c.title === 'Modèles de documents Word et Excel') ?? followed[0]!;
    await checkScreens(page, [`/user/study-material/${first.id}`]);
    await checkScreens(page, ['/user-logout']);
  });

  test('trainer screens', async ({ page, request }) => {
    await page.goto('/teacher-login');
    await fillLogin(page, DEMO.trainer.email, DEMO.trainer.password);
    await expect(page).toHaveURL(/\/teacher-dashboard$/);
    await checkScreens(page, ['/teacher-dashboard', '/teacher-profile-setting', '/teacher-change-password']);
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
    ]);
    await checkScreens(page, ['/teacher-logout']);
  });

  test('admin screens', async ({ page, request }) => {
    await page.goto('/admin-login');
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password, "Nom d'utilisateur (email)");
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    const { course } = await demoIds(request);
    await checkScreens(page, ['/admin-dashboard', '/admin-courses', `/admin-course-detail/${course.id}`, `/admin-course-preview/${course.id}`, '/admin-logout']);
  });
});
