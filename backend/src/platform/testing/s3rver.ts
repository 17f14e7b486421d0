import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../config/config.js';

/** An S3-compatible server for the tests (s3rver: no real S3 server installs from the project's registries). */
export interface TestS3 {
  /** The STORAGE=s3 environment pointing at it (createApp's configuration). */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

// Its own process, as a real store would be: what it buffers is not counted in the app's memory.
const SERVER = `
import S3rver from 's3rver';
const [directory, bucket] = process.argv.slice(-2);
const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket }] });
const address = await server.run();
console.log(JSON.stringify({ port: address.port }));
process.on('SIGTERM', () => { server.httpServer.closeAllConnections(); server.close().then(() => process.exit(0)); });
`;

/** Starts s3rver on a random port of the loopback, its files in a temporary directory, with one empty bucket. */
export async function startTestS3(bucket = 'lms-media'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'lms-s3rver-'));
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER, '--', directory, bucket], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout! }), 'line'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`s3rver s'est arrêté au démarrage (code ${String(code)})`))),
  ])) as [string];
  const { port } = JSON.parse(line) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    // s3rver's fixed credentials.
    env: { STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
