// GET /formateur/: the back office's trainer list (5 per page, searched) and its trainer select.
import { call, givenAdmin, givenStudent, givenTeacher, uniqueName } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

it('lists trainers to an admin: searched, 5 per page with ?page=, all of them without', async () => {
  const admin = await givenAdmin(t);
  const name = uniqueName('Dupont');
  for (let i = 0; i < 6; i++) await givenTeacher(t, { fullName: `${name} ${i}`, skills: 'Excel' });
  const page = (await call(t, 'GET', `/api/formateur/?search=${encodeURIComponent(name)}&page=1`, admin.token)).json();
  expect(page.count).toBe(6);
  expect(page.results).toHaveLength(5);
  expect(page.results[0]).toMatchObject({ full_name: `${name} 0`, is_active: true });
  expect(page.next).toContain('page=2');
  const second = (await call(t, 'GET', `/api/formateur/?search=${encodeURIComponent(name)}&page=2`, admin.token)).json();
  expect(second.results.map((r: { full_name: string }) => r.full_name)).toEqual([`${name} 5`]);
  const all = (await call(t, 'GET', '/api/formateur/', admin.token)).json();
  expect(all.results.length).toBe(all.count);
  expect(all.count).toBeGreaterThanOrEqual(6);
  expect((await call(t, 'GET', '/api/formateur/?search=%25%25', admin.token)).json().count).toBe(0);
});

it('refuses trainers, students and visitors', async () => {
  const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
  expect((await call(t, 'GET', '/api/formateur/', teacher.token)).statusCode).toBe(403);
  expect((await call(t, 'GET', '/api/formateur/', student.token)).statusCode).toBe(403);
  expect((await call(t, 'GET', '/api/formateur/')).statusCode).toBe(401);
});
