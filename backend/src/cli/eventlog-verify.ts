import { readFileSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../platform/config/config.js';
import { verifyChains, type StreamFilter } from '../platform/event-log/chain-verifier.js';
import { sqlExecutor } from '../platform/event-log/sql-executor.js';
import { parseExternalCheckpoints, verifyCheckpoints, type ExternalCheckpoint } from '../platform/ledger/ledger-verifier.js';
import { certificatesFromPem } from '../platform/ledger/timestamp.js';
import { checkBoundProgressRows, type RowMismatch } from './bound-progress-rows.check.js';
import { checkMessageTexts } from './message-texts.check.js';
import { isEntryPoint, openCliDatabase, runCommand, type Output } from './cli-database.js';

const USAGE = `Usage : npm run eventlog:verify [-- --stream <type>[/<id>]] [--as-of <date ISO 8601>] [--checkpoints-from <fichier>] [--json]

Recalcule l'empreinte de chaque événement et chaque lien de chaque flux du journal, puis vérifie
chaque point de contrôle du registre (signature, têtes de flux toujours dans la chaîne) ; avec
--checkpoints-from, les copies conservées hors du serveur (JSON reçu par URL, page de
GET /api/ledger/checkpoints/, ou l'e-mail) : un journal réécrit puis signé de nouveau ne les
reproduit plus.
Code de sortie : 0 si tout est intact, 1 au premier maillon rompu ou point de contrôle faux (nommés), 2 en cas d'erreur.`;

export function parseVerifyArgs(argv: string[]): { filter: StreamFilter; json: boolean; external: ExternalCheckpoint[] } | string {
  const filter: StreamFilter = {};
  let json = false;
  const external: ExternalCheckpoint[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--json') json = true;
    else if (flag === '--stream') {
      const stream = value();
      if (!stream) return '--stream attend <type> ou <type>/<id>.';
      const slash = stream.indexOf('/');
      filter.streamType = slash < 0 ? stream : stream.slice(0, slash);
      if (slash >= 0) filter.streamId = stream.slice(slash + 1);
    } else if (flag === '--as-of') {
      const date = new Date(value() ?? '');
      if (Number.isNaN(date.getTime())) return '--as-of attend une date ISO 8601 (2026-11-01 ou 2026-11-01T00:00:00Z).';
      filter.asOf = date;
    } else if (flag === '--checkpoints-from') {
      const file = value();
      if (!file) return '--checkpoints-from attend un fichier.';
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return `--checkpoints-from : impossible de lire ${file}.`;
      }
      const parsed = parseExternalCheckpoints(text);
      if (typeof parsed === 'string') return `--checkpoints-from ${file} : ${parsed}`;
      external.push(...parsed);
    } else if (flag === '--help' || flag === '-h') return USAGE;
    else return `Argument inconnu : ${arg}\n\n${USAGE}`;
  }
  return { filter, json, external };
}

export async function verifyCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const args = parseVerifyArgs(argv);
  if (typeof args === 'string') {
    (args === USAGE ? out.log : out.error)(args);
    return args === USAGE ? 0 : 2;
  }
  const config = loadConfig(env);
  const database = await openCliDatabase(config);
  const client = new pg.Client({ connectionString: database.url, application_name: 'lms-eventlog-verify' });
  try {
    await client.connect();
    const { rows } = await client.query(`select to_regclass('eventlog.event') is not null as ready`);
    if (!rows[0].ready) {
      out.error("Le journal des événements n'existe pas encore dans cette base (démarrez l'application une fois pour appliquer les migrations).");
      return 2;
    }
    const started = performance.now();
    const report = await verifyChains(sqlExecutor(client), args.filter);
    // Checkpoints cover the whole log: checked when the whole log is.
    const whole = !args.filter.streamType && !args.filter.asOf;
    const trusted = config.ledger.tsaCaFile ? certificatesFromPem(readFileSync(config.ledger.tsaCaFile, 'utf8')) : undefined;
    const ledger = whole || args.external.length > 0 ? await verifyCheckpoints(sqlExecutor(client), args.external, { trusted }) : null;
    // Then the rows kept beside the log and bound by a digest in its events (ADR 0040): beats, SCORM commit rows, message texts.
    const boundRows = whole ? await checkRows(client) : null;
    const seconds = (performance.now() - started) / 1000;
    const ok = report.broken.length === 0 && (ledger?.problems.length ?? 0) === 0 && (boundRows?.mismatches.length ?? 0) === 0;
    if (args.json) {
      out.log(JSON.stringify({ ok, ...report, checkpoints: ledger, rows: boundRows, seconds }, null, 2));
      return ok ? 0 : 1;
    }
    const scope = args.filter.streamType ? ` (flux ${args.filter.streamType}${args.filter.streamId ? `/${args.filter.streamId}` : ''})` : '';
    out.log(`Base : ${database.source}.`);
    out.log(`${report.events} événement(s) dans ${report.streams} flux vérifiés${scope} en ${seconds.toFixed(2)} s.`);
    out.log(`Empreinte du journal${args.filter.asOf ? ` au ${args.filter.asOf.toISOString()}` : ''} : ${report.digest}`);
    if (report.broken.length === 0) out.log('OK : toutes les chaînes sont intactes.');
    else {
      const [first, ...others] = report.broken;
      out.error(
        `MAILLON ROMPU : événement n° ${first.position} (id ${first.eventId}), flux ${first.streamType}/${first.streamId}, version ${first.streamVersion} : ${first.message}.`,
      );
      for (const link of others) out.error(`  puis n° ${link.position} (${link.streamType}/${link.streamId} v${link.streamVersion}) : ${link.problem}`);
    }
    if (ledger) {
      const copies = ledger.external > 0 ? ` et ${ledger.external} copie(s) externe(s)` : '';
      if (ledger.problems.length === 0) {
        const stamps = ledger.unanchoredTimestamps > 0 ? 'horodatage cohérent' : 'horodatage';
        out.log(`OK : ${ledger.checkpoints} point(s) de contrôle${copies} vérifiés (signature, ${stamps}, têtes de flux présentes dans la chaîne).`);
      }
      if (ledger.unanchoredTimestamps > 0) {
        out.log(
          `ATTENTION : ${ledger.unanchoredTimestamps} jeton(s) d'horodatage vérifié(s) sans autorité de confiance (LEDGER_TSA_CA_FILE absent) : leur signature tient, ` +
            "mais rien ne prouve qu'ils viennent de l'autorité plutôt que de l'opérateur ; donnez le certificat de l'autorité pour que leur date fasse preuve.",
        );
      }
      for (const problem of ledger.problems) {
        out.error(`POINT DE CONTRÔLE n° ${problem.seq} FAUX : ${problem.message}.`);
        for (const stream of problem.streams ?? []) {
          out.error(
            `  flux ${stream.stream} : tête signée ${stream.signed}, chaîne aujourd'hui ${stream.now ?? '(absente)'}${stream.position !== null ? ` (événement n° ${stream.position}, id ${stream.eventId})` : ''}`,
          );
        }
      }
    }
    if (boundRows) {
      if (boundRows.mismatches.length === 0) out.log(`OK : ${boundRows.checked.beats} signal(s) de présence, ${boundRows.checked.scormCommits} enregistrement(s) SCORM et ${boundRows.checked.messages} texte(s) (messages, demandes et réponses d’assistance) correspondent à leur événement.`);
      for (const m of boundRows.mismatches) out.error(`LIGNE MODIFIÉE : ${m.rows} : ${m.message}.`);
    }
    return ok ? 0 : 1;
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
  }
}

/**
 * The row checks of `evidence:verify-rows` (ADR 0040), in one repeatable-read snapshot; null when
 * the tables they read do not exist in this database (a log without the contexts' schemas).
 */
async function checkRows(client: pg.Client): Promise<{ checked: { beats: number; scormCommits: number; messages: number }; mismatches: RowMismatch[] } | null> {
  const { rows } = await client.query(`select to_regclass('progress.beat') is not null and to_regclass('progress.scorm_commit') is not null and to_regclass('tutoring.message') is not null as ready`);
  if (!rows[0].ready) return null;
  const sql = { query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[] };
  await client.query('begin transaction isolation level repeatable read read only');
  try {
    const progress = await checkBoundProgressRows(sql);
    const messages = await checkMessageTexts(sql);
    return { checked: { ...progress.checked, messages: messages.checked }, mismatches: [...progress.mismatches, ...messages.mismatches] };
  } finally {
    await client.query('commit');
  }
}

if (isEntryPoint(import.meta.url)) runCommand(verifyCommand);
