// 10,000 students exported (issue 13): streamed while written, every row in the file.
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { generateStudents } from '../../../cli/testing/generate-students.js';
import { Database } from '../../../platform/database/database.js';
import { givenAdmin, givenCourse, uniqueKey } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

it('streams 10,000 students into Progression_Etudiants.xlsx, every row in order', async () => {
  const admin = await givenAdmin(t);
  const [a, b] = await Promise.all([givenCourse(t), givenCourse(t)]);
  const prefix = uniqueKey('masse');
  const db = t.app.get(Database);
  await generateStudents((sql, params) => db.query(sql, params), 10_000, prefix, [a.courseId, b.courseId]);
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;

  const started = Date.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/admin/exports/progress/?search=${prefix}`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-export-rows')).toBe('10000');
  expect(response.headers.get('content-length')).toBeNull();
  const estimate = Number(response.headers.get('x-export-estimated-bytes'));
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let firstChunkAt = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (chunks.length === 0) firstChunkAt = Date.now() - started;
    chunks.push(value);
  }
  const elapsed = Date.now() - started;
  const file = Buffer.concat(chunks);
  // Sent as it was written: many chunks, the first long before the end.
  expect(chunks.length).toBeGreaterThan(10);
  expect(firstChunkAt).toBeLessThan(elapsed);
  // The estimate is within a factor of two of the real size.
  expect(estimate / file.length).toBeGreaterThan(0.5);
  expect(estimate / file.length).toBeLessThan(2);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Progression')!;
  expect(sheet.rowCount).toBe(10_001);
  const names = [];
  for (let row = 2; row <= 10_001; row++) names.push(sheet.getRow(row).getCell(1).value as string);
  expect(new Set(names).size).toBe(10_000);
  expect(sheet.getRow(2).getCell(5).value).toBe([a.title, b.title].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())).join(', '));
  expect(typeof sheet.getRow(2).getCell(7).value).toBe('number');
  console.log(`10 000 étudiants : ${elapsed} ms, ${chunks.length} morceaux, premier à ${firstChunkAt} ms, ${file.length} octets (estimation ${estimate})`);

  const students = await fetch(`http://127.0.0.1:${port}/api/admin/exports/students/?search=${prefix}`, { headers: { authorization: `Bearer ${admin.token}` } });
  const studentFile = Buffer.from(await students.arrayBuffer());
  const studentEstimate = Number(students.headers.get('x-export-estimated-bytes'));
  expect(students.headers.get('x-export-rows')).toBe('10000');
  expect(studentEstimate / studentFile.length).toBeGreaterThan(0.5);
  expect(studentEstimate / studentFile.length).toBeLessThan(2);
  const studentBook = new ExcelJS.Workbook();
  await studentBook.xlsx.load(studentFile as unknown as ArrayBuffer);
  expect(studentBook.getWorksheet('Utilisateurs')!.rowCount).toBe(10_001);
  console.log(`Utilisateurs : ${studentFile.length} octets (estimation ${studentEstimate})`);
}, 120_000);
