// Identity scenarios: logins (argon2id dominates) and rotating refresh tokens (pure SQL + JWT).

export const DEMO_STUDENT = { email: 'lea.dubois@demo.lms-formation.fr', password: 'Etudiante2026!' };
const LOGIN_PATH = '/api/student-login-jwt/';
const REFRESH_PATH = '/api/token/refresh/';

/** Logs the demo student in `count` times: each login opens an independent refresh-token family. */
async function openTokenChains(http, count) {
  const chains = [];
  // A few at a time: every login costs one argon2 verification.
  for (let i = 0; i < count; i += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, count - i) }, async () => {
        const { status, json, text } = await http.postJson(LOGIN_PATH, DEMO_STUDENT);
        if (status !== 200 || !json?.bool || !json.refresh) throw new Error(`connexion de préparation refusée : ${status} ${text.slice(0, 200)}`);
        return { refresh: json.refresh, rotations: 0 };
      }),
    );
    chains.push(...batch);
  }
  return { chains };
}

/**
 * Each connection owns one chain: it sends the refresh token it got from its previous answer.
 * A token is valid exactly once, so chains are opened afresh before every run (a run that stops
 * mid-request leaves its chain's last token used but unknown to the client).
 */
const refreshRequest = {
  method: 'POST',
  path: REFRESH_PATH,
  perConnection: (state, index) => {
    const chain = state.chains[index];
    if (!chain) throw new Error(`pas de chaîne de jetons pour la connexion ${index}`);
    return {
      body: () => ({ refresh: chain.refresh }),
      onResponse: (status, body) => {
        if (status !== 200) return;
        chain.refresh = JSON.parse(body).refresh;
        chain.rotations++;
      },
    };
  },
};

export const scenarios = [
  {
    name: 'token refresh',
    description:
      'POST /api/token/refresh/ with a chain of rotating tokens per connection: JWT verify, `update refresh_token … returning`, subject select (4-table join), insert of the next token, two JWT signatures.',
    connections: 20,
    setup: ({ http, connections }) => openTokenChains(http, connections),
    app: refreshRequest,
    baseline: refreshRequest,
    check: (status, body) => status === 200 && body.includes('"refresh"'),
  },
  {
    name: 'student login',
    description:
      'POST /api/student-login-jwt/ with the right password: throttle count, account select, argon2id verify (19 MiB, t=2), throttle delete, subject select, refresh-token insert, two JWT signatures.',
    // argon2 runs on the libuv pool and saturates the 2 cores with a few connections.
    connections: 4,
    app: { method: 'POST', path: LOGIN_PATH, body: DEMO_STUDENT },
    baseline: { method: 'POST', path: LOGIN_PATH, body: DEMO_STUDENT },
    check: (status, body) => status === 200 && body.includes('"bool":true'),
  },
];
