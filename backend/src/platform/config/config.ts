import { createPrivateKey, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (two levels above backend/src or backend/dist). */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface SmtpConfig {
  host: string | null;
  port: number;
  secure: boolean;
  tlsInsecure: boolean;
  user: string | null;
  password: string | null;
  from: string;
}

/** Media on an S3-compatible object store (docs/adr/0060): STORAGE=s3 and the S3_* variables. */
export interface S3Config {
  bucket: string;
  /** null = AWS's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  /** null (both) = the SDK's default chain (environment, profile, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Put before every object key (`lms/`), '' for none. */
  prefix: string;
}

export interface AppConfig {
  /** Where media live: the local disk under DATA_DIR (default) or an S3-compatible object store. */
  storage: { kind: 'local' } | ({ kind: 's3' } & S3Config);
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  embeddedDatabasePort: number;
  seedDemoData: boolean;
  accessTokenSecret: string;
  refreshTokenSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginWindowSeconds: number;
  trustProxy: boolean;
  frontendDist: string;
  smtp: SmtpConfig;
  /** The most bytes of an uploaded chapter video (`video`), SCORM package (`scorm_file`) and study document (`upload`). */
  videoMaxBytes: number;
  scormMaxBytes: number;
  documentMaxBytes: number;
  /** Days a closed account's personal data is kept before `npm run accounts:purge` erases it (docs/adr/0015). */
  personalDataRetentionDays: number;
  /** The IRL naming this platform in xAPI statements: the homePage of its accounts (docs/xapi.md). */
  xapiHomePage: string;
  /**
   * On SIGTERM, how long requests in flight may take to finish before their connections are cut
   * (uploads still running are then aborted): docs/adr/0023. Keep the orchestrator's own grace
   * (docker compose's `stop_grace_period`) longer.
   */
  shutdownGraceSeconds: number;
  /**
   * The origin (scheme, host, port) SCORM packages are served from, on another host than the app
   * (docs/adr/0025): null = the loopback twin of the host the browser used (localhost ↔ 127.0.0.1).
   */
  contentOrigin: string | null;
  /**
   * Whether this node starts the job queue's worker (docs/adr/0031): JOBS_ENABLED, true unless
   * `false`. The API test apps turn it off unless a spec needs the queue (backend/src/testing/test-app.ts).
   */
  jobsEnabled: boolean;
  /** The anchored ledger (docs/adr/0038): checkpoints, their key, timestamps and external copies. */
  ledger: LedgerConfig;
  /** Complaints (docs/adr/0048). */
  complaints: ComplaintsConfig;
  /** Satisfaction surveys (docs/adr/0054). */
  surveys: SurveysConfig;
  /** Prometheus metrics on a port of their own (docs/adr/0059): METRICS_PORT (empty: off), METRICS_HOST, METRICS_TOKEN. */
  metrics: { port: number | null; host: string; token: string | null };
  /** LOG_FORMAT: `text` (the default, for a person) or `json` (one object per line, with the request and correlation ids). */
  logFormat: 'text' | 'json';
}

/** Satisfaction surveys (docs/adr/0054). */
export interface SurveysConfig {
  /** SURVEY_LINK_VALID_DAYS (default 60): days a questionnaire's single-use link stays open. */
  linkValidDays: number;
  /** SURVEY_PUBLIC_MAX_PER_ADDRESS (default 60): calls to the public answer page accepted per address over the window. */
  publicMaxPerAddress: number;
  /** SURVEY_PUBLIC_WINDOW_SECONDS (default 3600): the public page's throttle window. */
  publicWindowSeconds: number;
}

/** Complaints filed from the public page (docs/adr/0048). */
export interface ComplaintsConfig {
  /**
   * COMPLAINT_VISITOR_RETENTION_DAYS (default 730): days a visitor's name, e-mail and phone are kept
   * after their complaint was treated or closed; then the nightly job erases them (the facts stay).
   */
  visitorRetentionDays: number;
  /** COMPLAINT_VISITOR_MAX_PER_ADDRESS (default 5): visitors' filings accepted per address over the window. */
  visitorMaxPerAddress: number;
  /** COMPLAINT_VISITOR_WINDOW_SECONDS (default 3600): the throttle's window. */
  visitorWindowSeconds: number;
}

/** docs/adr/0038. */
export interface LedgerConfig {
  /** LEDGER_SIGNING_KEY: an Ed25519 private key (PKCS#8 PEM, or its DER in base64) shared by every node; null = generated in DATA_DIR. */
  signingKeyPem: string | null;
  /** LEDGER_TSA_URL: an RFC 3161 timestamping authority (http(s)); null = checkpoints are not timestamped. */
  tsaUrl: string | null;
  /** LEDGER_TSA_CA_FILE: PEM certificate(s) the TSA's certificate must chain to; null = the certificate in the token. */
  tsaCaFile: string | null;
  /** LEDGER_ANCHOR_EMAIL: where each checkpoint is e-mailed; null = the centre's contact address when SMTP is configured; `off` = none. */
  anchorEmail: string | null | 'off';
  /** LEDGER_ANCHOR_URL: where each checkpoint is POSTed as JSON; null = nowhere. */
  anchorUrl: string | null;
  /** LEDGER_CHECKPOINT_CRON: when the daily checkpoint is written (Europe/Paris). */
  checkpointCron: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide :\n- ${problems.join('\n- ')}`);
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, problems: string[], min = 0, max = 2 ** 31): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} doit être un entier entre ${min} et ${max} (reçu « ${raw} »).`);
    return fallback;
  }
  return value;
}

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

function boolean(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'oui'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'non'].includes(raw.toLowerCase())) return false;
  problems.push(`${name} doit valoir true ou false (reçu « ${raw} »).`);
  return fallback;
}

/** Secrets kept in DATA_DIR so that tokens survive restarts without any setup. */
function persistedSecrets(dataDir: string): { access: string; refresh: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { access: randomBytes(48).toString('base64url'), refresh: randomBytes(48).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  // Written once ('wx'): two nodes starting together on one DATA_DIR keep the first one's secrets
  // (several nodes on their own disks need JWT_ACCESS_SECRET and JWT_REFRESH_SECRET: docs/adr/0059).
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, JSON.stringify(secrets), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(readFileSync(file, 'utf8'));
  } finally {
    rmSync(temporary, { force: true });
  }
  return secrets;
}

/** Reads and validates the environment; throws a ConfigError listing every bad value. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const port = integer(env, 'PORT', 3000, problems, 0, 65535);
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL doit commencer par postgres:// ou postgresql://.');
  }
  const dataDir = resolve(env.DATA_DIR?.trim() || join(projectRoot, '.data'));
  for (const name of ['JWT_ACCESS_SECRET', 'JWT_REFRESH_SECRET']) {
    const value = env[name];
    if (value !== undefined && value !== '' && value.length < 32) problems.push(`${name} doit contenir au moins 32 caractères.`);
  }
  const smtpHost = env.SMTP_HOST?.trim() || null;
  const smtpFrom = env.SMTP_FROM?.trim() || 'LMS Centre de formation <no-reply@lms.local>';
  if (!/@/.test(smtpFrom)) problems.push('SMTP_FROM doit contenir une adresse e-mail.');
  const smtp: SmtpConfig = {
    host: smtpHost,
    port: integer(env, 'SMTP_PORT', 587, problems, 1, 65535),
    secure: boolean(env, 'SMTP_SECURE', false, problems),
    tlsInsecure: boolean(env, 'SMTP_TLS_INSECURE', false, problems),
    user: env.SMTP_USER?.trim() || null,
    password: env.SMTP_PASSWORD ?? null,
    from: smtpFrom,
  };
  const xapiHomePage = env.XAPI_HOME_PAGE?.trim() || 'https://lms-formation.fr';
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(xapiHomePage)) problems.push('XAPI_HOME_PAGE doit être une adresse http(s)://.');
  const contentOrigin = parseContentOrigin(env.CONTENT_ORIGIN, problems);
  const metrics = parseMetrics(env, problems);
  const logFormat = env.LOG_FORMAT?.trim() || 'text';
  if (logFormat !== 'text' && logFormat !== 'json') problems.push(`LOG_FORMAT doit valoir text ou json (reçu « ${logFormat} »).`);
  const storage = parseStorage(env, problems);
  const config = {
    storage,
    metrics,
    logFormat: logFormat as 'text' | 'json',
    contentOrigin,
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir,
    embeddedDatabasePort: integer(env, 'EMBEDDED_DATABASE_PORT', 5433, problems, 1024, 65535),
    seedDemoData: boolean(env, 'SEED_DEMO_DATA', databaseUrl === null, problems),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60, problems, 10, 24 * 3600),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 7 * 24 * 3600, problems, 60, 90 * 24 * 3600),
    loginMaxFailuresPerAccount: integer(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, problems, 1, 1000),
    loginMaxFailuresPerAddress: integer(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 30, problems, 1, 100000),
    loginWindowSeconds: integer(env, 'LOGIN_WINDOW_SECONDS', 15 * 60, problems, 1, 24 * 3600),
    trustProxy: boolean(env, 'TRUST_PROXY', false, problems),
    frontendDist: resolve(env.FRONTEND_DIST?.trim() || join(projectRoot, 'frontend/dist')),
    smtp,
    videoMaxBytes: integer(env, 'VIDEO_MAX_BYTES', 2 * GIB, problems, MIB, 64 * GIB),
    scormMaxBytes: integer(env, 'SCORM_MAX_BYTES', GIB, problems, MIB, 16 * GIB),
    documentMaxBytes: integer(env, 'DOCUMENT_MAX_BYTES', 100 * MIB, problems, 64 * 1024, 4 * GIB),
    personalDataRetentionDays: integer(env, 'PERSONAL_DATA_RETENTION_DAYS', 3650, problems, 1, 36500),
    xapiHomePage: xapiHomePage.replace(/\/$/, ''),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 25, problems, 1, 3600),
    jobsEnabled: boolean(env, 'JOBS_ENABLED', true, problems),
    ledger: parseLedger(env, problems),
    complaints: {
      visitorRetentionDays: integer(env, 'COMPLAINT_VISITOR_RETENTION_DAYS', 730, problems, 1, 36500),
      visitorMaxPerAddress: integer(env, 'COMPLAINT_VISITOR_MAX_PER_ADDRESS', 5, problems, 1, 100000),
      visitorWindowSeconds: integer(env, 'COMPLAINT_VISITOR_WINDOW_SECONDS', 3600, problems, 1, 7 * 24 * 3600),
    },
    surveys: {
      linkValidDays: integer(env, 'SURVEY_LINK_VALID_DAYS', 60, problems, 1, 730),
      publicMaxPerAddress: integer(env, 'SURVEY_PUBLIC_MAX_PER_ADDRESS', 60, problems, 1, 100000),
      publicWindowSeconds: integer(env, 'SURVEY_PUBLIC_WINDOW_SECONDS', 3600, problems, 1, 7 * 24 * 3600),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  const secrets = env.JWT_ACCESS_SECRET && env.JWT_REFRESH_SECRET ? null : persistedSecrets(dataDir);
  return {
    ...config,
    accessTokenSecret: env.JWT_ACCESS_SECRET || secrets!.access,
    refreshTokenSecret: env.JWT_REFRESH_SECRET || secrets!.refresh,
  };
}

/** STORAGE and S3_* (docs/adr/0060): the local disk unless STORAGE=s3, which needs S3_BUCKET. */
function parseStorage(env: Env, problems: string[]): AppConfig['storage'] {
  const kind = env.STORAGE?.trim() || 'local';
  if (kind !== 'local' && kind !== 's3') {
    problems.push(`STORAGE doit valoir local ou s3 (reçu « ${kind} »).`);
    return { kind: 'local' };
  }
  if (kind === 'local') return { kind };
  const bucket = env.S3_BUCKET?.trim() || '';
  if (!bucket) problems.push('S3_BUCKET est obligatoire quand STORAGE=s3.');
  else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push(`S3_BUCKET n'est pas un nom de bucket valide (reçu « ${bucket} »).`);
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint !== null) {
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(endpoint).protocol);
    } catch {
      // reported below
    }
    if (!valid) problems.push('S3_ENDPOINT doit être une adresse http(s)://.');
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || null;
  if ((accessKeyId === null) !== (secretAccessKey === null)) problems.push('S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY se donnent ensemble (ou aucun des deux : chaîne par défaut du SDK).');
  const prefix = env.S3_PREFIX?.trim().replace(/^\/+/, '') ?? '';
  if (prefix.split('/').some((part, index, parts) => (part === '' && index < parts.length - 1) || part === '.' || part === '..')) problems.push('S3_PREFIX ne doit contenir ni « .. » ni « // ».');
  return {
    kind,
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', endpoint !== null, problems),
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
}

/** METRICS_*: off unless METRICS_PORT is set; on the loopback unless a token guards them (docs/adr/0059). */
function parseMetrics(env: Env, problems: string[]): AppConfig['metrics'] {
  const port = env.METRICS_PORT?.trim() ? integer(env, 'METRICS_PORT', 0, problems, 0, 65535) : null;
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token !== null && token.length < 32) problems.push('METRICS_TOKEN doit contenir au moins 32 caractères.');
  const loopback = host === '127.0.0.1' || host === '::1' || host === 'localhost';
  if (port !== null && !loopback && token === null) problems.push(`METRICS_HOST=${host} expose les métriques hors de la machine : définissez METRICS_TOKEN.`);
  return { port, host, token };
}

/** The LEDGER_* settings (docs/adr/0038), checked here so that a bad key or URL stops the start. */
function parseLedger(env: Env, problems: string[]): LedgerConfig {
  const url = (name: string): string | null => {
    const value = env[name]?.trim();
    if (!value) return null;
    try {
      if (['http:', 'https:'].includes(new URL(value).protocol)) return value;
    } catch {
      // reported below
    }
    problems.push(`${name} doit être une adresse http(s):// (reçu « ${value} »).`);
    return null;
  };
  let signingKeyPem: string | null = null;
  const rawKey = env.LEDGER_SIGNING_KEY?.trim();
  if (rawKey) {
    try {
      const key = rawKey.includes('-----BEGIN')
        ? createPrivateKey(rawKey)
        : createPrivateKey({ key: Buffer.from(rawKey, 'base64'), format: 'der', type: 'pkcs8' });
      if (key.asymmetricKeyType !== 'ed25519') throw new Error('not ed25519');
      signingKeyPem = key.export({ format: 'pem', type: 'pkcs8' }).toString();
    } catch {
      problems.push('LEDGER_SIGNING_KEY doit être une clé privée Ed25519 (PKCS#8, en PEM ou en DER base64).');
    }
  }
  const rawEmail = env.LEDGER_ANCHOR_EMAIL?.trim() || null;
  if (rawEmail && rawEmail !== 'off' && !/^[^\s@]+@[^\s@]+$/.test(rawEmail)) problems.push(`LEDGER_ANCHOR_EMAIL doit être une adresse e-mail ou off (reçu « ${rawEmail} »).`);
  const checkpointCron = env.LEDGER_CHECKPOINT_CRON?.trim() || '15 2 * * *';
  if (checkpointCron.split(/\s+/).length !== 5) problems.push(`LEDGER_CHECKPOINT_CRON doit être une expression cron à 5 champs (reçu « ${checkpointCron} »).`);
  return {
    signingKeyPem,
    tsaUrl: url('LEDGER_TSA_URL'),
    tsaCaFile: env.LEDGER_TSA_CA_FILE?.trim() || null,
    anchorEmail: rawEmail as LedgerConfig['anchorEmail'],
    anchorUrl: url('LEDGER_ANCHOR_URL'),
    checkpointCron,
  };
}

/** CONTENT_ORIGIN: an http(s) origin alone (no path, query or credentials), kept as the browser writes it. */
function parseContentOrigin(raw: string | undefined, problems: string[]): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash || !['', '/'].includes(url.pathname)) {
    problems.push(`CONTENT_ORIGIN doit être une origine http(s)://hôte[:port] sans chemin (reçu « ${value} »).`);
    return null;
  }
  return url.origin;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
