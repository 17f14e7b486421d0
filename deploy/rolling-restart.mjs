// npm run deploy:rolling-restart: asks the running `npm run deploy:local` to restart every node in
// turn (drain at HAProxy, SIGTERM, start, wait for /api/ready, re-enable), and follows it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot, serverStates } from './lib/cluster.mjs';

const { values } = parseArgs({ options: { root: { type: 'string', default: join(projectRoot, '.data/deploy') } } });
let state;
try {
  state = JSON.parse(readFileSync(join(values.root, 'state.json'), 'utf8'));
} catch {
  console.error(`Aucun déploiement en cours dans ${values.root} (lancez npm run deploy:local).`);
  process.exit(2);
}
const pids = () => JSON.parse(readFileSync(join(values.root, 'state.json'), 'utf8')).nodes.map((n) => n.pid).join(',');
const before = pids();
process.kill(state.pid, 'SIGUSR2');
console.log(`Redémarrage progressif demandé (processus ${state.pid}) ; nœuds : ${before}`);
const deadline = Date.now() + 15 * 60_000;
for (;;) {
  await new Promise((r) => setTimeout(r, 1000));
  const states = await serverStates(state.adminSocket).catch(() => ({}));
  const now = pids();
  console.log(Object.entries(states).map(([name, s]) => `${name} ${s.status}`).join(' · '));
  if (now.split(',').every((pid) => !before.split(',').includes(pid)) && Object.values(states).every((s) => s.status === 'UP')) break;
  if (Date.now() > deadline) {
    console.error('Le redémarrage n’est pas terminé après 15 minutes : voir la sortie de npm run deploy:local.');
    process.exit(1);
  }
}
console.log(`Terminé : chaque nœud a redémarré (${pids()}).`);
