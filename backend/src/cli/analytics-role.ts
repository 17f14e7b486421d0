import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, projectRoot } from '../platform/config/config.js';
import { isEntryPoint, openCliDatabase, runCommand, type Output } from './cli-database.js';

const USAGE = `Usage : node backend/dist/cli/analytics-role.js <rôle> [--password <mot de passe>]

Crée ou met à jour le rôle PostgreSQL des analystes : lecture seule du schéma analytics
(docs/analytics.md). Sans --password, un mot de passe est généré et affiché une fois.`;

export const ANALYTICS_ROLE_SCRIPT = join(projectRoot, 'backend/scripts/analytics-readonly-role.sql');

/** Runs backend/scripts/analytics-readonly-role.sql (its body) with the role and password as parameters. */
export async function createAnalyticsRole(client: pg.ClientBase, role: string, password: string): Promise<void> {
  const script = readFileSync(ANALYTICS_ROLE_SCRIPT, 'utf8');
  const body = script.slice(script.indexOf('-- @body'));
  await client.query(`select set_config('lms.analyst_role', $1, false), set_config('lms.analyst_password', $2, false)`, [role, password]);
  await client.query(body);
}

export async function analyticsRoleCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const [role, flag, given] = argv;
  if (!role || role.startsWith('-') || (flag !== undefined && (flag !== '--password' || !given))) {
    out.error(USAGE);
    return 2;
  }
  const password = given ?? randomBytes(18).toString('base64url');
  const database = await openCliDatabase(loadConfig(env));
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    await createAnalyticsRole(client, role, password);
    const url = new URL(database.url);
    url.username = role;
    url.password = given ? '***' : password;
    out.log(`Rôle « ${role} » prêt : lecture seule du schéma analytics.`);
    out.log(`Connexion : ${url.toString()}`);
    return 0;
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
  }
}

if (isEntryPoint(import.meta.url)) runCommand(analyticsRoleCommand);
