// The trainer's progress grid (issue 28 item 1, docs/adr/0042-progress-grid.md): the first page of
// a course of 50 steps and 500 learners, read by its trainer, against the baseline running the app's
// same single statement (`gridSql`) and mapping. Target: app/base ≥ 0.8. The course and its learners
// are made once, in plain SQL, by the baseline's bench-only route (shared database: both sides see them).

const DEMO_TRAINER = { email: 'claire.martin@demo.lms-formation.fr', password: 'Formatrice2026!' };
const COURSE = { title: 'Banc d’essai — grille de progression', steps: 50, learners: 500, prefix: 'grille', teacherEmail: DEMO_TRAINER.email };

function ok(response, what) {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} refusé : ${response.status} ${response.text.slice(0, 200)}`);
  return response.json;
}

let courseId;
async function setup({ side, http, baselineHttp }) {
  courseId ??= ok(await baselineHttp.postJson('/bench/generate-grid', COURSE), 'génération de la grille').courseId;
  const session = side === 'app' ? ok(await http.postJson('/api/formateur/token/', DEMO_TRAINER), 'connexion formateur') : ok(await http.postJson('/bench/trainer-token', DEMO_TRAINER), 'jeton formateur');
  return { token: session.access, courseId };
}

/** Each connection its own order: by percentage, by last activity, by name; the first page of 20. */
const SORTS = ['sort=percentage&order=desc', 'sort=last_activity&order=desc', 'sort=name&order=asc'];
const gridRequest = {
  method: 'GET',
  path: '/api/health',
  perConnection: (state, index) => ({
    path: `/api/progress-grid/${state.courseId}/?${SORTS[index % SORTS.length]}&page=1&page_size=20`,
    headers: () => ({ authorization: `Bearer ${state.token}` }),
  }),
};

export const scenarios = [
  {
    name: 'progress grid',
    description:
      'GET /api/progress-grid/{course}/ (500 learners × 50 steps, first page of 20): token check, then ONE statement (enrolments, student records, the per-course projection for order and filters over every learner; the page\'s step rows, quiz and SCORM scores as JSON), cells computed.',
    connections: 6,
    setup,
    app: gridRequest,
    baseline: gridRequest,
    check: (status, body) => status === 200 && body.includes('"cells"') && body.includes('"count":500'),
  },
];
