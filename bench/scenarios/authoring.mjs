// Authoring scenarios: the trainer's hot reads ("Mes cours", the dashboard), plain SQL over the
// course tables and the course-outline / course-learner projections, behind a bearer token.

const DEMO_TRAINER = { email: 'claire.martin@demo.lms-formation.fr', password: 'Formatrice2026!' };

/** A trainer session: the real login on the app; on the baseline, a token signed the same way. */
async function trainerSession({ side, http }) {
  const { status, json, text } = side === 'app' ? await http.postJson('/api/formateur/token/', DEMO_TRAINER) : await http.postJson('/bench/trainer-token', DEMO_TRAINER);
  if (status !== 200 || !json?.access) throw new Error(`session formateur de préparation refusée : ${status} ${text.slice(0, 200)}`);
  return { token: json.access, teacherId: json.formateur_id };
}

/** The path names the trainer the setup logged in, known only then: set per connection. */
const asTrainer = (path) => ({
  method: 'GET',
  path: '/api/health',
  perConnection: (state) => ({ path: path(state.teacherId), headers: () => ({ authorization: `Bearer ${state.token}` }) }),
});

export const scenarios = [
  {
    name: 'trainer courses',
    description: 'GET /api/teacher-course/{id} ("Mes cours"): token check (one query), then one SELECT over the courses, the course_stats projection and the chapter totals.',
    connections: 20,
    setup: trainerSession,
    app: asTrainer((id) => `/api/teacher-course/${id}`),
    baseline: asTrainer((id) => `/api/teacher-course/${id}`),
    check: (status, body) => status === 200 && body.startsWith('[') && body.includes('"chapter_count"'),
  },
  {
    name: 'trainer dashboard',
    description: 'GET /api/formateur/dashboard/{id}/: token check, then one SELECT over the course_outline and course_learner projections.',
    connections: 20,
    setup: trainerSession,
    app: asTrainer((id) => `/api/formateur/dashboard/${id}/`),
    baseline: asTrainer((id) => `/api/formateur/dashboard/${id}/`),
    check: (status, body) => status === 200 && body.includes('"total_formateur_chapters"'),
  },
];
