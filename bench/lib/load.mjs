// One autocannon run against one side (app or baseline) of one scenario.
import autocannon from 'autocannon';

/** Small HTTP helpers handed to scenario setup() functions. */
export function httpClient(baseUrl) {
  async function call(method, path, body, token) {
    const form = body instanceof FormData;
    const res = await fetch(baseUrl + path, {
      method,
      headers: { ...(body === undefined || form ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined || form ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  }
  return {
    get: (path, token) => call('GET', path, undefined, token),
    postJson: (path, body, token) => call('POST', path, body, token),
    putJson: (path, body, token) => call('PUT', path, body, token),
    /** multipart/form-data: `fields` of text, and Blobs (files: { blob, name }). */
    postForm: (path, fields, token) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value && typeof value === 'object' && 'blob' in value) form.append(name, value.blob, value.name);
        else form.append(name, String(value));
      }
      return call('POST', path, form, token);
    },
  };
}

const serialise = (body) => (body === undefined || typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));

/**
 * Runs autocannon for `duration` seconds with `connections` keep-alive connections (no pipelining).
 *
 * `target` is a scenario's app or baseline entry: { method, path, headers?, body?, perConnection? }.
 * perConnection(state, index) may return { path?, body?(), headers?(), onResponse?(status, body) } to make
 * each connection's requests depend on its previous answers (e.g. a chain of rotating tokens);
 * `state` is what the scenario's setup() returned for this run.
 * `check(status, body, target)` decides whether an answer counts as a success (default: 2xx).
 */
export async function runLoad({ baseUrl, target, state, connections, duration, check }) {
  const failures = { count: 0, samples: [] };
  const isSuccess = check ?? ((status) => status >= 200 && status < 300);
  let clientIndex = 0;
  const isJson = (body) => body !== undefined && body !== null && typeof body === 'object' && !Buffer.isBuffer(body);

  const instance = autocannon({
    url: baseUrl,
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
    setupClient(client) {
      const conn = target.perConnection ? (target.perConnection(state, clientIndex++) ?? {}) : {};
      const request = {
        method: target.method ?? 'GET',
        path: conn.path ?? target.path,
        // A JSON content type only with a JSON body (static, or built per connection).
        headers: { ...(isJson(target.body) || conn.body ? { 'content-type': 'application/json' } : {}), ...(target.headers ?? {}) },
        onResponse(status, body) {
          if (!isSuccess(status, body, target)) {
            failures.count++;
            if (failures.samples.length < 3) failures.samples.push({ status, body: String(body).slice(0, 300) });
          }
          conn.onResponse?.(status, body);
        },
      };
      if (target.body !== undefined) request.body = serialise(target.body);
      if (conn.body || conn.headers) {
        request.setupRequest = (req) => {
          if (conn.body) req.body = serialise(conn.body());
          if (conn.headers) req.headers = { ...req.headers, ...conn.headers() };
          return req;
        };
      }
      client.setRequests([request]);
    },
  });
  // autocannon's own histogram keeps whole milliseconds; its response event carries the
  // hrtime-based duration, which is kept here at full precision.
  const latencies = [];
  instance.on('response', (client, statusCode, resBytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return summarise(result, failures, latencies);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return round3(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}
const round3 = (v) => Math.round(v * 1000) / 1000;

function summarise(result, failures, latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const mean = sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : null;
  return {
    reqPerSec: result.requests.average,
    reqPerSecStddev: result.requests.stddev,
    requests: result.requests.total,
    durationSeconds: result.duration,
    latencyMs: {
      mean: mean === null ? null : round3(mean),
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: percentile(sorted, 100),
    },
    throughputBytesPerSec: result.throughput.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    failedChecks: failures.count,
    failureSamples: failures.samples,
  };
}

/** Problems that make a run's numbers meaningless (nothing judged about speed). */
export function problemsOf(summary) {
  const problems = [];
  if (summary.requests === 0) problems.push('aucune réponse');
  if (summary.errors) problems.push(`${summary.errors} erreur(s) de connexion`);
  if (summary.timeouts) problems.push(`${summary.timeouts} délai(s) dépassé(s)`);
  if (summary.failedChecks) {
    const sample = summary.failureSamples[0];
    problems.push(`${summary.failedChecks} réponse(s) en échec (ex. ${sample.status} ${sample.body})`);
  }
  return problems;
}
