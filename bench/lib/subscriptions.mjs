// Whether the app's subscriptions (projections and policies) have read the whole event log: the
// harness waits for it before measuring, so that a scenario is not charged with the projection of
// events another scenario (or its own setup) appended just before. The count is the app's own
// (`subscriptionsBehind`, from the build the harness runs).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pg, projectRoot } from './deps.mjs';

/**
 * Resolves with the milliseconds waited once no subscription is behind the newest event (policies
 * append events of their own, so the newest event is read again each time); throws after `limitMs`.
 */
export async function subscriptionsCaughtUp(databaseUrl, { limitMs = 120_000, pollMs = 100 } = {}) {
  // Loaded on use: the harness checks first that the build is there.
  const { subscriptionsBehind } = await import(pathToFileURL(join(projectRoot, 'backend/dist/platform/event-log/checkpoints.js')).href);
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sql = { query: async (text, params) => (await client.query(text, params)).rows };
  try {
    for (;;) {
      const behind = await subscriptionsBehind(sql);
      if (behind === 0) return Math.round(performance.now() - started);
      if (performance.now() - started > limitMs) throw new Error(`${behind} abonnement(s) (projections, politiques) encore en retard après ${limitMs / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  } finally {
    await client.end();
  }
}
