// npm run deploy:local [-- --nodes 3 --port 8080 --fresh --storage s3]: the reference deployment on
// one machine (docs/adr/0061) — one PostgreSQL, N app nodes from backend/dist, HAProxy in front.
// Data in .data/deploy (--fresh starts from nothing). Ctrl-C stops everything; SIGUSR2 to this
// process (npm run deploy:rolling-restart) restarts every node in turn without dropping a request.
import { spawn } from 'node:child_process';
import { existsSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, projectRoot, startCluster } from './lib/cluster.mjs';

// Ctrl-C in a terminal signals the whole process group, the embedded PostgreSQL included, which
// would then stop beside the nodes instead of after them (docs/adr/0023): the deployment runs in a
// process group of its own, and this one only forwards the signals to it.
if (!process.env.LMS_DEPLOY_SUPERVISOR) {
  const child = spawn(process.execPath, process.argv.slice(1), { detached: true, stdio: 'inherit', env: { ...process.env, LMS_DEPLOY_SUPERVISOR: '1' } });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR2']) process.on(signal, () => child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else await supervise();

async function supervise() {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      root: { type: 'string', default: join(projectRoot, '.data/deploy') },
      fresh: { type: 'boolean', default: false },
      storage: { type: 'string', default: 'local' },
    },
  });
  const nodes = Number(values.nodes);
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 16) {
    console.error('--nodes doit être un entier de 1 à 16.');
    process.exit(2);
  }
  if (values.fresh) rmSync(values.root, { recursive: true, force: true });
  const stateFile = join(values.root, 'state.json');
  const log = (m) => console.log(`[deploy] ${m}`);

  const stops = [];
  const env = {};
  // Object storage (ADR 0060): STORAGE=s3 against an s3rver started here, when the package is installed.
  if (values.storage === 's3') {
    let S3rver;
    try {
      S3rver = createRequire(join(projectRoot, 'backend/package.json'))('s3rver');
    } catch {
      console.error('--storage s3 : le paquet s3rver n’est pas installé (devDependency du stockage objet, ADR 0060).');
      process.exit(2);
    }
    const port = await freePort();
    const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: join(values.root, 's3'), configureBuckets: [{ name: 'lms-media' }] });
    await server.run();
    stops.push(() => server.close());
    Object.assign(env, {
      STORAGE: 's3', S3_BUCKET: 'lms-media', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true',
    });
    log(`stockage objet : s3rver sur http://127.0.0.1:${port} (seau lms-media)`);
  } else if (values.storage !== 'local') {
    console.error('--storage vaut local ou s3.');
    process.exit(2);
  }

  let stopping = false;
  async function stopAll(code) {
    if (stopping) return;
    stopping = true;
    log('arrêt : HAProxy, puis chaque nœud (SIGTERM), puis PostgreSQL…');
    for (const step of stops.reverse()) await step().catch((e) => console.error(e?.message ?? e));
    if (existsSync(stateFile)) unlinkSync(stateFile);
    log('tout est arrêté.');
    process.exit(code);
  }
  // Ctrl-C reaches the whole process group: the nodes stop themselves (their own graceful stop); this
  // process then stops the balancer and PostgreSQL after them.
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    const cluster = await startCluster({ nodes, root: values.root, port: Number(values.port), host: values.host, env, log });
    stops.push(() => cluster.stop());
    writeFileSync(stateFile, JSON.stringify({ pid: process.pid, url: cluster.url, adminSocket: cluster.adminSocket, nodes: cluster.nodes.map((n) => ({ name: n.name, port: n.port, pid: n.child.pid, log: n.logFile })) }, null, 2));
    let rolling = null;
    process.on('SIGUSR2', () => {
      if (rolling) return log('redémarrage progressif déjà en cours');
      log('redémarrage progressif de chaque nœud…');
      rolling = cluster.rollingRestart(log).then(
        () => log('redémarrage progressif terminé'),
        (error) => log(`redémarrage progressif interrompu : ${error?.message ?? error}`),
      ).finally(() => {
        rolling = null;
        writeFileSync(stateFile, JSON.stringify({ pid: process.pid, url: cluster.url, adminSocket: cluster.adminSocket, nodes: cluster.nodes.map((n) => ({ name: n.name, port: n.port, pid: n.child.pid, log: n.logFile })) }, null, 2));
      });
    });
    console.log(`\nPlateforme prête : ${cluster.url.replace('127.0.0.1', 'localhost')}  (${nodes} nœuds derrière HAProxy ; journaux dans ${values.root})`);
    console.log(`Modules SCORM servis par ${cluster.url} (l’origine de contenu, ADR 0025). Ctrl-C pour tout arrêter ;`);
    console.log(`npm run deploy:rolling-restart pour redémarrer les nœuds un à un.`);
  } catch (error) {
    console.error(`Échec : ${error?.message ?? error}`);
    await stopAll(1);
  }
}
