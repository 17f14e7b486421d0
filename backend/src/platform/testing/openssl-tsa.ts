import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real RFC 3161 timestamping authority for tests (docs/adr/0038): a throwaway CA and a TSA
 * certificate (extendedKeyUsage critical timeStamping) made with `openssl` in a temp dir, and a
 * small HTTP server that pipes each `application/timestamp-query` body to `openssl ts -reply`
 * and answers `application/timestamp-reply`. `state.down` makes it answer 503. With `withChain`, its
 * tokens also carry the CA's certificate, as real authorities' often do (the signer not always first).
 */
export async function startOpensslTsa(options: { withChain?: boolean } = {}): Promise<{ url: string; caFile: string; requests: number[]; state: { down: boolean }; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'lms-tsa-'));
  const at = (name: string) => join(dir, name);
  const openssl = async (...args: string[]) => (await run('openssl', args, { cwd: dir })).stdout;
  writeFileSync(at('serial'), '01\n');
  writeFileSync(
    at('tsa.cnf'),
    `[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = ${dir}
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/${options.withChain ? 'chain.pem' : 'tsa.pem'}
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256
accuracy = secs:1
ordering = no
tsa_name = no
ess_cert_id_chain = no
ess_cert_id_alg = sha256
[ tsa_ext ]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
`,
  );
  await openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Autorite de test', '-addext', 'basicConstraints=critical,CA:true', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  await openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=Horodatage de test');
  await openssl('x509', '-req', '-in', 'tsa.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'tsa.pem', '-days', '2', '-extfile', 'tsa.cnf', '-extensions', 'tsa_ext');
  writeFileSync(at('chain.pem'), readFileSync(at('ca.pem'), 'utf8') + readFileSync(at('tsa.pem'), 'utf8'));
  const requests: number[] = [];
  const state = { down: false };
  let n = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      requests.push(Date.now());
      if (state.down || request.method !== 'POST' || request.headers['content-type'] !== 'application/timestamp-query') {
        response.statusCode = state.down ? 503 : 400;
        return response.end();
      }
      const id = ++n;
      writeFileSync(at(`q${id}.tsq`), Buffer.concat(chunks));
      openssl('ts', '-reply', '-config', at('tsa.cnf'), '-section', 'tsa_config', '-queryfile', at(`q${id}.tsq`), '-out', at(`r${id}.tsr`)).then(
        () => {
          response.setHeader('content-type', 'application/timestamp-reply');
          response.end(readFileSync(at(`r${id}.tsr`)));
        },
        () => {
          response.statusCode = 500;
          response.end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
    caFile: at('ca.pem'),
    requests,
    state,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
