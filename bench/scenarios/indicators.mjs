// The Qualiopi indicators (issue 29 item 7, docs/adr/0056): the director's dashboard over twelve
// months and one page of the learners behind a figure, with 10,000 learners entered over the last
// year in ten courses (their projections' rows made once in plain SQL by the baseline's bench-only
// route: shared database, both sides see them), against the baseline running the app's same
// statements. Targets: the dashboard ≤ 1 s and a page of learners ≤ 500 ms (p99 in the table).

const DEMO_ADMIN = { email: 'admin@demo.lms-formation.fr', password: 'AdminDemo2026!' };
const WORLD = { title: 'Banc d’essai — indicateurs', prefix: 'indic', learners: 10_000 };

function ok(response, what) {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} refusé : ${response.status} ${response.text.slice(0, 200)}`);
  return response.json;
}

let courseId;
async function setup({ side, http, baselineHttp }) {
  courseId ??= ok(await baselineHttp.postJson('/bench/generate-indicators', WORLD), 'génération des indicateurs').courseId;
  const session = side === 'app' ? ok(await http.postJson('/api/admin/token/', DEMO_ADMIN), 'connexion administrateur') : ok(await http.postJson('/bench/admin-token', { email: DEMO_ADMIN.email }), 'jeton administrateur');
  return { token: session.access, courseId };
}

const auth = (state) => ({ authorization: `Bearer ${state.token}` });
/** The whole centre, one course, a half year: each connection its scope. */
const SCOPES = (state) => ['', `course=${state.courseId}`, 'from=2026-05-01&to=2026-10-31'];
const dashboardRequest = {
  method: 'GET',
  path: '/api/health',
  perConnection: (state, index) => ({ path: `/api/admin/indicators/?${SCOPES(state)[index % 3]}`, headers: () => auth(state) }),
};
const FIGURES = ['dropped', 'evaluation_failed', 'not_started', 'completed'];
const learnersRequest = {
  method: 'GET',
  path: '/api/health',
  perConnection: (state, index) => ({ path: `/api/admin/indicators/learners/?figure=${FIGURES[index % FIGURES.length]}&page=${1 + (index % 5)}`, headers: () => auth(state) }),
};

export const scenarios = [
  {
    name: 'indicators dashboard',
    description:
      'GET /api/admin/indicators/ (10,000 learners over a year, ten courses): token check, then six statements at once (the cohort\'s figures with its reminders, per course, the complaints\' totals and categories, the questionnaires sent and answered, the public page\'s switch) over the projections and published views.',
    connections: 4,
    setup,
    app: dashboardRequest,
    baseline: dashboardRequest,
    check: (status, body) => status === 200 && body.includes('"cohort"') && body.includes('"complaints"'),
  },
  {
    name: 'indicators learners',
    description: 'GET /api/admin/indicators/learners/?figure=…&page=… (a page of 20 learners behind a figure, with the count): token check, two statements at once.',
    connections: 6,
    setup,
    app: learnersRequest,
    baseline: learnersRequest,
    check: (status, body) => status === 200 && body.includes('"results"'),
  },
];
