// Child processes (the app, the baseline) and ports: start, wait until healthy, stop for sure.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';

const handedOut = new Set();
const failure = (message) => Object.assign(new Error(message), { expected: true });

/** A TCP port free on 127.0.0.1 right now, never the same one twice in a run. */
export async function freePort() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw failure('Aucun port libre trouvé sur 127.0.0.1.');
}

export function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(journal illisible)';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `node script` with `env`, its stdout and stderr going to `logFile`, and waits until
 * GET `readyUrl` answers 200. The returned handle's stop() sends SIGTERM to that node process
 * itself (SIGKILL after `stopTimeoutMs`) and resolves once it has exited.
 */
export async function startService({ name, script, env, logFile, readyUrl, startTimeoutMs = 120_000, stopTimeoutMs = 20_000 }) {
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let exitInfo = null;
  void exited.then((info) => (exitInfo = info));
  const spawnError = new Promise((_, reject) => child.once('error', reject));
  void spawnError.catch(() => {});

  const service = {
    name,
    pid: child.pid,
    logFile,
    get alive() {
      return exitInfo === null && child.exitCode === null && child.signalCode === null;
    },
    exitInfo: () => exitInfo,
    async stop() {
      if (!service.alive) return exitInfo;
      child.kill('SIGTERM');
      const outcome = await Promise.race([exited, sleep(stopTimeoutMs).then(() => null)]);
      if (outcome) return outcome;
      console.error(`  ${name} ne s'est pas arrêté après SIGTERM (${stopTimeoutMs / 1000} s) : SIGKILL.`);
      child.kill('SIGKILL');
      return Promise.race([exited, sleep(5_000).then(() => null)]);
    },
  };

  const deadline = Date.now() + startTimeoutMs;
  try {
    for (;;) {
      if (!service.alive) {
        const info = exitInfo ?? (await exited);
        throw failure(`${name} s'est arrêté au démarrage (code ${info.code}, signal ${info.signal}). Fin du journal ${logFile} :\n${tail(logFile)}`);
      }
      try {
        const res = await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        if (res.status === 200) return service;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        throw failure(`${name} n'a pas répondu 200 sur ${readyUrl} en ${startTimeoutMs / 1000} s. Fin du journal ${logFile} :\n${tail(logFile)}`);
      }
      await Promise.race([sleep(250), spawnError]);
    }
  } catch (error) {
    await service.stop();
    throw error;
  }
}
