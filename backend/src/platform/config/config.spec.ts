import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'lms-config-'));

describe('loadConfig', () => {
  it('keeps media on the local disk unless STORAGE=s3, whose S3_* settings are checked in French (docs/adr/0060)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ DATA_DIR: dataDir(), STORAGE: 's3', S3_BUCKET: 'lms-media', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_PREFIX: 'lyon' }).storage).toEqual({
      kind: 's3', bucket: 'lms-media', endpoint: 'http://minio:9000', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: 'lyon/',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), STORAGE: 's3', S3_BUCKET: 'lms-media', S3_REGION: 'eu-west-3' }).storage).toMatchObject({ endpoint: null, region: 'eu-west-3', accessKeyId: null, forcePathStyle: false, prefix: '' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE: 'ftp' })).toThrow('STORAGE doit valoir local ou s3 (reçu « ftp »).');
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), STORAGE: 's3', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'k', S3_FORCE_PATH_STYLE: 'peut-être', S3_PREFIX: 'a/../b' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).message).toContain('S3_BUCKET est obligatoire quand STORAGE=s3.');
    for (const message of ['S3_ENDPOINT doit être une adresse http(s)://.', 'S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY se donnent ensemble', 'S3_FORCE_PATH_STYLE doit valoir true ou false', 'S3_PREFIX ne doit contenir']) {
      expect((error as ConfigError).message).toContain(message);
    }
  });

  it('uses the defaults: port 3000, embedded database, demo data, generated secrets', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.seedDemoData).toBe(true);
    expect(config.accessTokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.accessTokenSecret).not.toEqual(config.refreshTokenSecret);
  });

  it('keeps generated secrets in DATA_DIR across starts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).accessTokenSecret).toEqual(loadConfig({ DATA_DIR: dir }).accessTokenSecret);
  });

  it('does not seed a database given by DATABASE_URL unless asked', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db/lms' });
    expect(config.seedDemoData).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db/lms', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('limits uploads to 2 GiB of video, 1 GiB of SCORM package and 100 MiB of document unless told otherwise', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect([defaults.videoMaxBytes, defaults.scormMaxBytes, defaults.documentMaxBytes]).toEqual([2 * 1024 ** 3, 1024 ** 3, 100 * 1024 ** 2]);
    const set = loadConfig({ DATA_DIR: dataDir(), VIDEO_MAX_BYTES: String(5 * 1024 ** 3), SCORM_MAX_BYTES: '2097152', DOCUMENT_MAX_BYTES: '1048576' });
    expect([set.videoMaxBytes, set.scormMaxBytes, set.documentMaxBytes]).toEqual([5 * 1024 ** 3, 2097152, 1048576]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VIDEO_MAX_BYTES: '2 Go', SCORM_MAX_BYTES: '10', DOCUMENT_MAX_BYTES: '-1' })).toThrow(
      expect.objectContaining({
        problems: [
          expect.stringMatching(/^VIDEO_MAX_BYTES doit être un entier entre/),
          expect.stringMatching(/^SCORM_MAX_BYTES doit être un entier entre/),
          expect.stringMatching(/^DOCUMENT_MAX_BYTES doit être un entier entre/),
        ],
      }),
    );
  });

  it('serves SCORM packages from CONTENT_ORIGIN, an http(s) origin alone, or from the loopback twin when unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).contentOrigin).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), CONTENT_ORIGIN: 'https://Scorm.Example.fr/' }).contentOrigin).toBe('https://scorm.example.fr');
    for (const bad of ['scorm.example.fr', 'ftp://scorm.example.fr', 'https://scorm.example.fr/paquets', 'https://u:p@scorm.example.fr', 'https://scorm.example.fr/?a=1']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), CONTENT_ORIGIN: bad })).toThrow(/CONTENT_ORIGIN doit être une origine http\(s\):\/\/hôte\[:port\] sans chemin/);
    }
  });

  it('lists every bad value with a French message', () => {
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_PORT: '99999', JWT_ACCESS_SECRET: 'short' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems[0]).toContain('PORT doit être un entier');
      expect(problems.join(' ')).toContain('DATABASE_URL');
      expect(problems.join(' ')).toContain('SMTP_PORT');
      expect(problems.join(' ')).toContain('JWT_ACCESS_SECRET');
    }
  });

  it('gives requests in flight 25 seconds to finish on SIGTERM unless told otherwise, refusing a value that is no number of seconds', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdownGraceSeconds).toBe(25);
    expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: '3' }).shutdownGraceSeconds).toBe(3);
    for (const value of ['0', '25s', '-5', '2.5']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: value })).toThrow(
        expect.objectContaining({ problems: [`SHUTDOWN_GRACE_SECONDS doit être un entier entre 1 et 3600 (reçu « ${value} »).`] }),
      );
    }
  });

  it('reads the ledger settings (docs/adr/0038): a given Ed25519 key in PEM or base64 DER, the authority, the copies, the schedule', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() }).ledger;
    expect(defaults).toEqual({ signingKeyPem: null, tsaUrl: null, tsaCaFile: null, anchorEmail: null, anchorUrl: null, checkpointCron: '15 2 * * *' });
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const base64 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(loadConfig({ DATA_DIR: dataDir(), LEDGER_SIGNING_KEY: pem }).ledger.signingKeyPem).toBe(pem);
    expect(loadConfig({ DATA_DIR: dataDir(), LEDGER_SIGNING_KEY: base64 }).ledger.signingKeyPem).toBe(pem);
    const ledger = loadConfig({ DATA_DIR: dataDir(), LEDGER_TSA_URL: 'https://tsa.example/tsr', LEDGER_ANCHOR_EMAIL: 'archives@centre.fr', LEDGER_ANCHOR_URL: 'https://ancre.example/' }).ledger;
    expect(ledger).toMatchObject({ tsaUrl: 'https://tsa.example/tsr', anchorEmail: 'archives@centre.fr', anchorUrl: 'https://ancre.example/' });
    expect(loadConfig({ DATA_DIR: dataDir(), LEDGER_ANCHOR_EMAIL: 'off' }).ledger.anchorEmail).toBe('off');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadConfig({ DATA_DIR: dataDir(), LEDGER_SIGNING_KEY: rsa, LEDGER_TSA_URL: 'ftp://tsa', LEDGER_ANCHOR_EMAIL: 'personne', LEDGER_CHECKPOINT_CRON: 'tous les jours' })).toThrow(
      expect.objectContaining({
        problems: [
          'LEDGER_SIGNING_KEY doit être une clé privée Ed25519 (PKCS#8, en PEM ou en DER base64).',
          'LEDGER_ANCHOR_EMAIL doit être une adresse e-mail ou off (reçu « personne »).',
          'LEDGER_CHECKPOINT_CRON doit être une expression cron à 5 champs (reçu « tous les jours »).',
          'LEDGER_TSA_URL doit être une adresse http(s):// (reçu « ftp://tsa »).',
        ],
      }),
    );
  });

  it('keeps a complaining visitor’s contact 730 days and takes 5 filings per address an hour unless told otherwise (docs/adr/0048)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).complaints).toEqual({ visitorRetentionDays: 730, visitorMaxPerAddress: 5, visitorWindowSeconds: 3600 });
    const set = loadConfig({ DATA_DIR: dataDir(), COMPLAINT_VISITOR_RETENTION_DAYS: '365', COMPLAINT_VISITOR_MAX_PER_ADDRESS: '2', COMPLAINT_VISITOR_WINDOW_SECONDS: '60' });
    expect(set.complaints).toEqual({ visitorRetentionDays: 365, visitorMaxPerAddress: 2, visitorWindowSeconds: 60 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), COMPLAINT_VISITOR_RETENTION_DAYS: '0' })).toThrow(ConfigError);
  });

  it('serves metrics only when METRICS_PORT is set, on the loopback unless a token guards them; logs as text unless LOG_FORMAT=json', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: null });
    const token = 'a'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics).toEqual({ port: 9464, host: '0.0.0.0', token });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir(), ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toEqual(['METRICS_HOST=0.0.0.0 expose les métriques hors de la machine : définissez METRICS_TOKEN.']);
    expect(problems({ METRICS_PORT: '9464', METRICS_TOKEN: 'court' })).toEqual(['METRICS_TOKEN doit contenir au moins 32 caractères.']);
    expect(problems({ METRICS_PORT: 'neuf' })).toEqual(['METRICS_PORT doit être un entier entre 0 et 65535 (reçu « neuf »).']);
    expect(loadConfig({ DATA_DIR: dataDir() }).logFormat).toBe('text');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(problems({ LOG_FORMAT: 'xml' })).toEqual(['LOG_FORMAT doit valoir text ou json (reçu « xml »).']);
  });
});
