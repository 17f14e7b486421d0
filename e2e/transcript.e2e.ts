import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, loginAs, watchCspViolations } from './support';

// The learner's transcript (relevé de formation, issue 26 item 5, ADR 0034) in the three areas:
// the learner reads their own from « Mes cours », the course's trainer a learner's from the
// course's enrolled students, an admin a closed account's from the student's page, marked.

test.beforeEach(async ({ context }) => watchCspViolations(context));

/** Léa follows Claire's templates course in the demo (backend/src/demo/demo-data.ts). */
const COURSE = 'Modèles de documents Word et Excel';

async function courseId(request: APIRequestContext, title: string): Promise<number> {
  for (let next: string | null = '/api/course/?page=1'; next; ) {
    const page = (await (await request.get(next)).json()) as { results: { id: number; title: string }[]; next: string | null };
    const course = page.results.find((c) => c.title === title);
    if (course) return course.id;
    next = page.next;
  }
  throw new Error(`no course ${title}`);
}

async function sectionsShown(page: Page) {
  const transcript = page.getByTestId('transcript');
  await expect(transcript).toBeVisible();
  for (const heading of ['Synthèse', 'Journal des connexions', 'Temps et validation par étape', 'Tentatives aux quiz', 'Modules SCORM', 'Devoirs', 'Journal d’assistance pédagogique', 'Assistance technique']) {
    await expect(transcript.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(transcript).toContainText('Méthode v1');
}

test('the learner reads their own transcript from « Mes cours »', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'student');
  await page.goto('/my-courses');
  await page.getByRole('link', { name: `Relevé de formation : ${COURSE}` }).click();
  await expect(page).toHaveURL(/\/my-courses\/\d+\/releve$/);
  await expect(page.getByRole('heading', { level: 1, name: `Relevé de formation : ${COURSE}` })).toBeVisible();
  await sectionsShown(page);
  await expect(page.getByTestId('transcript-learner')).toContainText(DEMO.student.name);
  await expect(page.getByTestId('transcript-closed')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/transcript-learner-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/transcript-learner-390.png', fullPage: true });
  // At 390 px the tables scroll sideways inside their own region (focusable).
  await page.getByRole('region', { name: 'Temps et validation par étape' }).screenshot({ path: 'test-results/transcript-learner-steps-390.png' });
  await page.getByTestId('transcript').locator('.transcript__summary').screenshot({ path: 'test-results/transcript-learner-summary-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousA11yViolations(page);
});

test('the course’s trainer reads a learner’s transcript from the enrolled students', async ({ page, request }) => {
  test.setTimeout(90_000);
  const id = await courseId(request, COURSE);
  await loginAs(page, 'trainer');
  await page.goto(`/enrolled-students/${id}`);
  await page.getByRole('link', { name: `Relevé de formation de ${DEMO.student.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/enrolled-students/${id}/releve/\\d+$`));
  await sectionsShown(page);
  await expect(page.getByTestId('transcript-learner')).toContainText(DEMO.student.name);
  await page.screenshot({ path: 'test-results/transcript-trainer-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
});

test('an admin reads a closed account’s transcript, marked « Compte clôturé »', async ({ page, request }) => {
  test.setTimeout(90_000);
  const id = await courseId(request, COURSE);
  // A learner of this journey only, enrolled in the course, whose account the admin then closes (the enrolment is history: closed, not deleted).
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `camille.${tag}@example.fr`;
  const password = 'un-mot-de-passe-solide';
  const created = await request.post('/api/student/', { data: { fullname: `Camille Relevé${tag}`, email, username: `camille.${tag}`, password } });
  expect(created.ok()).toBe(true);
  const learner = await (await request.post('/api/student-login-jwt/', { data: { email, password } })).json();
  const enrolled = await request.post('/api/student-enroll-course/', {
    headers: { Authorization: `Bearer ${learner.access}` },
    multipart: { student: String(learner.student_id), course: String(id) },
  });
  expect(enrolled.ok()).toBe(true);
  const { headers } = await apiLogin(request, 'admin');
  const closed = await request.delete(`/api/admin/students/${learner.student_id}/`, { headers });
  expect((await closed.json()).mode).toBe('close');

  await loginAs(page, 'admin');
  await page.goto(`/admin-student-detail/${learner.student_id}`);
  await page.getByRole('link', { name: `Relevé de formation : ${COURSE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-student-detail/${learner.student_id}/releve/${id}$`));
  await sectionsShown(page);
  await expect(page.getByTestId('transcript-closed')).toHaveText('Compte clôturé');
  await expect(page.getByTestId('transcript-learner')).toContainText(`Camille Relevé${tag}`);
  await page.screenshot({ path: 'test-results/transcript-admin-closed-1280.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
});
