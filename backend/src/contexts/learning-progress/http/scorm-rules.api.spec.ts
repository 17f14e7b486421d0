// The SCORM run-time rules the server applies to a learner's commits (issue 23, items 3–5): a 1.2
// SCO that only calls LMSInitialize/LMSFinish is completed on finish, the manifest's mastery score
// makes passed or failed, 2004 thresholds decide completion and success, assets and hidden items
// are not required, the trainer chooses per chapter what validates, interactions and objectives
// are kept and only the course's trainer and admins read the CMI trace. Packages built here.
import { randomUUID } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenTeacher, scormForm } from '../../../testing/fixtures.js';
import { scormPackage } from '../../../testing/scorm-packages.js';
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

async function world(zip: Buffer, rule?: string) {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, scormForm({ title: 'Module', content_type: 'scorm', duration: 600, ...(rule ? { scorm_rule: rule } : {}) }, zip));
  expect(added.statusCode).toBe(201);
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  const chapter = added.json().id as number;
  const session = randomUUID();
  let seq = 0;
  const commit = (sco: string, cmi: Record<string, unknown>, final = false) =>
    call(t, 'POST', '/api/scorm-progress/', student.token, { student: student.studentId, course: course.courseId, chapter, sco, session_id: session, seq: ++seq, cmi_data: cmi, ...(final ? { final } : {}) });
  const state = async (sco: string) =>
    ((await call(t, 'GET', `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter}`, student.token)).json().scos as { sco: string; cmi: Record<string, unknown> }[]).find((s) => s.sco === sco)?.cmi;
  return { teacher, course, student, chapter, commit, state };
}

async function setRule(teacher: GivenTeacher, chapter: number, rule: string) {
  return call(t, 'PUT', `/api/chapter/${chapter}/`, teacher.token, scormForm({ title: 'Module', content_type: 'scorm', duration: 600, scorm_rule: rule }));
}

describe('SCORM 1.2 run-time rules, applied by the server', () => {
  it('a minimum-calls SCO (LMSInitialize + LMSFinish only) is completed on finish, and the chapter validated', async () => {
    const { commit, state } = await world(await scormPackage('1.2', [{ id: 'a' }]));
    expect((await commit('a', { lesson_status: 'not attempted', session_time: '0000:00:05.00' })).json()).toMatchObject({ outcome: 'applied', validated: false });
    expect((await state('a'))!.lesson_status).toBe('not attempted');
    expect((await commit('a', { lesson_status: 'not attempted', session_time: '0000:00:06.00', exit: '' }, true)).json()).toMatchObject({ outcome: 'applied', validated: true });
    expect((await state('a'))!.lesson_status).toBe('completed');
  });

  it('the manifest\'s mastery score makes passed or failed; under « passed » only passed validates', async () => {
    const zip = await scormPackage('1.2', [{ id: 'quiz', extra: '<adlcp:masteryscore>80</adlcp:masteryscore><adlcp:datafromlms>niveau=2</adlcp:datafromlms>' }]);
    const { teacher, chapter, commit, state } = await world(zip, 'passed');
    const view = (await call(t, 'GET', `/api/chapter/${chapter}/`, teacher.token)).json();
    expect(view).toMatchObject({ scorm_rule: 'passed', scorm_items: [expect.objectContaining({ identifier: 'quiz', mastery_score: 80, launch_data: 'niveau=2' })] });
    expect((await commit('quiz', { lesson_status: 'completed', score_raw: '70', score: 70 }, true)).json()).toMatchObject({ validated: false });
    expect((await state('quiz'))!.lesson_status).toBe('failed');
    expect((await commit('quiz', { lesson_status: 'completed', score_raw: '85', score: 85 }, true)).json()).toMatchObject({ validated: true });
    expect((await state('quiz'))!.lesson_status).toBe('passed');
  });

  it('without a raw score the mastery score changes nothing; under the default a 1.2 « failed » (completed) validates', async () => {
    const zip = await scormPackage('1.2', [{ id: 'quiz', extra: '<adlcp:masteryscore>80</adlcp:masteryscore>' }]);
    const { commit, state } = await world(zip);
    expect((await commit('quiz', { lesson_status: 'incomplete' }, false)).json()).toMatchObject({ validated: false });
    expect((await state('quiz'))!.lesson_status).toBe('incomplete');
    expect((await commit('quiz', { lesson_status: 'failed', score_raw: '10' })).json()).toMatchObject({ validated: true });
  });
});

describe('SCORM 2004 thresholds', () => {
  const item = {
    id: 'sco',
    extra: `<adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.8"/>
      <imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="p" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives></imsss:sequencing>`,
  };

  it('completion from progress_measure against the threshold, success from score.scaled against the passing score', async () => {
    const { teacher, chapter, commit, state } = await world(await scormPackage('2004', [item]), 'passed');
    expect((await call(t, 'GET', `/api/chapter/${chapter}/`, teacher.token)).json().scorm_items).toEqual([
      expect.objectContaining({ identifier: 'sco', completion_threshold: 0.8, scaled_passing_score: 0.6 }),
    ]);
    expect((await commit('sco', { completion_status: 'completed', progress_measure: '0.5', success_status: 'passed', score_scaled: '0.4' })).json()).toMatchObject({ validated: false });
    expect(await state('sco')).toMatchObject({ completion_status: 'incomplete', success_status: 'failed' });
    expect((await commit('sco', { completion_status: 'incomplete', progress_measure: '0.9', success_status: 'passed' })).json()).toMatchObject({ validated: false });
    expect(await state('sco')).toMatchObject({ completion_status: 'completed', success_status: 'unknown' });
    expect((await commit('sco', { progress_measure: '0.9', score_scaled: '0.7' })).json()).toMatchObject({ validated: true });
  });
});

describe('the chapter\'s choice of what validates', () => {
  it('a 2004 « completed » + « failed » follows it: not under « passed », yes under « completed » and the default', async () => {
    const failed = { completion_status: 'completed', success_status: 'failed' };
    const passedOnly = await world(await scormPackage('2004', [{ id: 'x' }]), 'passed');
    expect((await passedOnly.commit('x', failed)).json()).toMatchObject({ validated: false });
    // The trainer changes the choice: the next commit is judged by it.
    const changed = await setRule(passedOnly.teacher, passedOnly.chapter, 'completed');
    expect(changed.statusCode).toBe(200);
    expect((await passedOnly.commit('x', failed)).json()).toMatchObject({ validated: true });
    const byDefault = await world(await scormPackage('2004', [{ id: 'x' }]));
    expect((await call(t, 'GET', `/api/chapter/${byDefault.chapter}/`, byDefault.teacher.token)).json().scorm_rule).toBe('completed_or_passed');
    expect((await byDefault.commit('x', failed)).json()).toMatchObject({ validated: true });
    const [event] = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from eventlog.event where event_type = 'ChapterValidated' and (payload->>'studentId')::int = $1`, [byDefault.student.studentId]);
    expect(event!.payload).toMatchObject({ rule: 'scorm-completed', figures: { scos: 1, choice: 'completed_or_passed' } });
  });

  it('refuses an unknown choice in French and changes nothing', async () => {
    const { teacher, chapter } = await world(await scormPackage('2004', [{ id: 'x' }]), 'completed');
    const refused = await setRule(teacher, chapter, 'réussi');
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('La règle de validation SCORM doit être');
    expect((await call(t, 'GET', `/api/chapter/${chapter}/`, teacher.token)).json().scorm_rule).toBe('completed');
  });
});

describe('only what a learner can launch is required', () => {
  it('leaves assets (scormtype and scormType) and hidden items out of the parts shown and of the rule', async () => {
    const zip12 = await scormPackage('1.2', [{ id: 'intro', asset: true }, { id: 'a' }, { id: 'cache', attrs: 'isvisible="false"' }, { id: 'b' }]);
    const { teacher, chapter, commit } = await world(zip12);
    const items = (await call(t, 'GET', `/api/chapter/${chapter}/`, teacher.token)).json().scorm_items as { identifier: string }[];
    expect(items.map((i) => i.identifier)).toEqual(['a', 'b']);
    expect((await commit('a', { lesson_status: 'completed' })).json()).toMatchObject({ validated: false });
    expect((await commit('b', { lesson_status: 'passed' })).json()).toMatchObject({ validated: true });
    const zip2004 = await scormPackage('2004', [{ id: 'res', asset: true }, { id: 'main' }]);
    const other = await world(zip2004);
    expect(((await call(t, 'GET', `/api/chapter/${other.chapter}/`, other.teacher.token)).json().scorm_items as { identifier: string }[]).map((i) => i.identifier)).toEqual(['main']);
    expect((await other.commit('main', { completion_status: 'completed' })).json()).toMatchObject({ validated: true });
  });
});

describe('the CMI trace', () => {
  it('keeps interactions and objectives per SCO and attempt; the course\'s trainer and admins read them, nobody else', async () => {
    const { teacher, course, student, chapter, commit } = await world(await scormPackage('2004', [{ id: 'q' }]));
    const interactions = [
      { id: 'q1', type: 'choice', learner_response: 'b', result: 'correct', latency: 'PT4S', timestamp: '2026-11-26T10:00:00Z', secret: 'ignored' },
      { id: 'q2', type: 'fill-in', learner_response: 'x'.repeat(5000), result: 'incorrect' },
    ];
    const objectives = [{ id: 'obj-1', score_scaled: '0.5', success_status: 'failed', completion_status: 'completed' }];
    expect((await commit('q', { completion_status: 'incomplete', location: 'p2', session_time: 'PT10S', interactions: interactions.slice(0, 1) })).json()).toMatchObject({ outcome: 'applied' });
    expect((await commit('q', { completion_status: 'completed', score_raw: '50', score_scaled: '0.5', session_time: 'PT20S', interactions, objectives })).json()).toMatchObject({ validated: true });
    const bad = await commit('q', { completion_status: 'completed', interactions: 'pas une liste' });
    expect(bad.json().refused).toEqual({ interactions: 'interactions doit être une liste d’objets (identifiants et valeurs en texte).' });

    const url = `/api/scorm-trace/?student=${student.studentId}&course=${course.courseId}&chapter=${chapter}`;
    const [admin, stranger] = await Promise.all([givenAdmin(t), givenTeacher(t)]);
    const trace = (await call(t, 'GET', url, teacher.token)).json();
    expect(trace).toMatchObject({ student: student.studentId, chapter, version: '2004' });
    expect(trace.attempts).toHaveLength(1);
    const [attempt] = trace.attempts;
    expect(attempt.commits.map((c: { completion_status: string; location: string | null }) => [c.completion_status, c.location])).toEqual([['incomplete', 'p2'], ['completed', null], ['completed', null]]);
    expect(attempt.commits[1]).toMatchObject({ score_raw: '50', score_scaled: '0.5', session_time: 'PT20S', interactions: 2 });
    // The newest applied commit's interactions (the refused list kept the stored one).
    expect(attempt.interactions).toEqual([
      { id: 'q1', type: 'choice', learner_response: 'b', result: 'correct', latency: 'PT4S', timestamp: '2026-11-26T10:00:00Z' },
      { id: 'q2', type: 'fill-in', learner_response: 'x'.repeat(4000), result: 'incorrect', latency: null, timestamp: null },
    ]);
    expect(attempt.objectives).toEqual([{ id: 'obj-1', score_raw: null, score_scaled: '0.5', success_status: 'failed', completion_status: 'completed' }]);
    expect((await call(t, 'GET', url, admin.token)).json().attempts).toHaveLength(1);
    for (const intruder of [stranger, student]) expect((await call(t, 'GET', url, intruder.token)).statusCode).toBe(403);
  });

  it('1.2: each session carries the attempt of the package; lesson_status on the two axes (passed, failed: Réussite; the rest: Statut); objectives likewise', async () => {
    const { teacher, course, student, chapter, commit } = await world(await scormPackage('1.2', [{ id: 'a' }]));
    await commit('a', { lesson_status: 'incomplete' });
    await commit('a', { lesson_status: 'failed', objectives: [{ id: 'o1', completion_status: 'failed', success_status: 'failed' }, { id: 'o2', completion_status: 'incomplete' }] });
    const trace = (await call(t, 'GET', `/api/scorm-trace/?student=${student.studentId}&course=${course.courseId}&chapter=${chapter}`, teacher.token)).json();
    expect(trace.version).toBe('1.2');
    const [attempt] = trace.attempts;
    expect(attempt.attempt).toBe(1);
    expect(attempt.commits.map((c: { completion_status: string; success_status: string | null }) => [c.completion_status, c.success_status])).toEqual([
      ['incomplete', null],
      ['completed', 'failed'],
    ]);
    expect(attempt.objectives).toEqual([
      { id: 'o1', score_raw: null, score_scaled: null, success_status: 'failed', completion_status: 'completed' },
      { id: 'o2', score_raw: null, score_scaled: null, success_status: null, completion_status: 'incomplete' },
    ]);
  });

  it('a trainer or admin (the preview) cannot write a learner\'s evidence: their commits are refused and nothing is stored', async () => {
    const { teacher, course, student, chapter } = await world(await scormPackage('1.2', [{ id: 'a' }]));
    const admin = await givenAdmin(t);
    for (const who of [teacher, admin]) {
      const body = { student: student.studentId, course: course.courseId, chapter, sco: 'a', cmi_data: { lesson_status: 'completed' }, final: true };
      expect((await call(t, 'POST', '/api/scorm-progress/', who.token, body)).statusCode).toBe(403);
    }
    expect(await db.query('select 1 from progress.scorm_commit where chapter_id = $1 union all select 1 from progress.scorm_state where chapter_id = $1', [chapter])).toEqual([]);
  });
});
