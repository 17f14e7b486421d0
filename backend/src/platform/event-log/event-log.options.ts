export interface EventLogOptions {
  /** Whether this node runs projections and policies (PROJECTION_RUNNER=off for a web-only node, or the CLI). */
  runner: boolean;
  /** Fallback when no notification arrives (a lost NOTIFY, a long transaction ending without one). */
  pollIntervalMs: number;
  /** Under load, at most one step per projection per interval (a little lag for much less work). */
  minStepIntervalMs: number;
  batchSize: number;
  rebuildBatchSize: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export const EVENT_LOG_OPTIONS = Symbol('EVENT_LOG_OPTIONS');

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) problems.push(`${name} doit être un entier entre ${min} et ${max} (reçu « ${raw} »).`);
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/** Reads the PROJECTION_* variables (docs/event-log.md, "Configuration"). */
export function eventLogOptionsFromEnv(env: Env = process.env): EventLogOptions {
  const problems: string[] = [];
  const runnerRaw = (env.PROJECTION_RUNNER ?? 'on').trim().toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0', ''].includes(runnerRaw)) problems.push(`PROJECTION_RUNNER doit valoir on ou off (reçu « ${runnerRaw} »).`);
  const options: EventLogOptions = {
    runner: !['off', 'false', '0'].includes(runnerRaw),
    pollIntervalMs: integer(env, 'PROJECTION_POLL_INTERVAL_MS', 1000, 10, 600_000, problems),
    minStepIntervalMs: integer(env, 'PROJECTION_MIN_STEP_INTERVAL_MS', 10, 0, 10_000, problems),
    batchSize: integer(env, 'PROJECTION_BATCH_SIZE', 500, 1, 10_000, problems),
    rebuildBatchSize: integer(env, 'PROJECTION_REBUILD_BATCH_SIZE', 5000, 1, 100_000, problems),
    retryBaseMs: integer(env, 'PROJECTION_RETRY_BASE_MS', 1000, 1, 3_600_000, problems),
    retryMaxMs: integer(env, 'PROJECTION_RETRY_MAX_MS', 300_000, 1, 86_400_000, problems),
  };
  if (problems.length > 0) throw new Error(`Configuration invalide :\n- ${problems.join('\n- ')}`);
  return options;
}

/** Exponential backoff after the n-th consecutive failure (n ≥ 1), capped. */
export function retryDelayMs(failures: number, options: Pick<EventLogOptions, 'retryBaseMs' | 'retryMaxMs'>): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** exponent);
}
