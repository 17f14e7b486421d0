// Learning-progress scenario: the player's heartbeat save (POST /api/progress/ with three new
// time beats, every 30 s per learner), the write with its event. Each connection is its own
// student (made once through the app, enrolled in the demo's study-skills course) with its own
// player session, reading the course's first chapter (a text).

const DEMO_ADMIN = { email: 'admin@demo.lms-formation.fr', password: 'AdminDemo2026!' };
const COURSE_TITLE = 'Guide de l’Étudiant en formation à distance';
const STUDENT_PASSWORD = 'BenchEtudiant2026!';

function ok(response, what) {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} refusé : ${response.status} ${response.text.slice(0, 200)}`);
  return response.json;
}

let world;
async function benchWorld(appHttp, count) {
  if (world) return world;
  const admin = ok(await appHttp.postJson('/api/admin/token/', DEMO_ADMIN), 'connexion administrateur');
  const found = ok(await appHttp.get(`/api/search-courses/${encodeURIComponent('Guide de l')}`), 'recherche du cours');
  const course = found.results.find((c) => c.title === COURSE_TITLE);
  if (!course) throw new Error(`cours « ${COURSE_TITLE} » introuvable`);
  const chapters = ok(await appHttp.get(`/api/course-chapters/${course.id}`, admin.access), 'chapitres');
  const stamp = Date.now().toString(36);
  const students = [];
  for (let i = 0; i < count; i++) {
    const name = `progression${stamp}x${i}`;
    const email = `${name}@bench.lms-formation.fr`;
    const student = ok(await appHttp.postJson('/api/student/', { fullname: `Étudiant ${name}`, email, username: name, password: STUDENT_PASSWORD }), 'inscription');
    const login = ok(await appHttp.postJson('/api/student-login-jwt/', { email, password: STUDENT_PASSWORD }), 'connexion étudiant');
    ok(await appHttp.postJson('/api/student-enroll-course/', { course: course.id, student: student.id }, login.access), 'inscription au cours');
    // The step opened once through the app: both sides then save beats on an existing progress.
    ok(await appHttp.postJson('/api/progress/', { student: student.id, course: course.id, content_type: 'text', chapter: chapters[0].id }, login.access), 'ouverture');
    students.push({ id: student.id, email });
  }
  world = { courseId: course.id, chapterId: chapters[0].id, students };
  return world;
}

async function setup({ side, http, appHttp, connections }) {
  const made = await benchWorld(appHttp, connections);
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
];
