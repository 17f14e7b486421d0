import { createHash } from 'node:crypto';
import pg from 'pg';
import { canonicalJson } from '../contexts/xapi/contracts/xapi.events.js';
import { loadConfig } from '../platform/config/config.js';
import { isEntryPoint, openCliDatabase, readJsonFlag, runCommand, type Output } from './cli-database.js';

const USAGE = `Usage : npm run xapi:verify [-- --json]

Compare chaque déclaration xAPI stockée (xapi.statement) avec son événement XapiStatementStored :
l'empreinte sha256 de sa forme canonique (JSON, clés triées à chaque niveau, UTF-8) doit être celle
que le journal a enregistrée. Code de sortie : 0 si tout concorde, 1 sinon (chaque écart nommé), 2 en cas d'erreur.`;

const BATCH = 5000;

export interface StatementMismatch {
  statementId: string;
  problem: 'altered' | 'no-event' | 'no-statement';
}

/** Walks the statements by seq with their events (a keyset loop: memory stays flat) and the events whose statement is gone. */
export async function verifyStatements(client: pg.ClientBase): Promise<{ statements: number; mismatches: StatementMismatch[] }> {
  const mismatches: StatementMismatch[] = [];
  let statements = 0;
  for (let after = 0; ; ) {
    const { rows } = await client.query<{ seq: number; id: string; statement: unknown; logged: string | null }>(
      `select s.seq, s.id, s.statement, e.payload->>'sha256' as logged
         from xapi.statement s
         left join eventlog.event e on e.stream_type = 'xapi.statement' and e.stream_id = s.id::text and e.event_type = 'XapiStatementStored'
        where s.seq > $1 order by s.seq limit ${BATCH}`,
      [after],
    );
    for (const row of rows) {
      statements++;
      if (row.logged === null) mismatches.push({ statementId: row.id, problem: 'no-event' });
      else if (createHash('sha256').update(canonicalJson(row.statement)).digest('hex') !== row.logged) mismatches.push({ statementId: row.id, problem: 'altered' });
    }
    if (rows.length < BATCH) break;
    after = Number(rows[rows.length - 1].seq);
  }
  const { rows: orphans } = await client.query<{ id: string }>(
    `select e.stream_id as id from eventlog.event e
      where e.stream_type = 'xapi.statement' and e.event_type = 'XapiStatementStored'
        and not exists (select 1 from xapi.statement s where s.id::text = e.stream_id)`,
  );
  for (const orphan of orphans) mismatches.push({ statementId: orphan.id, problem: 'no-statement' });
  return { statements, mismatches };
}

const PROBLEMS: Record<StatementMismatch['problem'], string> = {
  altered: 'modifiée depuis son enregistrement (empreinte différente de celle du journal)',
  'no-event': 'sans événement XapiStatementStored dans le journal',
  'no-statement': 'enregistrée au journal mais absente de xapi.statement',
};

export async function xapiVerifyCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const args = readJsonFlag(argv, USAGE, out);
  if (args === 'help') return 0;
  if (args === 'refused') return 2;
  const database = await openCliDatabase(loadConfig(env));
  const client = new pg.Client({ connectionString: database.url, application_name: 'lms-xapi-verify' });
  try {
    await client.connect();
    const report = await verifyStatements(client);
    if (args.json) {
      out.log(JSON.stringify({ ok: report.mismatches.length === 0, ...report }, null, 2));
      return report.mismatches.length === 0 ? 0 : 1;
    }
    out.log(`Base : ${database.source}.`);
    out.log(`${report.statements} déclaration(s) comparée(s) avec le journal.`);
    if (report.mismatches.length === 0) {
      out.log('OK : chaque déclaration est celle que le journal a enregistrée.');
      return 0;
    }
    for (const m of report.mismatches) out.error(`ÉCART : déclaration ${m.statementId} ${PROBLEMS[m.problem]}.`);
    return 1;
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
  }
}

if (isEntryPoint(import.meta.url)) runCommand(xapiVerifyCommand);
