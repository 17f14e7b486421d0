// Platform scenarios: the cost of the framework around one trivial query.

export const scenarios = [
  {
    name: 'health',
    description: 'GET /api/health: routing, one `select 1` on the pool, a small JSON answer. Measures the fixed per-request cost of each stack.',
    connections: 20,
    app: { method: 'GET', path: '/api/health' },
    baseline: { method: 'GET', path: '/api/health' },
    check: (status, body) => status === 200 && body.includes('"ok"'),
  },
];
