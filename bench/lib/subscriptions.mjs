// Whether the app's subscriptions (projections and policies) have read the whole event log: the
// harness waits for it before measuring, so that a scenario is not charged with the projection of
// events another scenario (or its own setup) appended just before.
import { pg } from './deps.mjs';

const BEHIND = `select count(*)::int as behind from eventlog.checkpoint c
  where c.kind in ('projection', 'policy')
    and (c.transaction_id, c.position) < (select transaction_id, position from eventlog.event order by transaction_id desc, position desc limit 1)`;

/**
 * Resolves with the milliseconds waited once no subscription is behind the newest event (policies
 * append events of their own, so the newest event is read again each time); throws after `limitMs`.
 */
export async function subscriptionsCaughtUp(databaseUrl, { limitMs = 120_000, pollMs = 100 } = {}) {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query(BEHIND);
      if (rows[0].behind === 0) return Math.round(performance.now() - started);
      if (performance.now() - started > limitMs) throw new Error(`${rows[0].behind} abonnement(s) (projections, politiques) encore en retard après ${limitMs / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  } finally {
    await client.end();
  }
}
