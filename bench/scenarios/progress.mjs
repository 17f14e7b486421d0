// Learning-progress scenarios: the player's heartbeat save (POST /api/progress/ with three new
// time beats, every 30 s per learner), the write with its event. Each connection is its own
// student (made once through the app, enrolled in the demo's study-skills course) with its own
// player session, reading the course's first chapter (a text). And a SCORM 1.2 commit (POST
// /api/scorm-progress/), each connection a student running the project's own SCORM 1.2 module,
// the first step of a course the demo's trainer makes through the app.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../lib/deps.mjs';
import { publishCourse } from '../lib/publish.mjs';

const { buildScormPackage } = await import(pathToFileURL(join(projectRoot, 'backend/dist/demo/scorm/build-package.js')).href);


const DEMO_ADMIN = { email: 'admin@demo.lms-formation.fr', password: 'AdminDemo2026!' };
const DEMO_TRAINER = { email: 'julien.bernard@demo.lms-formation.fr', password: 'Formateur2026!' };
const COURSE_TITLE = 'Guide de l’Étudiant en formation à distance';
export const STUDENT_PASSWORD = 'BenchEtudiant2026!';

export function ok(response, what) {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} refusé : ${response.status} ${response.text.slice(0, 200)}`);
  return response.json;
}

/** `count` new students, each enrolled in the course, who opened its first chapter once through the app. */
export async function enrolledStudents(appHttp, count, { courseId, chapterId, contentType, prefix }) {
  const stamp = Date.now().toString(36);
  const students = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix}${stamp}x${i}`;
    const email = `${name}@bench.lms-formation.fr`;
    const student = ok(await appHttp.postJson('/api/student/', { fullname: `Étudiant ${name}`, email, username: name, password: STUDENT_PASSWORD }), 'inscription');
    const login = ok(await appHttp.postJson('/api/student-login-jwt/', { email, password: STUDENT_PASSWORD }), 'connexion étudiant');
    ok(await appHttp.postJson('/api/student-enroll-course/', { course: courseId, student: student.id }, login.access), 'inscription au cours');
    // The step opened once through the app: both sides then save on an existing progress.
    ok(await appHttp.postJson('/api/progress/', { student: student.id, course: courseId, content_type: contentType, chapter: chapterId }, login.access), 'ouverture');
    students.push({ id: student.id, email });
  }
  return students;
}

/** Each side signs its students in its own way: the app through its login, the baseline with its token route. */
async function signedIn({ side, http, appHttp }, made) {
  const students = [];
  for (const student of made.students) {
    const token =
      side === 'app'
        ? ok(await appHttp.postJson('/api/student-login-jwt/', { email: student.email, password: STUDENT_PASSWORD }), 'connexion étudiant').access
        : ok(await http.postJson('/bench/student-token', { email: student.email }), 'jeton de référence').access;
    students.push({ ...student, token, session: crypto.randomUUID() });
  }
  return { ...made, students };
}

/** The demo's study-skills course and its first chapter (a text). */
export async function textCourse(appHttp) {
  const admin = ok(await appHttp.postJson('/api/admin/token/', DEMO_ADMIN), 'connexion administrateur');
  const found = ok(await appHttp.get(`/api/search-courses/${encodeURIComponent('Guide de l')}`), 'recherche du cours');
  const course = found.results.find((c) => c.title === COURSE_TITLE);
  if (!course) throw new Error(`cours « ${COURSE_TITLE} » introuvable`);
  const chapters = ok(await appHttp.get(`/api/course-chapters/${course.id}`, admin.access), 'chapitres');
  return { courseId: course.id, chapterId: chapters[0].id };
}

let textWorld;
async function textCourseWorld(appHttp, count) {
  if (textWorld) return textWorld;
  const where = await textCourse(appHttp);
  textWorld = { ...where, students: await enrolledStudents(appHttp, count, { ...where, contentType: 'text', prefix: 'progression' }) };
  return textWorld;
}

const setup = async (context) => signedIn(context, await textCourseWorld(context.appHttp, context.connections));

/**
 * A course whose first step is the project's SCORM 1.2 module, made by the demo's trainer through
 * the app (the package built as the demo data builds it).
 */
export async function scormCourse(appHttp) {
  const trainer = ok(await appHttp.postJson('/api/formateur/token/', DEMO_TRAINER), 'connexion formateur');
  const categories = ok(await appHttp.get('/api/category/'), 'catégories');
  const course = ok(
    await appHttp.postJson('/api/course/', { formateur: trainer.formateur_id, category: categories[0].id, title: `Banc SCORM ${Date.now().toString(36)}`, description: 'Un module SCORM pour le banc d’essai.' }, trainer.access),
    'création du cours',
  );
  const zip = await buildScormPackage('scorm12');
  const chapter = ok(
    await appHttp.postForm(`/api/course-chapters/${course.id}/`, { title: 'Module SCORM 1.2', content_type: 'scorm', duration: '900', scorm_file: { blob: new Blob([zip], { type: 'application/zip' }), name: 'scorm12.zip' } }, trainer.access),
    'ajout du module SCORM',
  );
  // A course is a draft until published (docs/adr/0030): learners cannot enrol before.
  await publishCourse(appHttp, course.id, trainer.access);
  return { courseId: course.id, chapterId: chapter.id };
}

let scormWorld;
async function scormCourseWorld(appHttp, count) {
  if (scormWorld) return scormWorld;
  const where = await scormCourse(appHttp);
  scormWorld = { ...where, students: await enrolledStudents(appHttp, count, { ...where, contentType: 'scorm', prefix: 'scorm' }) };
  return scormWorld;
}

const saveRequest = {
  method: 'POST',
  path: '/api/progress/',
  perConnection: (state, index) => {
    const student = state.students[index];
    let seq = 0;
    return {
      headers: () => ({ authorization: `Bearer ${student.token}` }),
      body: () => {
        const now = Date.now();
        const beats = [20, 10, 0].map((ago) => ({ seq: ++seq, at: now - ago * 1000, visible: true, focused: true, playing: false, last_input_at: now - ago * 1000 }));
        return { student: student.id, course: state.courseId, content_type: 'text', chapter: state.chapterId, session_id: student.session, beats };
      },
    };
  },
};

/** A SCORM commit as a real module sends them: bookmark, 2 KB of suspend_data, incomplete, its session time. */
const commitRequest = {
  method: 'POST',
  path: '/api/scorm-progress/',
  perConnection: (state, index) => {
    const student = state.students[index];
    let seq = 0;
    const suspend = JSON.stringify({ page: 2, answers: { q1: 'b' }, notes: 'x'.repeat(2000) });
    return {
      headers: () => ({ authorization: `Bearer ${student.token}` }),
      body: () => {
        seq += 1;
        const seconds = seq * 5;
        return {
          student: student.id, course: state.courseId, chapter: state.chapterId, session_id: student.session, seq,
          cmi_data: { lesson_status: 'incomplete', location: String(seq % 3), suspend_data: suspend, session_time: `0000:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.00` },
        };
      },
    };
  },
};

export const scenarios = [
  {
    name: 'progress save',
    description:
      'POST /api/progress/ (a heartbeat: three new beats on a text step): token check, enrolled?, the course outline (two SELECTs), then in one transaction the progress and its steps, the beats insert, the session\'s beats, its time before and after (method v1), the step\'s total, the step and version updates, LearningTimeRecorded chained by hash, commit, NOTIFY. The app also runs its progress projections on each event.',
    connections: 20,
    setup,
    app: saveRequest,
    baseline: saveRequest,
    check: (status, body) => status === 201 && body.includes('"time_spent"'),
  },
  {
    name: 'scorm commit',
    description:
      'POST /api/scorm-progress/ (a SCORM 1.2 commit: bookmark, 2 KB of suspend_data, incomplete): token check, enrolled?, the course outline (two SELECTs), the run-time rules with the manifest\'s values, then in one transaction the progress and its steps, the session\'s last sequence, the commit kept in the trace, the SCO\'s state upserted with its total time (answering the state before), the chapter\'s SCO states judged by the trainer\'s choice, the version update, ScormCommitted (schema version 2) chained by hash, commit, NOTIFY. The app also runs its progress projections on each event.',
    connections: 20,
    setup: async (context) => signedIn(context, await scormCourseWorld(context.appHttp, context.connections)),
    app: commitRequest,
    baseline: commitRequest,
    check: (status, body) => status === 201 && body.includes('"outcome":"applied"'),
  },
];
