import { MikroORM } from '@mikro-orm/postgresql';
import { createApp } from './create-app.js';
import { Metrics } from './platform/metrics/metrics.js';
import { startTestApp, type TestApp } from './testing/test-app.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Issue 32 item 4: the figures an operator reads, on a port of their own (docs/adr/0059). */
describe('Prometheus metrics', () => {
  let t: TestApp;
  let guarded: NestFastifyApplication | null = null;
  const TOKEN = 'jeton-des-metriques-de-la-plateforme-42';

  beforeAll(async () => {
    t = await startTestApp({ METRICS_PORT: '0', JOBS_ENABLED: 'true' });
  });

  afterAll(async () => {
    await guarded?.close();
    await t.close();
  });

  const scrape = (port: number, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}/metrics`, { headers });

  it('counts requests per route (never per URL), and reads pools, lags, the queue and the log', async () => {
    const port = t.app.get(Metrics).port!;
    expect(port).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/course/12345/?jeton=secret' })).statusCode).toBe(404);
    // The ORM's pool exists once the ORM has served a query (the migrations run on a pool of their own).
    await t.app.get(MikroORM).em.fork().execute('select 1');
    const answer = await scrape(port);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    expect(text).toMatch(/^lms_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 3$/m);
    expect(text).toMatch(/^lms_http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} 3$/m);
    expect(text).not.toContain('jeton=secret');
    expect(text).not.toContain('12345');
    expect(text).toMatch(/^lms_db_pool_connections\{pool="orm",state="total"\} \d+$/m);
    expect(text).toMatch(/^lms_db_pool_connections\{pool="event_log",state="waiting"\} 0$/m);
    expect(text).toMatch(/^lms_projection_lag_events\{subscription="[^"]+",kind="projection"\} \d+$/m);
    expect(text).toMatch(/^lms_projection_lag_seconds\{subscription="[^"]+",kind="policy"\} [\d.e+-]+$/m);
    expect(text).toMatch(/^lms_event_log_position \d+$/m);
    expect(text).toMatch(/^lms_job_queue_jobs\{queue="[^"]+",state="ready"\} \d+$/m);
    expect(text).toMatch(/^lms_process_cpu_seconds_total \d/m);
    expect((await fetch(`http://127.0.0.1:${port}/autre`)).status).toBe(404);
  });

  it('asks for the bearer token when one is set, and compares it whole', async () => {
    guarded = await createApp({ ...t.config, jobsEnabled: false, metrics: { port: 0, host: '127.0.0.1', token: TOKEN } }, t.databaseUrl, { logLevels: ['error'] });
    const port = guarded.get(Metrics).port!;
    const refused = await scrape(port);
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
    expect((await scrape(port, { authorization: `Bearer ${TOKEN.slice(0, -1)}` })).status).toBe(401);
    expect((await scrape(port, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    const allowed = await scrape(port, { authorization: `Bearer ${TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('lms_http_requests_total');
  });
});
