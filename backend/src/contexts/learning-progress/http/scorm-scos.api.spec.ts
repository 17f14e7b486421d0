// Every SCO of a package on its own (issue 23, item 2): a package whose items all launch
// index.html lists each item, files each commit under the item's identifier, keeps and resumes
// each SCO's data and time apart, and validates the chapter only once every SCO has reported.
import { randomUUID } from 'node:crypto';
import { sharedLaunchPackage } from '../../../testing/shared-launch-package.js';
import { Database } from '../../../platform/database/database.js';
import { call, givenCourse, givenEnrolled, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
});

const ITEMS = [
  { identifier: 'lecon_1', title: 'Leçon 1' },
  { identifier: 'lecon_2', title: 'Leçon 2' },
  { identifier: 'lecon_3', title: 'Leçon 3' },
  { identifier: 'lecon_4', title: 'Leçon 4' },
];

async function world(version: '1.2' | '2004') {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  const data = new FormData();
  for (const [name, value] of Object.entries({ title: 'Une seule page', content_type: 'scorm', duration: '600' })) data.append(name, value);
  data.append('scorm_file', new Blob([new Uint8Array(await sharedLaunchPackage(version, ITEMS))], { type: 'application/zip' }), 'module.zip');
  const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, data);
  expect(added.statusCode).toBe(201);
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  const chapter = added.json().id as number;
  const commit = (sco: string | undefined, session: string, seq: number, cmi: Record<string, unknown>) =>
    call(t, 'POST', '/api/scorm-progress/', student.token, { student: student.studentId, course: course.courseId, chapter, ...(sco ? { sco } : {}), session_id: session, seq, cmi_data: cmi });
  const state = async () => (await call(t, 'GET', `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter}`, student.token)).json();
  return { teacher, course, student, chapter, commit, state };
}

describe('a package whose SCOs share one launch URL', () => {
  it('lists every item with the same URL; keeps, resumes and times each SCO under its own identifier; validates once all have reported', async () => {
    const { course, student, chapter, commit, state } = await world('1.2');
    const [listed] = (await call(t, 'GET', `/api/course-chapters/${course.courseId}`, student.token)).json();
    expect(listed.scorm_items.map((item: { identifier: string }) => item.identifier)).toEqual(ITEMS.map((item) => item.identifier));
    expect(new Set(listed.scorm_items.map((item: { url: string }) => item.url))).toEqual(new Set([`/media/scorm/${chapter}/index.html`]));

    // One launch (session) per SCO, in turn, each with data of its own.
    const sessions = ITEMS.map(() => randomUUID());
    for (const [index, item] of ITEMS.entries()) {
      const answer = await commit(item.identifier, sessions[index]!, 1, { lesson_status: 'incomplete', location: `page-${index + 1}`, suspend_data: `etat-${index + 1}`, session_time: `0000:00:${String(10 * (index + 1)).padStart(2, '0')}.00`, exit: 'suspend' });
      expect(answer.json()).toMatchObject({ outcome: 'applied', validated: false });
    }
    const first = await state();
    expect(first.scos.map((s: { sco: string; cmi: { location: string; suspend_data: string }; total_time: number }) => [s.sco, s.cmi.location, s.cmi.suspend_data, s.total_time])).toEqual([
      ['lecon_1', 'page-1', 'etat-1', 10],
      ['lecon_2', 'page-2', 'etat-2', 20],
      ['lecon_3', 'page-3', 'etat-3', 30],
      ['lecon_4', 'page-4', 'etat-4', 40],
    ]);

    // Back to the second SCO (a new launch, its sequence starting again at 1): only its own state and time change.
    const again = randomUUID();
    expect((await commit('lecon_2', again, 1, { lesson_status: 'completed', location: 'page-2b', suspend_data: 'etat-2b', session_time: '0000:00:05.00', exit: '' })).json()).toMatchObject({ outcome: 'applied', validated: false });
    const second = await state();
    type Sco = { sco: string; cmi: Record<string, unknown>; total_time: number };
    const byId = (view: { scos: Sco[] }, id: string) => view.scos.find((s) => s.sco === id);
    expect(byId(second, 'lecon_2')).toMatchObject({ total_time: 25, cmi: expect.objectContaining({ lesson_status: 'completed', location: 'page-2b', suspend_data: 'etat-2b' }) });
    for (const id of ['lecon_1', 'lecon_3', 'lecon_4']) expect(byId(second, id)).toEqual(byId(first, id));
    // An old commit of the second SCO's first launch, arriving late, stays in its own session: a duplicate.
    expect((await commit('lecon_2', sessions[1]!, 1, { lesson_status: 'incomplete', location: 'page-2' })).json()).toMatchObject({ outcome: 'duplicate' });

    // A SCO the package does not have: refused in French, nothing kept.
    const unknown = await commit('lecon_9', randomUUID(), 1, { lesson_status: 'completed' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, "Cette partie n'existe pas dans le module."]);
    expect(await db.query(`select 1 from progress.scorm_commit where chapter_id = $1 and sco = 'lecon_9'`, [chapter])).toEqual([]);

    // Validated only once every SCO has reported completed (or passed).
    for (const id of ['lecon_1', 'lecon_3']) expect((await commit(id, randomUUID(), 1, { lesson_status: 'passed' })).json()).toMatchObject({ validated: false });
    expect((await commit('lecon_4', randomUUID(), 1, { lesson_status: 'completed' })).json()).toMatchObject({ outcome: 'applied', validated: true });
    const trace = await db.query<{ sco: string; n: number }>('select sco, count(*)::int as n from progress.scorm_commit where chapter_id = $1 group by sco order by sco', [chapter]);
    expect(trace).toEqual([
      { sco: 'lecon_1', n: 2 },
      { sco: 'lecon_2', n: 2 },
      { sco: 'lecon_3', n: 2 },
      { sco: 'lecon_4', n: 2 },
    ]);
  });

  it('files a commit that names no SCO (the spec\'s client) under the first item, and never under another', async () => {
    const { commit, state } = await world('2004');
    expect((await commit(undefined, randomUUID(), 1, { completion_status: 'incomplete', location: 'debut' })).json()).toMatchObject({ outcome: 'applied' });
    expect((await commit('lecon_3', randomUUID(), 1, { completion_status: 'completed', location: 'fin' })).json()).toMatchObject({ outcome: 'applied' });
    expect((await state()).scos.map((s: { sco: string; version: string; cmi: { location: string } }) => [s.sco, s.version, s.cmi.location])).toEqual([
      ['lecon_1', '2004', 'debut'],
      ['lecon_3', '2004', 'fin'],
    ]);
  });
});
