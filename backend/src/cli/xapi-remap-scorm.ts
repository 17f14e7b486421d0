import 'reflect-metadata';
import { CommandBus } from '@nestjs/cqrs';
import { RemapScormStatements, type RemapReport } from '../contexts/xapi/index.js';
import { loadConfig } from '../platform/config/config.js';
import { openCliApp } from './cli-app.js';
import { isEntryPoint, openCliDatabase, readJsonFlag, runCommand, type Output } from './cli-database.js';

const USAGE = `Usage : npm run xapi:remap-scorm [-- --json]

Annule (verbe voided) les déclarations xAPI que la correspondance SCORM v1 a enregistrées (un score
2004 de 100 % noté 1 sur 100, les statuts 1.2 sans passed/failed, une déclaration par envoi) et
les réémet selon la correspondance v2, à partir des envois SCORM tels que le serveur les a gardés :
le score en quatre nombres, une déclaration par changement de statut. À lancer une fois après la
mise à jour ; une seconde exécution n'enregistre rien. docs/adr/0027-scorm-xapi-mapping-v2.md.`;

export async function xapiRemapScormCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const args = readJsonFlag(argv, USAGE, out);
  if (args === 'help') return 0;
  if (args === 'refused') return 2;
  const config = loadConfig(env);
  const database = await openCliDatabase(config);
  const app = await openCliApp(config, database.url, ['error', 'warn']);
  try {
    const report: RemapReport = await app.get(CommandBus).execute(new RemapScormStatements());
    if (args.json) out.log(JSON.stringify(report, null, 2));
    else {
      out.log(`Base : ${database.source}.`);
      out.log(`${report.commits} envoi(s) SCORM enregistré(s) avant la correspondance v2 : ${report.voided} déclaration(s) v1 annulée(s), ${report.issued} déclaration(s) v2 émise(s).`);
    }
    return 0;
  } finally {
    await app.close();
    await database.close();
  }
}

if (isEntryPoint(import.meta.url)) runCommand(xapiRemapScormCommand);
