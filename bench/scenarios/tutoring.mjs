// Tutoring scenarios: a student sends a message to the trainer who follows them, and reads a
// 100-message history. Students are made once through the app (registered, then assigned to the
// demo trainer by the demo admin) and reused: messages may repeat, each connection writes to its
// own conversation (two writers of one conversation would measure their race, not the send).

const DEMO_ADMIN = { email: 'admin@demo.lms-formation.fr', password: 'AdminDemo2026!' };
const DEMO_TRAINER = { email: 'claire.martin@demo.lms-formation.fr', password: 'Formatrice2026!' };
const STUDENT_PASSWORD = 'BenchEtudiant2026!';
const HISTORY_LENGTH = 100;

function ok(response, what) {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} refusé : ${response.status} ${response.text.slice(0, 200)}`);
  return response.json;
}

let world;
/** The demo trainer, `count` students she follows (the senders), and one more with a 100-message history (the reader). */
async function benchWorld(appHttp, count) {
  if (world) return world;
  const admin = ok(await appHttp.postJson('/api/admin/token/', DEMO_ADMIN), 'connexion administrateur');
  const trainer = ok(await appHttp.postJson('/api/formateur/token/', DEMO_TRAINER), 'connexion formatrice');
  const stamp = Date.now().toString(36);
  const students = [];
  for (let i = 0; i <= count; i++) {
    const name = `messagerie${stamp}x${i}`;
    const email = `${name}@bench.lms-formation.fr`;
    const student = ok(await appHttp.postJson('/api/student/', { fullname: `Étudiant ${name}`, email, username: name, password: STUDENT_PASSWORD }), 'inscription');
    ok(await appHttp.postJson('/api/student-assignment/', { formateur: trainer.formateur_id, student: student.id }, admin.access), 'assignation');
    students.push({ id: student.id, email });
  }
  const reader = students.pop();
  const readerLogin = ok(await appHttp.postJson('/api/student-login-jwt/', { email: reader.email, password: STUDENT_PASSWORD }), 'connexion étudiant');
  for (let n = 1; n <= HISTORY_LENGTH; n++) {
    const [from, token] = n % 2 ? ['student', readerLogin.access] : ['formateur', trainer.access];
    const text = `Message ${n} : ${'une question sur le module, avec un peu de détail. '.repeat(2)}`;
    ok(await appHttp.postJson(`/api/send-message/${trainer.formateur_id}/${reader.id}`, { msg_to: text, msg_from: from }, token), 'message de l’historique');
  }
  world = { teacherId: trainer.formateur_id, students, reader };
  return world;
}

/** Tokens for the world's students from the side measured (the app's login, or the baseline's bench route). */
async function tokens({ side, http, appHttp, connections }) {
  const made = await benchWorld(appHttp, connections);
  const withToken = async (student) => ({
    ...student,
    token:
      side === 'app'
        ? ok(await appHttp.postJson('/api/student-login-jwt/', { email: student.email, password: STUDENT_PASSWORD }), 'connexion étudiant').access
        : ok(await http.postJson('/bench/student-token', { email: student.email }), 'jeton de référence').access,
  });
  const students = [];
  for (const student of made.students) students.push(await withToken(student));
  return { teacherId: made.teacherId, students, reader: await withToken(made.reader) };
}

const asStudent = (request) => ({
  ...request,
  perConnection: (state, index) => {
    const student = state.students[index % state.students.length];
    return { path: request.pathOf(state, student), headers: () => ({ authorization: `Bearer ${student.token}` }), body: request.bodyOf };
  },
});

const sendRequest = asStudent({
  method: 'POST',
  path: '/api/health',
  pathOf: (state, student) => `/api/send-message/${state.teacherId}/${student.id}`,
  bodyOf: () => ({ msg_to: 'Bonjour, une question sur l’exercice 3 : faut-il rendre le fichier au format .xltx ?', msg_from: 'student' }),
});

const historyRequest = {
  method: 'GET',
  path: '/api/health',
  perConnection: (state) => {
    const { reader } = state;
    return { path: `/api/get-message/${state.teacherId}/${reader.id}`, headers: () => ({ authorization: `Bearer ${reader.token}` }) };
  },
};

const DEMO_STUDENT = { email: 'lea.dubois@demo.lms-formation.fr', password: 'Etudiante2026!' };

/** Léa, with homework done and pending, three courses: the demo's lived-in dashboard. */
async function leaSession({ side, http, appHttp }) {
  const login = ok(await appHttp.postJson('/api/student-login-jwt/', DEMO_STUDENT), 'connexion de Léa');
  const token = side === 'app' ? login.access : ok(await http.postJson('/bench/student-token', { email: DEMO_STUDENT.email }), 'jeton de référence').access;
  return { token, studentId: login.student_id };
}

const dashboardRequest = {
  method: 'GET',
  path: '/api/health',
  perConnection: (state) => ({ path: `/api/student/dashboard/${state.studentId}/`, headers: () => ({ authorization: `Bearer ${state.token}` }) }),
};

export const scenarios = [
  {
    name: 'send message',
    description:
      'POST /api/send-message/{teacher}/{student} by the student (one conversation per connection): token check, is the student followed, then in one transaction the conversation, the message insert, the version update, MessageSent (ids and sha256) chained by hash, commit, NOTIFY. The app also runs its e-mail policy and reply-delay projection on each message, after the commit.',
    connections: 20,
    setup: tokens,
    app: sendRequest,
    baseline: sendRequest,
    check: (status, body) => status === 201 && body.includes('"bool":true'),
  },
  {
    name: 'message history',
    description: `GET /api/get-message/{teacher}/{student}: token check, may the pair read it, then one SELECT of the ${HISTORY_LENGTH} messages (oldest first).`,
    connections: 20,
    setup: tokens,
    app: historyRequest,
    baseline: historyRequest,
    check: (status, body) => status === 200 && body.startsWith('[{') && (body.match(/"msg_from"/g) ?? []).length === HISTORY_LENGTH,
  },
  {
    name: 'student dashboard',
    description: 'GET /api/student/dashboard/{id}/ (Léa): token check, then one SELECT of the student-dashboard projection.',
    connections: 20,
    setup: leaSession,
    app: dashboardRequest,
    baseline: dashboardRequest,
    check: (status, body) => status === 200 && body.includes('"pending_assignments"') && body.includes('"courses_completed"'),
  },
];
