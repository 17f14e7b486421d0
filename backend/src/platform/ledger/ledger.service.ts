import { readFile } from 'node:fs/promises';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';
import { Clock, NotFoundError } from '../../shared-kernel/index.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EVENT_LOG_POOL } from '../event-log/event-log.pool.js';
import { sqlExecutor, type SqlExecutor } from '../event-log/sql-executor.js';
import { Jobs } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { inclusionProofFor, readCheckpoint, readCheckpoints, writeCheckpoint, type CheckpointInclusion, type StoredCheckpoint } from './ledger.store.js';
import { signedText } from './checkpoint-format.js';
import { checkpointTree, type CheckpointTree } from './checkpoint-proofs.js';
import { checkpointView } from './ledger.views.js';
import { certificatesFromPem, requestTimestamp } from './timestamp.js';
import { loadSigningKey, type SigningKey } from './signing-key.js';

export const LEDGER_CHECKPOINT_JOB = 'ledger.checkpoint';
export const LEDGER_ANCHOR_JOB = 'ledger.anchor';

/** The address the external copy is mailed to (docs/adr/0038): LEDGER_ANCHOR_EMAIL, else the centre's own sending mailbox (SMTP_FROM) when SMTP is configured. */
export function anchorRecipient(config: AppConfig): string | null {
  const setting = config.ledger.anchorEmail;
  if (setting === 'off') return null;
  if (setting) return setting;
  if (!config.smtp.host) return null;
  return /<([^>]+)>/.exec(config.smtp.from)?.[1] ?? config.smtp.from.trim();
}

/**
 * The anchored ledger (docs/adr/0038): writes signed checkpoints (daily on the queue, or on an
 * admin's demand), then sends their external copies (e-mail, URL), each delivery recorded and
 * retried on the queue until it succeeds.
 */
@Injectable()
export class LedgerService implements OnModuleInit {
  private readonly logger = new Logger('Registre');
  private key: SigningKey | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_LOG_POOL) private readonly pool: pg.Pool,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly mail: MailService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.key = loadSigningKey(this.config);
    await this.jobs.define({
      name: LEDGER_CHECKPOINT_JOB,
      retryLimit: 3,
      retryDelaySeconds: 300,
      schedule: this.config.ledger.checkpointCron,
      handler: async () => {
        const written = await this.checkpoint();
        // The checkpoint just written has its anchor job on its way: the sweep is for the older ones.
        await this.resendPending(written.created ? written.checkpoint.seq : null);
      },
    });
    await this.jobs.define<{ seq: number }>({
      name: LEDGER_ANCHOR_JOB,
      // A dozen tries a minute apart; beyond, the daily job's sweep (resendPending) sends again.
      retryLimit: 12,
      retryDelaySeconds: 60,
      handler: async (job) => this.anchor(job.data.seq),
    });
  }

  get signingKey(): SigningKey {
    this.key ??= loadSigningKey(this.config);
    return this.key;
  }

  private async inTransaction<T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await work(sqlExecutor(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Sends again the recent checkpoints still unstamped (with LEDGER_TSA_URL) or whose copy was never
   * delivered to a configured channel (the queue gave up, or the job was never sent): the daily job
   * sweeps them. The 30 newest are looked at.
   */
  async resendPending(except: number | null = null): Promise<number[]> {
    const channels = [anchorRecipient(this.config) ? 'email' : null, this.config.ledger.anchorUrl ? 'url' : null].filter((c): c is string => c !== null);
    const { rows } = await this.pool.query<{ seq: number }>(
      `select c.seq from (select seq, tsa_token, copies from ledger.checkpoint order by seq desc limit 30) c
        where c.seq is distinct from $3::bigint
          and (($1 and c.tsa_token is null)
           or (c.copies and exists (select 1 from unnest($2::text[]) ch(name)
                       where not exists (select 1 from ledger.anchor_delivery d where d.checkpoint_seq = c.seq and d.channel = ch.name and d.delivered))))
        order by c.seq`,
      [this.config.ledger.tsaUrl !== null, channels, except],
    );
    for (const { seq } of rows) {
      if (this.jobs.running) await this.jobs.send(LEDGER_ANCHOR_JOB, { seq });
      else await this.anchor(seq).catch((error: Error) => this.logger.warn(`Copie externe du point n° ${seq} : ${error.message}`));
    }
    return rows.map((r) => r.seq);
  }

  /**
   * Waits (at most `limitMs`) until every transaction running when asked has ended, so that a
   * checkpoint asked now covers every event committed before it was asked: the cut (currentCut) stops
   * before the oldest transaction still running, and one of a busy moment (a projection's batch) would
   * otherwise leave the newest events to the next checkpoint.
   */
  private async settle(limitMs = 5_000): Promise<void> {
    const { rows } = await this.pool.query<{ xmax: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as xmax');
    const deadline = Date.now() + limitMs;
    for (;;) {
      const { rows: now } = await this.pool.query<{ settled: boolean }>('select pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 as settled', [rows[0]!.xmax]);
      if (now[0]!.settled || Date.now() >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Writes a checkpoint (or gives back the last one when nothing is new), then sends its copies. */
  async checkpoint(options: { copies?: boolean } = {}): Promise<{ checkpoint: StoredCheckpoint; created: boolean }> {
    await this.settle();
    const result = await this.inTransaction((sql) => writeCheckpoint(sql, this.signingKey, this.clock.now(), options));
    if (result.created) {
      this.logger.log(`Point de contrôle n° ${result.checkpoint.seq} : ${result.checkpoint.events} événement(s), ${result.checkpoint.streams} flux.`);
      if (this.jobs.running) await this.jobs.send(LEDGER_ANCHOR_JOB, { seq: result.checkpoint.seq });
      else await this.anchor(result.checkpoint.seq).catch((error: Error) => this.logger.warn(`Copie externe du point n° ${result.checkpoint.seq} : ${error.message}`));
    }
    return result;
  }

  async get(seq: number): Promise<StoredCheckpoint> {
    const checkpoint = await readCheckpoint(sqlExecutor(this.pool as unknown as pg.ClientBase), seq);
    if (!checkpoint) throw new NotFoundError(`Le point de contrôle n° ${seq} n'existe pas.`);
    return checkpoint;
  }

  /** The newest checkpoint, or null before the first: the one a dossier's proofs lead to. */
  async latest(): Promise<StoredCheckpoint | null> {
    const [last] = await readCheckpoints(sqlExecutor(this.pool as unknown as pg.ClientBase), { limit: 1 });
    return last ?? null;
  }

  async list(page: number, pageSize: number): Promise<{ count: number; results: StoredCheckpoint[] }> {
    const sql = sqlExecutor(this.pool as unknown as pg.ClientBase);
    const [{ count }] = await sql.query<{ count: number }>('select count(*)::int as count from ledger.checkpoint');
    return { count, results: await readCheckpoints(sql, { limit: pageSize, offset: (page - 1) * pageSize }) };
  }

  async keys(): Promise<{ key_id: string; algorithm: string; public_key_pem: string; first_used_at: string }[]> {
    const rows = await this.pool.query<{ key_id: string; algorithm: string; public_key_pem: string; first_used_at: Date }>(
      'select key_id, algorithm, public_key_pem, first_used_at from ledger.signing_key order by first_used_at, key_id',
    );
    return rows.rows.map((r) => ({ ...r, first_used_at: new Date(r.first_used_at).toISOString() }));
  }

  /**
   * The checkpoint a dossier's proofs lead to (issue 27 item 3): one written now (or the last one when
   * the log has not moved since), with its tree built once for all the proofs of a dossier or batch.
   */
  async treeForDossier(): Promise<CheckpointTree> {
    // Timestamped, not copied out (migration 075): the next daily checkpoint's copy covers the same history.
    const { checkpoint } = await this.checkpoint({ copies: false });
    const tree = await checkpointTree(sqlExecutor(this.pool as unknown as pg.ClientBase), checkpoint.seq);
    if (!tree) throw new Error(`Le point de contrôle n° ${checkpoint.seq} est introuvable.`);
    return tree;
  }

  /** docs/adr/0038: the proof of a stream's head in a checkpoint, for the dossier manifest. */
  inclusionProof(seq: number, streamType: string, streamId: string): Promise<CheckpointInclusion | null> {
    return inclusionProofFor(sqlExecutor(this.pool as unknown as pg.ClientBase), seq, streamType, streamId);
  }

  /**
   * Stamps checkpoint `seq` (RFC 3161) if it is not yet, then sends its external copies not yet
   * delivered, recording each try in ledger.anchor_delivery; throws when something failed, so
   * that the queue tries again (only what is missing).
   */
  async anchor(seq: number): Promise<void> {
    const stamped = await this.stamp(seq);
    const checkpoint = await this.get(seq);
    const { rows: kind } = await this.pool.query<{ copies: boolean }>('select copies from ledger.checkpoint where seq = $1', [seq]);
    if (!kind[0]?.copies) {
      if (stamped !== true) throw new Error(stamped);
      return;
    }
    const delivered = new Set(
      (await this.pool.query<{ channel: string }>('select channel from ledger.anchor_delivery where checkpoint_seq = $1 and delivered', [seq])).rows.map((r) => r.channel),
    );
    const copy = { type: 'lms-ledger-checkpoint', ...checkpointView(checkpoint) };
    const failures: string[] = stamped === true ? [] : [stamped];
    const attempt = async (channel: 'email' | 'url', target: string, send: () => Promise<void>) => {
      if (delivered.has(channel)) return;
      let error: string | null = null;
      try {
        await send();
      } catch (e) {
        error = (e as Error).message.slice(0, 1000);
        failures.push(`${channel} : ${error}`);
      }
      await this.pool.query('insert into ledger.anchor_delivery (checkpoint_seq, channel, target, attempted_at, delivered, error) values ($1, $2, $3, $4, $5, $6)', [
        seq,
        channel,
        target,
        this.clock.now().toISOString(),
        error === null,
        error,
      ]);
    };
    const to = anchorRecipient(this.config);
    if (to) {
      await attempt('email', to, () =>
        this.mail.send({
          to,
          subject: `Registre des preuves : point de contrôle n° ${checkpoint.seq}`,
          text: [
            `Point de contrôle n° ${checkpoint.seq} du registre des preuves, écrit le ${checkpoint.time}.`,
            'Conservez ce message : il permet de vérifier plus tard que le journal n’a pas été réécrit (npm run eventlog:verify -- --checkpoints-from <fichier>).',
            '',
            '-----BEGIN LMS CHECKPOINT-----',
            JSON.stringify(copy),
            '-----END LMS CHECKPOINT-----',
          ].join('\n'),
        }),
      );
    }
    const url = this.config.ledger.anchorUrl;
    if (url) {
      await attempt('url', url, async () => {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(copy), signal: AbortSignal.timeout(20_000) });
        if (!response.ok) throw new Error(`réponse HTTP ${response.status}`);
      });
    }
    if (failures.length > 0) throw new Error(`point n° ${seq} : ${failures.join(' ; ')}`);
  }

  /**
   * Gets checkpoint `seq` its RFC 3161 token when LEDGER_TSA_URL is set and it has none yet: true
   * once stamped (or nothing to do), else why not (the checkpoint stays, unstamped, and the job
   * tries again).
   */
  private async stamp(seq: number): Promise<true | string> {
    const url = this.config.ledger.tsaUrl;
    if (!url) return true;
    const checkpoint = await this.get(seq);
    if (checkpoint.tsaToken) return true;
    try {
      const caFile = this.config.ledger.tsaCaFile;
      const trusted = caFile ? certificatesFromPem(await readFile(caFile, 'utf8')) : undefined;
      const { token, time } = await requestTimestamp(url, Buffer.from(signedText(checkpoint.body, checkpoint.signature), 'utf8'), trusted);
      await this.pool.query('update ledger.checkpoint set tsa_token = $2, tsa_time = $3, tsa_error = null, tsa_attempts = tsa_attempts + 1 where seq = $1', [
        seq,
        token,
        time.toISOString(),
      ]);
      return true;
    } catch (error) {
      const message = (error as Error).message.slice(0, 1000);
      await this.pool.query('update ledger.checkpoint set tsa_error = $2, tsa_attempts = tsa_attempts + 1 where seq = $1', [seq, message]);
      return `horodatage : ${message}`;
    }
  }
}
