import 'reflect-metadata';
import { CommandBus } from '@nestjs/cqrs';
import { ErasePersonalData } from '../contexts/identity/index.js';
import { loadConfig } from '../platform/config/config.js';
import { openCliApp } from './cli-app.js';
import { isEntryPoint, openCliDatabase, runCommand, type Output } from './cli-database.js';

const USAGE = `Usage : npm run accounts:purge [-- --days N]

Efface les données personnelles des comptes fermés (suppression d'une personne qui a un historique)
depuis plus de PERSONAL_DATA_RETENTION_DAYS jours (3650 par défaut) ou N jours : noms, e-mail,
identifiant, téléphone, dossier, photo. Les identifiants, dates et historiques restent. À lancer
chaque jour (cron). docs/adr/0015-administrative-student-record.md.`;

export async function purgeCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out.log(USAGE);
    return 0;
  }
  const config = loadConfig(env);
  let days = config.personalDataRetentionDays;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--days' && /^[1-9][0-9]{0,4}$/.test(argv[i + 1] ?? '')) days = Number(argv[++i]);
    else {
      out.error(`Argument inconnu : ${argv[i]}\n\n${USAGE}`);
      return 2;
    }
  }
  const database = await openCliDatabase(config);
  const app = await openCliApp(config, database.url, ['error', 'warn']);
  try {
    const report = await app.get(CommandBus).execute(new ErasePersonalData(days));
    out.log(`Base : ${database.source}. Comptes fermés avant le ${report.cutoff} (${days} jours) : ${report.erased} effacé(s).`);
    return 0;
  } finally {
    await app.close();
    await database.close();
  }
}

if (isEntryPoint(import.meta.url)) runCommand(purgeCommand);
