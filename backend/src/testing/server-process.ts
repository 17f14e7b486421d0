// The real server as a separate process, for the tests of what only a process shows: how it
// stops on SIGTERM and whether it survives its database going away (docs/adr/0023). The backend
// is compiled with swc (as `npm run build` does, without the type check) into a folder of its
// own, so that the tests need no earlier build and never touch dist/.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const backend = fileURLToPath(new URL('../..', import.meta.url));

export interface CompiledServer {
  main: string;
  remove(): void;
}

/** Compiles src/ into backend/.test-build/<random>/ (ignored by git); `remove()` deletes it. */
export function compileServer(): CompiledServer {
  const folder = join('.test-build', randomBytes(6).toString('hex'));
  const swc = join(backend, '..', 'node_modules', '.bin', 'swc');
  execFileSync(swc, ['src', '-d', folder, '--strip-leading-paths', '--config-file', '.swcrc', '--quiet'], { cwd: backend, stdio: 'inherit' });
  const remove = () => {
    rmSync(join(backend, folder), { recursive: true, force: true });
    try {
      rmdirSync(join(backend, '.test-build'));
    } catch {
      // another test file's build is still there
    }
  };
  return { main: join(backend, folder, 'main.js'), remove };
}

export interface ServerProcess {
  child: ChildProcess;
  /** Every line the server wrote (stdout and stderr), in order. */
  lines: string[];
  /** Resolves with the first line matching, rejects if the process exits first or `timeoutMs` pass. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills the process if it still runs (a test that failed half-way) and waits for its end. */
  kill(): Promise<void>;
}

/** Starts `node <main>` with `env` on top of a minimal environment. */
export function startServer(main: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [main], {
    cwd: backend,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const read = (chunk: Buffer) => {
    // Nest colours its logs: the tests match the text.
    lines.push(...chunk.toString('utf8').replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter(Boolean));
    for (const waiter of waiters) waiter();
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve({ code, signal });
      for (const waiter of waiters) waiter();
    });
  });
  const waitForLine = (pattern: RegExp, timeoutMs = 90_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`Ligne ${pattern} attendue du serveur, absente après ${timeoutMs} ms :\n${lines.join('\n')}`));
      }, timeoutMs);
      const check = () => {
        const found = lines.find((line) => pattern.test(line));
        if (found !== undefined || child.exitCode !== null || child.signalCode !== null) {
          clearTimeout(timer);
          waiters.delete(check);
          if (found !== undefined) resolve(found);
          else reject(new Error(`Le serveur s'est arrêté avant la ligne ${pattern} :\n${lines.join('\n')}`));
        }
      };
      waiters.add(check);
      check();
    });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return { child, lines, waitForLine, exited, kill };
}

/** A TCP port free now on 127.0.0.1 (for a server or an embedded PostgreSQL a test starts itself). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
