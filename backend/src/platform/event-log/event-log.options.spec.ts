import { eventLogOptionsFromEnv, retryDelayMs } from './event-log.options.js';

describe('eventLogOptionsFromEnv', () => {
  it('runs the projections by default, polling every second', () => {
    expect(eventLogOptionsFromEnv({})).toMatchObject({ runner: true, pollIntervalMs: 1000, batchSize: 500, retryBaseMs: 1000, retryMaxMs: 300_000 });
  });

  it('lets a web-only node or a command turn the runner off', () => {
    expect(eventLogOptionsFromEnv({ PROJECTION_RUNNER: 'off' }).runner).toBe(false);
  });

  it('lists every bad value in French', () => {
    expect(() => eventLogOptionsFromEnv({ PROJECTION_RUNNER: 'peut-être', PROJECTION_BATCH_SIZE: '0' })).toThrow(
      /PROJECTION_RUNNER doit valoir on ou off[\s\S]*PROJECTION_BATCH_SIZE doit être un entier/,
    );
  });
});

describe('retryDelayMs', () => {
  const options = { retryBaseMs: 1000, retryMaxMs: 60_000 };

  it('doubles after each consecutive failure', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, options))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('stops growing at the maximum', () => {
    expect(retryDelayMs(7, options)).toBe(60_000);
    expect(retryDelayMs(500, options)).toBe(60_000);
  });
});
