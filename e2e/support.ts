import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** The demo accounts of backend/src/demo/demo-accounts.ts (also in the README). */
export const DEMO = {
  admin: { email: 'admin@demo.lms-formation.fr', username: 'admin', password: 'AdminDemo2026!' },
  trainer: { email: 'claire.martin@demo.lms-formation.fr', username: 'claire.martin', name: 'Claire Martin', password: 'Formatrice2026!' },
  student: { email: 'lea.dubois@demo.lms-formation.fr', username: 'lea.dubois', name: 'Léa Dubois', password: 'Etudiante2026!' },
  student2: { email: 'hugo.lefevre@demo.lms-formation.fr', username: 'hugo.lefevre', name: 'Hugo Lefèvre', password: 'Etudiant2026!!' },
  suspended: { email: 'thomas.petit@demo.lms-formation.fr', username: 'thomas.petit', password: 'Etudiant2026!!' },
  /** Registered through the public page, waiting for the centre's decision (ADR 0030). */
  pendingTrainer: { email: 'sofiane.amrani@demo.lms-formation.fr', username: 'sofiane.amrani', password: 'Formateur2026!', name: 'Sofiane Amrani' },
  /** Auditors (backend/src/demo/demo-auditors.ts, docs/adr/0039): one in mission on the agile course, one expired. */
  auditor: { email: 'auditrice.qualiopi@demo.lms-formation.fr', password: 'Auditrice2026!', name: 'Nathalie Girard' },
  expiredAuditor: { email: 'controleur.opco@demo.lms-formation.fr', password: 'Controleur2026!' },
};

export async function fillLogin(page: Page, email: string, password: string, emailLabel: string | RegExp = /^Email/) {
  const form = page.locator('main form').first();
  await form.getByLabel(emailLabel).fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

export type Role = 'student' | 'trainer' | 'admin';

const ACCOUNTS: Record<Role, { account: { email: string; password: string }; area: string; emailLabel?: string; tokenPath: string }> = {
  student: { account: DEMO.student, area: 'user', tokenPath: '/api/student-login-jwt/' },
  trainer: { account: DEMO.trainer, area: 'teacher', tokenPath: '/api/formateur/token/' },
  admin: { account: DEMO.admin, area: 'admin', emailLabel: "Nom d'utilisateur (email)", tokenPath: '/api/admin/token/' },
};

/** Logs in as the role's demo account on its own login page and waits for its dashboard. */
export async function loginAs(page: Page, role: Role) {
  const { account, area, emailLabel } = ACCOUNTS[role];
  await page.goto(`/${area}-login`);
  await fillLogin(page, account.email, account.password, emailLabel);
  await expect(page).toHaveURL(new RegExp(`/${area}-dashboard$`));
}

/**
 * A login of its own for calls made beside the page (the page's access token lives 10 s here):
 * the login's answer and the header that carries its access token.
 */
export async function apiLogin(request: APIRequestContext, role: Role): Promise<ApiLogin> {
  const { account, tokenPath } = ACCOUNTS[role];
  const answer = await request.post(tokenPath, { data: { email: account.email, password: account.password } });
  expect(answer.ok(), `login ${role}`).toBe(true);
  const login = await answer.json();
  return { ...login, headers: { Authorization: `Bearer ${login.access}` } };
}

export interface ApiLogin {
  access: string;
  headers: Record<string, string>;
  /** The rest of the role's login answer (formateur_id, student_id…). */
  [field: string]: unknown;
}

/** Picks an option of the antd Select labelled `label`, again if a click landed while its list was still opening. */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  const select = scope.getByLabel(label, { exact: true });
  const field = select.locator(`xpath=ancestor::div[contains(concat(' ', @class, ' '), ' ant-form-item-control ')][1]`);
  const exact = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
    // The visible option, not antd's hidden copy for screen readers.
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option-content').filter({ hasText: exact }).click({ timeout: 2_000 });
    await expect(field).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** The header's greeting: the person's name from their profile (an admin's username), as on the dashboard. */
export async function expectGreeting(page: Page, name: string) {
  await expect(page.getByTestId('navbar-greeting')).toHaveText(new RegExp(`Bonjour, ${name.replace('.', '\\.')}$`));
}

const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PHONE = { width: 390, height: 844 };

/** The serious and critical violations axe-core finds on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are measured as painted: a dialog, a toast or a button still fading in or out would
  // be scanned half-transparent (a false contrast failure), so the animations finish first.
  // (Endless ones, a spinner, never finish and are not waited for.)
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  // The page is scanned from its top: where a journey left it scrolled, the sticky header would
  // cover part of a button and axe would count it (target-size, "partially obscured") or not,
  // depending on how far the last click happened to scroll. The scroll is put back after.
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo(0, 0);
    return at;
  });
  const { violations } = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  await page.evaluate(({ x, y }) => window.scrollTo(x, y), scrolled);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
    );
}

/**
 * Reloads the page until what a projection feeds it has caught up. Each try first waits, as long as a
 * loaded machine needs, for the page to have rendered `ready` (a reload on a busy CI machine can take
 * seconds before the first query answers), and only then gives `check` a short while: the retries
 * wait for the projection, never for the page's own start.
 */
export async function reloadUntil(page: Page, ready: Locator, check: () => Promise<unknown>, timeout = 60_000) {
  await expect(async () => {
    await page.reload();
    await expect(ready).toBeVisible({ timeout: 20_000 });
    await check();
  }).toPass({ timeout });
}

/**
 * Records every Content-Security-Policy violation of the context's pages (docs/adr/0029), which
 * expectNoSeriousA11yViolations then asserts are none: the axe-scanned screens render under the CSP.
 */
export async function watchCspViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile ?? ''}:${event.lineNumber}`));
  });
}

/**
 * The screen as it is has no serious or critical accessibility violation (axe-core, WCAG 2.2 AA),
 * at the page's width and again at 390 px (a phone), where the layout differs. Call it on every
 * screen a journey reaches, once its content is there (docs/adr/0010-front-end-delivery.md). A
 * soft assertion: the test goes on, so one run lists every screen's violations.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Where the page's Content-Security-Policy violations are watched (watchCspViolations), none either.
  const csp = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  expect.soft(csp, `CSP violations on ${page.url()} (docs/adr/0029)`).toEqual([]);
  const size = page.viewportSize();
  const found: string[] = (await seriousViolations(page)).map((line) => `${size?.width ?? '?'} px: ${line}`);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  found.push(...(await seriousViolations(page)).map((line) => `${PHONE.width} px: ${line}`));
  if (size) {
    await page.setViewportSize(size);
    // The layout settles at its width again before the journey's next click lands on it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  expect.soft(found, `axe on ${page.url()}`).toEqual([]);
}

/**
 * The centre accepts a trainer who registered through the public page (docs/adr/0030): until
 * then they prepare drafts but cannot publish. Done as the demo admin, beside the page.
 */
export async function acceptTrainer(request: APIRequestContext, teacherId: number) {
  const { headers } = await apiLogin(request, 'admin');
  const answer = await request.post(`/api/formateur/${teacherId}/accept/`, { headers });
  expect(answer.ok(), `accept trainer ${teacherId}: ${await answer.text()}`).toBe(true);
}

/**
 * « Publier » a course (docs/adr/0030): a new course is a draft no student can enrol in. As
 * `headers` (its accepted trainer), or as the demo admin when none are given. Publishing a
 * published course changes nothing.
 */
/** A complete programme sheet (docs/adr/0047: publishing asks for it), as PUT /course/{id}/programme/ takes it. */
export const COMPLETE_PROGRAMME: Record<string, string | number> = {
  objectives: 'Réaliser les opérations courantes du logiciel\nAutomatiser une tâche répétitive',
  planned_minutes: 420,
  target_public: 'Salariés et demandeurs d’emploi utilisant un ordinateur au quotidien.',
  prerequisites: 'Savoir utiliser un ordinateur et naviguer sur internet.',
  access_delays: 'Entrée en formation sous 14 jours après l’accord de financement.',
  modality: 'distance',
  teaching_methods: 'Vidéos, exercices guidés et classe virtuelle avec le formateur.',
  evaluation_methods: 'Quiz de positionnement, exercices notés et évaluation finale.',
  accessibility: 'Formation accessible aux personnes en situation de handicap : contactez notre référent handicap.',
  referent_name: 'Hélène Garnier',
  referent_email: 'referent.handicap@horizon-formation.fr',
  referent_phone: '04 72 00 11 22',
  contacts: 'Inscriptions : contact@horizon-formation.fr, 04 72 00 11 20',
  price_cents: 69000,
};

/** Fills the empty items of a course's programme sheet through the API (the ones a test set stay). */
export async function fillProgramme(request: APIRequestContext, courseId: number, headers?: Record<string, string>) {
  const asAuthor = headers ?? (await apiLogin(request, 'admin')).headers;
  const course = await (await request.get(`/api/teacher-course-detail/${courseId}/`, { headers: asAuthor })).json();
  const known: Record<string, unknown> = { ...course.programme, objectives: course.objectives, planned_minutes: course.planned_minutes };
  const missing = Object.fromEntries(Object.entries(COMPLETE_PROGRAMME).filter(([key]) => known[key] === null && !(key === 'price_cents' && course.programme.on_quote)));
  const sheet = await request.put(`/api/course/${courseId}/programme/`, { headers: asAuthor, data: missing });
  expect(sheet.ok(), `programme of course ${courseId}: ${await sheet.text()}`).toBe(true);
}

/** « Publier » through the API, its programme sheet filled first (docs/adr/0047). */
export async function publishCourse(request: APIRequestContext, courseId: number, headers?: Record<string, string>) {
  const asAuthor = headers ?? (await apiLogin(request, 'admin')).headers;
  await fillProgramme(request, courseId, asAuthor);
  const answer = await request.post(`/api/course/${courseId}/publish/`, { headers: asAuthor });
  expect(answer.ok(), `publish course ${courseId}: ${await answer.text()}`).toBe(true);
}

/**
 * Types a date into antd's DatePicker labelled `label` in `scope` (format JJ/MM/AAAA) and confirms it.
 * Waits for this picker's own dropdown: the previous picker's may still be leaving (its animation).
 */
export async function pickDate(page: Page, scope: Locator, label: string, date: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await expect(page.locator('.ant-picker-dropdown:not(.ant-slide-up-leave):visible')).toBeVisible();
  await input.fill(date);
  await input.press('Enter');
  await expect(input).toHaveValue(date);
}
