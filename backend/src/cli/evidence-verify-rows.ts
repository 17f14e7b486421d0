import pg from 'pg';
import { checkBoundProgressRows } from './bound-progress-rows.check.js';
import { checkMessageTexts } from './message-texts.check.js';
import { loadConfig } from '../platform/config/config.js';
import { isEntryPoint, openCliDatabase, runCommand, type Output } from './cli-database.js';

const USAGE = `Usage : npm run evidence:verify-rows [-- --json]

Recalcule l'empreinte des lignes gardées à côté du journal (ADR 0040) et la compare à celle de
l'événement qui les lie : signaux de présence (LearningTimeRecorded v2), enregistrements SCORM
(ScormCommitted v3), textes des messages (MessageSent). Nomme chaque ligne qui ne correspond plus.
Code de sortie : 0 si tout correspond, 1 si une ligne diffère (nommée), 2 en cas d'erreur.`;

export async function verifyRowsCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out.log(USAGE);
    return 0;
  }
  const unknown = argv.find((a) => a !== '--json');
  if (unknown) {
    out.error(`Argument inconnu : ${unknown}\n\n${USAGE}`);
    return 2;
  }
  const json = argv.includes('--json');
  const database = await openCliDatabase(loadConfig(env));
  const client = new pg.Client({ connectionString: database.url, application_name: 'lms-evidence-verify-rows' });
  try {
    await client.connect();
    const { rows } = await client.query(`select to_regclass('eventlog.event') is not null and to_regclass('progress.beat') is not null as ready`);
    if (!rows[0].ready) {
      out.error("Les tables n'existent pas encore dans cette base (démarrez l'application une fois pour appliquer les migrations).");
      return 2;
    }
    const sql = { query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[] };
    // One snapshot for the whole check: a save committed meanwhile is either wholly seen or not at all.
    await client.query('begin transaction isolation level repeatable read read only');
    const progress = await checkBoundProgressRows(sql);
    const messages = await checkMessageTexts(sql);
    await client.query('commit');
    const mismatches = [...progress.mismatches, ...messages.mismatches];
    if (json) {
      out.log(JSON.stringify({ ok: mismatches.length === 0, checked: { ...progress.checked, messages: messages.checked }, not_covered: progress.notCovered, mismatches }, null, 2));
      return mismatches.length === 0 ? 0 : 1;
    }
    out.log(`Base : ${database.source}.`);
    out.log(`${progress.checked.beats} signal(s) de présence, ${progress.checked.scormCommits} enregistrement(s) SCORM et ${messages.checked} texte(s) (messages, demandes et réponses d’assistance) recalculés contre leur événement.`);
    out.log(
      `Non couverts : ${progress.notCovered.beats} signal(s) et ${progress.notCovered.scormCommitsApplied} enregistrement(s) SCORM appliqué(s) antérieurs à la liaison (LearningTimeRecorded v2, ScormCommitted v3) ; ` +
        `${progress.notCovered.scormCommitsStale} enregistrement(s) SCORM périmé(s), qu'aucun événement ne lie.`,
    );
    if (mismatches.length === 0) {
      out.log('OK : chaque ligne liée correspond à son événement.');
      return 0;
    }
    for (const m of mismatches) out.error(`LIGNE MODIFIÉE : ${m.rows} : ${m.message}.`);
    return 1;
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
  }
}

if (isEntryPoint(import.meta.url)) runCommand(verifyRowsCommand);
