// Which SCO a package resumes at (issue 23, item 2): the SCO saved last. Two SCOs saved within one
// second, or at the very same instant of the server's clock, still come back in the order they were
// saved, the newest last with the later `updated_at` (to the microsecond) or, at one instant, after
// the other: the player resumes at the newest state that says `exit: suspend`.
import { randomUUID } from 'node:crypto';
import { sharedLaunchPackage } from '../../../testing/shared-launch-package.js';
import { call, givenCourse, givenEnrolled, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const ITEMS = ['lecon_1', 'lecon_2', 'lecon_3', 'lecon_4'].map((identifier, index) => ({ identifier, title: `Leçon ${index + 1}` }));

interface Sco {
  sco: string;
  updated_at: string;
  cmi: Record<string, unknown>;
}

/** The player's rule (frontend scorm-step.tsx, suspendedSco): the newest `updated_at`, the later in the list at equal ones. */
const newest = (scos: readonly Sco[]) => scos.reduce<Sco | null>((last, state) => (last === null || state.updated_at >= last.updated_at ? state : last), null)?.sco;

async function world() {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  const data = new FormData();
  for (const [name, value] of Object.entries({ title: 'Quatre leçons', content_type: 'scorm', duration: '600' })) data.append(name, value);
  data.append('scorm_file', new Blob([new Uint8Array(await sharedLaunchPackage('1.2', ITEMS))], { type: 'application/zip' }), 'module.zip');
  const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, data);
  expect(added.statusCode).toBe(201);
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  const chapter = added.json().id as number;
  const suspend = async (sco: string) => {
    const answer = await call(t, 'POST', '/api/scorm-progress/', student.token, {
      student: student.studentId, course: course.courseId, chapter, sco, session_id: randomUUID(), seq: 1,
      cmi_data: { lesson_status: 'incomplete', location: `dans-${sco}`, exit: 'suspend' },
    });
    expect(answer.json()).toMatchObject({ outcome: 'applied' });
  };
  const scos = async (): Promise<Sco[]> => (await call(t, 'GET', `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter}`, student.token)).json().scos;
  return { suspend, scos };
}

afterEach(() => t.clock.release());

describe('the SCO a package resumes at', () => {
  it('is the one saved last within one second: updated_at keeps the milliseconds the server read', async () => {
    const { suspend, scos } = await world();
    t.clock.set(new Date('2026-11-26T10:00:00.100Z'));
    await suspend('lecon_3');
    t.clock.set(new Date('2026-11-26T10:00:00.600Z'));
    await suspend('lecon_1');
    const view = await scos();
    expect(view.map((s) => [s.sco, s.updated_at])).toEqual([
      ['lecon_3', '2026-11-26T10:00:00.100000Z'],
      ['lecon_1', '2026-11-26T10:00:00.600000Z'],
    ]);
    expect(newest(view)).toBe('lecon_1');
  });

  it('is the one saved last at the very same instant, and follows each new save', async () => {
    const { suspend, scos } = await world();
    t.clock.set(new Date('2026-11-26T11:00:00.000Z'));
    await suspend('lecon_4');
    await suspend('lecon_2');
    await suspend('lecon_3');
    expect((await scos()).map((s) => s.sco)).toEqual(['lecon_4', 'lecon_2', 'lecon_3']);
    expect(newest(await scos())).toBe('lecon_3');
    // The first SCO saved again, still at that instant: it is now the newest.
    await suspend('lecon_4');
    const view = await scos();
    expect(view.map((s) => s.sco)).toEqual(['lecon_2', 'lecon_3', 'lecon_4']);
    expect(new Set(view.map((s) => s.updated_at))).toEqual(new Set(['2026-11-26T11:00:00.000000Z']));
    expect(newest(view)).toBe('lecon_4');
  });
});
