// The capacity scenario of bench/progress-load.mjs (issue 11), shared with bench/nodes.mjs (issue 32):
// simulated students, each a player session doing what the player does, sent open-loop.
import http from 'node:http';
import { ok, STUDENT_PASSWORD } from '../scenarios/progress.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const now = () => performance.timeOrigin + performance.now();
export const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
};

/**
 * A keep-alive HTTP client for the load: send(method, path, token, body) → { status, body }.
 * `close()` destroys its sockets. `idleSocketMs` closes a socket left idle that long: set it below
 * the server's keep-alive timeout (a load balancer's is short), else a request can be sent on a
 * connection the server is closing and fail with « socket hang up » — browsers send such a request
 * again on a new connection, Node's agent does not.
 */
export function loadClient(baseUrl, { idleSocketMs } = {}) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, ...(idleSocketMs ? { timeout: idleSocketMs } : {}) });
  const send = (method, path, token, body) =>
    new Promise((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        { host: url.hostname, port: url.port, method, path, agent, timeout: 30_000, headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
          response.on('error', (error) => resolve({ status: 0, body: String(error?.message ?? error) }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error) => resolve({ status: 0, body: String(error?.message ?? error) }));
      if (payload) request.write(payload);
      request.end();
    });
  return { send, close: () => agent.destroy() };
}

/** Runs `work(i)` for i in [0, count) with at most `width` at once. */
export async function inParallel(count, width, work) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await work(next++);
  }));
}

/** `accounts` students registered, enrolled in both courses, each course's first step opened once. */
export async function makeStudents(appHttp, text, scorm, accounts) {
  const stamp = Date.now().toString(36);
  const students = new Array(accounts);
  const started = now();
  await inParallel(accounts, 4, async (i) => {
    const name = `charge${stamp}x${i}`;
    const email = `${name}@bench.lms-formation.fr`;
    const student = ok(await appHttp.postJson('/api/student/', { fullname: `Étudiant ${name}`, email, username: name, password: STUDENT_PASSWORD }), 'inscription');
    const login = ok(await appHttp.postJson('/api/student-login-jwt/', { email, password: STUDENT_PASSWORD }), 'connexion étudiant');
    for (const [where, contentType] of [[text, 'text'], [scorm, 'scorm']]) {
      ok(await appHttp.postJson('/api/student-enroll-course/', { course: where.courseId, student: student.id }, login.access), 'inscription au cours');
      ok(await appHttp.postJson('/api/progress/', { student: student.id, course: where.courseId, content_type: contentType, chapter: where.chapterId }, login.access), 'ouverture');
    }
    students[i] = { id: student.id, token: login.access };
  });
  console.log(`  ${accounts} étudiants inscrits aux deux cours en ${((now() - started) / 1000).toFixed(0)} s`);
  return students;
}

/** A player session: its student, its session ids, its counters. */
export function session(student, index) {
  return { student, text: crypto.randomUUID(), scorm: crypto.randomUUID(), beat: 0, commit: 0, index };
}

export function saveBody(s, where) {
  const at = Date.now();
  const beats = [20, 10, 0].map((ago) => ({ seq: ++s.beat, at: at - ago * 1000, visible: true, focused: true, playing: false, last_input_at: at - ago * 1000 }));
  return { student: s.student.id, course: where.courseId, content_type: 'text', chapter: where.chapterId, session_id: s.text, beats };
}

const SUSPEND = JSON.stringify({ page: 2, answers: { q1: 'b' }, notes: 'x'.repeat(2000) });
export function commitBody(s, where) {
  s.commit += 1;
  const seconds = s.commit * 30;
  return {
    student: s.student.id, course: where.courseId, chapter: where.chapterId, session_id: s.scorm, seq: s.commit,
    cmi_data: { lesson_status: 'incomplete', location: String(s.commit % 3), suspend_data: SUSPEND, session_time: `${String(Math.floor(seconds / 3600)).padStart(4, '0')}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.00` },
  };
}

/**
 * Sends `plan` (sorted { at (ms from start), kind, run() }) on time, whatever the answers' delays, and
 * returns each request's latency from its planned time, with the failures. `onAnswer(item, answer)`
 * sees every answer (e.g. to count acknowledged writes); `signal` stops sending the rest of the plan.
 */
export async function openLoop(plan, onAnswer = () => {}, signal = undefined) {
  const latencies = [];
  const failures = [];
  const pending = [];
  const start = now() + 50;
  for (const item of plan) {
    if (signal?.aborted) break;
    const wait = start + item.at - now();
    if (wait > 1) await sleep(wait);
    const planned = start + item.at;
    pending.push(
      item.run().then((answer) => {
        latencies.push(now() - planned);
        onAnswer(item, answer);
        if (!(answer.status >= 200 && answer.status < 300)) failures.push(`${item.kind} ${answer.status} ${answer.body.slice(0, 160)}`);
      }),
    );
  }
  await Promise.all(pending);
  return { latencies, failures, seconds: (now() - start) / 1000 };
}

/**
 * The plan of `count` simulated students for `stepSeconds`: a heartbeat save every 30 s; half of
 * them in a SCORM module, committing every 30 s; the header's bell every 60 s (unless !bell); the
 * player opened every 10 minutes. Phases random. Items carry their session (`s`) and kind.
 */
export function capacityPlan({ send, students, text, scorm, count, stepSeconds, bell = true }) {
  const plan = [];
  for (let i = 0; i < count; i++) {
    const s = session(students[i % students.length], i);
    const phase = Math.random() * 30_000;
    for (let t = phase; t < stepSeconds * 1000; t += 30_000) {
      plan.push({ at: t, kind: 'save', s, run: () => send('POST', '/api/progress/', s.student.token, saveBody(s, text)) });
      if (i % 2 === 1) {
        const item = { at: t + 1000, kind: 'scorm', s };
        item.run = () => {
          const body = commitBody(s, scorm);
          item.seq = body.seq;
          return send('POST', '/api/scorm-progress/', s.student.token, body);
        };
        plan.push(item);
      }
    }
    // The header's bell asks for its count every 60 s while the page is open (docs/adr/0046).
    if (bell) for (let t = Math.random() * 60_000; t < stepSeconds * 1000; t += 60_000) plan.push({ at: t + 2000, kind: 'bell', s, run: () => send('GET', '/api/notifications/count/', s.student.token) });
    // Opening the player: every 10 minutes, so a step of stepSeconds sees stepSeconds/600 of them.
    if (Math.random() < (stepSeconds * 1000) / 600_000) {
      const at = Math.random() * stepSeconds * 1000;
      plan.push({ at, kind: 'open-steps', s, run: () => send('GET', `/api/course-chapters/${text.courseId}`, s.student.token) });
      plan.push({ at: at + 1, kind: 'open-progress', s, run: () => send('GET', `/api/progress/?student=${s.student.id}&course=${text.courseId}`, s.student.token) });
    }
  }
  return plan.sort((a, b) => a.at - b.at);
}

/** One capacity step: `count` simulated students for `stepSeconds`, judged against `p99LimitMs`. */
export async function capacityStep({ send, students, text, scorm, count, stepSeconds, bell, p99LimitMs }) {
  const plan = capacityPlan({ send, students, text, scorm, count, stepSeconds, bell });
  const load = await openLoop(plan);
  const p99 = percentile(load.latencies, 99);
  return {
    students: count,
    requestsPerSecond: Math.round(plan.length / load.seconds),
    latencyMs: { p50: percentile(load.latencies, 50), p99, max: percentile(load.latencies, 100) },
    failures: load.failures.length,
    failureSamples: load.failures.slice(0, 3),
    holds: p99 !== null && p99 <= p99LimitMs && load.failures.length === 0,
  };
}
