// HAProxy in front of server processes, configured by the committed template (deploy/haproxy.cfg,
// rendered as deploy/lib/cluster.mjs does), for the balancer's integration specs (docs/adr/0061).
// HAProxy comes from Debian (.ci/run installs it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from '../platform/testing/eventually.js';
import { freePort } from './server-process.js';

const template = fileURLToPath(new URL('../../../deploy/haproxy.cfg', import.meta.url));
const haproxyBinary = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));

export interface Balancer {
  url: string;
  /** One command on HAProxy's runtime API. */
  command(command: string): Promise<string>;
  /** Each node of the `app` backend: its status and the requests it served, as HAProxy counts them. */
  servers(): Promise<Record<string, { status: string; served: number }>>;
  stop(): void;
}

/** Starts HAProxy in `root` before nodes listening on `ports` (node1, node2, …) and waits until it sees them all UP. */
export async function startBalancer(root: string, ports: number[]): Promise<Balancer> {
  if (!haproxyBinary) throw new Error('HAProxy est absent : apt-get install -y haproxy (Debian ; .ci/run l’installe).');
  const port = await freePort();
  const adminSocket = join(root, 'haproxy.sock');
  const values: Record<string, string> = {
    BIND: `127.0.0.1:${port}`,
    ADMIN_SOCKET: adminSocket,
    PROTO: 'http',
    SERVERS: ports.map((p, i) => `    server node${i + 1} 127.0.0.1:${p} check`).join('\n'),
  };
  const file = join(root, 'haproxy.cfg');
  writeFileSync(file, readFileSync(template, 'utf8').replace(/\$\{(\w+)\}/g, (all, name: string) => values[name] ?? all));
  const check = spawnSync(haproxyBinary, ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`Configuration HAProxy refusée : ${check.stderr || check.stdout}`);
  const child: ChildProcess = spawn(haproxyBinary, ['-W', '-db', '-f', file], { stdio: 'ignore' });
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = createConnection(adminSocket);
      let answer = '';
      socket.on('connect', () => socket.end(`${line}\n`));
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  const servers = async () => {
    const result: Record<string, { status: string; served: number }> = {};
    for (const line of (await command('show stat')).split('\n')) {
      const f = line.split(',');
      if (f[0] === 'app' && f[1] !== 'BACKEND' && f[1] !== 'FRONTEND') result[f[1]] = { status: f[17], served: Number(f[7]) };
    }
    return result;
  };
  const balancer: Balancer = { url: `http://127.0.0.1:${port}`, command, servers, stop: () => void child.kill('SIGKILL') };
  try {
    await eventually(async () => expect(Object.values(await servers()).map((s) => s.status)).toEqual(ports.map(() => 'UP')), 30_000);
  } catch (error) {
    balancer.stop();
    throw error;
  }
  return balancer;
}
