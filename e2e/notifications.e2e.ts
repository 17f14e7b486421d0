import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptTrainer, DEMO, expectNoSeriousA11yViolations, fillLogin, watchCspViolations } from './support';

// The header's bell (issue 30 item 1, docs/adr/0046): a trainer gives homework and sends a message,
// the student's bell counts them within its poll (at most 60 s, no reload), opening it lists them and
// clears the count, and an item opens the screen it concerns.

const PASSWORD = 'un-mot-de-passe-solide';

/** A trainer (accepted by the centre) following a student of their own, made through the API for this journey only. */
async function world(request: APIRequestContext) {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const teacherEmail = `formateur.cloche.${tag}@example.fr`;
  const teacher = await (
    await request.post('/api/formateur-register/', {
      data: { full_name: `Marc Cloche ${tag}`, email: teacherEmail, username: `marc.${tag}`, password: PASSWORD, mobile_no: '06 11 22 33 44' },
    })
  ).json();
  await acceptTrainer(request, teacher.id as number);
  const admin = await (await request.post('/api/admin/token/', { data: { email: DEMO.admin.email, password: DEMO.admin.password } })).json();
  const email = `eleve.cloche.${tag}@example.fr`;
  const student = await (await request.post('/api/student/', { data: { fullname: `Inès Cloche${tag}`, email, username: `ines.${tag}`, password: PASSWORD } })).json();
  const assigned = await request.post('/api/student-assignment/', { headers: { Authorization: `Bearer ${admin.access}` }, data: { formateur: teacher.id, student: student.id } });
  expect(assigned.ok()).toBe(true);
  return { teacher: { id: teacher.id as number, name: teacher.full_name as string, email: teacherEmail }, student: { id: student.id as number, email } };
}

const bell = (page: Page) => page.getByTestId('notification-bell');

test('a trainer’s homework and message reach the student’s bell within its poll; opening clears it; an item opens its screen', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const { teacher, student } = await world(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await watchCspViolations(context);
  const page = await context.newPage();
  await page.goto('/user-login');
  await fillLogin(page, student.email, PASSWORD);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, aucune non lue');

  // The trainer acts beside the page (their own login).
  const login = await (await request.post('/api/formateur/token/', { data: { email: teacher.email, password: PASSWORD } })).json();
  const headers = { Authorization: `Bearer ${login.access}` };
  const given = await request.post(`/api/student-assignment/${teacher.id}/${student.id}`, { headers, data: { title: 'Relire le chapitre 2', detail: 'Puis résumer en dix lignes.' } });
  expect(given.ok(), await given.text()).toBe(true);
  const sent = await request.post(`/api/send-message/${teacher.id}/${student.id}`, { headers, data: { msg_to: 'Bonjour Inès, un devoir vous attend.', msg_from: 'formateur' } });
  expect(sent.ok(), await sent.text()).toBe(true);

  // No reload: the bell's poll (every 60 s at most) brings the count.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 non lues', { timeout: 150_000 });
  await page.screenshot({ path: 'test-results/notifications-bell-1280.png' });

  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('link')).toHaveCount(2);
  // The newest first: the message came after the homework.
  await expect(panel.getByRole('link').nth(0)).toContainText(`${teacher.name} vous a envoyé un message.`);
  await expect(panel.getByRole('link').nth(1)).toContainText(`${teacher.name} vous a donné un nouveau devoir.`);
  // Opening marks what it shows as seen.
  await expect(bell(page)).toHaveAccessibleName('Notifications, aucune non lue');
  await page.screenshot({ path: 'test-results/notifications-open-1280.png' });
  await expectNoSeriousA11yViolations(page);
  // Escape closes it and gives the focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(bell(page)).toBeFocused();
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'false');

  // On a phone, the bell sits in the header beside the menu, and its panel stays on screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await bell(page).click();
  await expect(panel.getByRole('link')).toHaveCount(2);
  // Measured once the popover has settled: it opens with a zoom and is shifted into the screen after its first frame.
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box ? [box.x >= 0, box.x + box.width <= 390] : null;
    }, { timeout: 10_000 })
    .toEqual([true, true]);
  await page.screenshot({ path: 'test-results/notifications-open-390.png' });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await panel.getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/my-assignments\/?$/);
  await expect(page.getByText('Relire le chapitre 2')).toBeVisible();

  // Seen stays seen after a reload (the server's mark, not the page's memory).
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications, aucune non lue');
  await context.close();
});
