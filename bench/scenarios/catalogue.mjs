// Catalogue scenarios: the public reads every visitor makes (issue 4 asks ≥ 0.6× the baseline).

const isPage = (status, body) => status === 200 && body.includes('"results"') && body.includes('"teacher"');

export const scenarios = [
  {
    name: 'course list',
    description: 'GET /api/course/?page=1: one SELECT (course, category, projections, chapter totals, windowed count) + the trainers select, 8 summaries.',
    connections: 20,
    app: { method: 'GET', path: '/api/course/?page=1' },
    baseline: { method: 'GET', path: '/api/course/?page=1' },
    check: isPage,
  },
  {
    name: 'course detail',
    description: 'GET /api/course/1: the summary SELECT and the chapters SELECT (sub-chapters as JSON) in parallel, then the trainer select.',
    connections: 20,
    app: { method: 'GET', path: '/api/course/1' },
    baseline: { method: 'GET', path: '/api/course/1' },
    check: (status, body) => status === 200 && body.includes('"course_chapters"'),
  },
  {
    name: 'course search',
    description: 'GET /api/search-courses/modele: accent-free LIKE on the stored search text (trigram index), title matches first.',
    connections: 20,
    app: { method: 'GET', path: '/api/search-courses/modele' },
    baseline: { method: 'GET', path: '/api/search-courses/modele' },
    check: isPage,
  },
];
