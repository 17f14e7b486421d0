// What two app nodes behind a balancer must share through PostgreSQL (issue 32 item 7, docs/adr/0059):
// login throttling counted on one node refuses on the other.
import { givenStudent, login } from './testing/fixtures.js';
import { startSecondNode, startTestApp, type TestApp } from './testing/test-app.js';

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await startTestApp();
  b = await startSecondNode(a);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

it('five failed logins on node A lock the account on node B too, even with the right password', async () => {
  const target = await givenStudent(a);
  for (let i = 0; i < 5; i++) expect((await login(i % 2 === 0 ? a : b, 'student', target.email, `faux-${i}-xxxxxxxx`)).statusCode).not.toBe(429);
  const blocked = await login(b, 'student', target.email, target.password);
  expect([blocked.statusCode, blocked.json().message]).toEqual([429, expect.stringContaining('Trop de tentatives')]);
  expect((await login(a, 'student', target.email, target.password)).statusCode).toBe(429);
});
