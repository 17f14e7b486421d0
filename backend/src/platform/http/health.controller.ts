import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Database } from '../database/database.js';
import { HealthResponse, ReadyResponse } from '../event-log/event-log.responses.js';
import { ProjectionStatusService } from '../event-log/projection-status.js';
import { RETRY_AFTER_SECONDS } from './service-unavailable.js';
import { MediaStorage } from '../storage/media-storage.js';
import { MIGRATION_NAMES } from '../database/migrate-once.js';

/** A database that does not answer `select 1` within this many milliseconds counts as unavailable. */
const DATABASE_CHECK_TIMEOUT_MS = 3_000;

/**
 * Liveness and readiness (docs/adr/0023-surviving-a-database-outage.md). `/api/health` answers 200
 * as long as the process lives, saying whether the database answers: an orchestrator restarting on
 * it must not kill healthy nodes during a database outage, which no restart would cure.
 * `/api/ready` answers 503 while the database is away, so that traffic goes elsewhere until it is back.
 */
@ApiTags('Plateforme')
@Controller()
export class HealthController {
  constructor(
    private readonly db: Database,
    private readonly projections: ProjectionStatusService,
    private readonly storage: MediaStorage,
  ) {}

  @Get('health')
  @ApiOperation({ summary: 'Le processus vit (toujours 200) ; état de la base de données et des projections' })
  @ApiOkResponse({ type: HealthResponse })
  async health(): Promise<HealthResponse> {
    if (!(await this.databaseAnswers())) return { status: 'degraded', database: 'indisponible' };
    // A failing or late projection degrades the answer without failing it: the node still serves.
    const projections = await this.projections.cachedStatus().then(
      ({ status, runner, oldest_transaction_seconds, items }) => ({
        status,
        runner,
        oldest_transaction_seconds,
        // Publicly, the state and lag only; error texts and positions are for admins
        // (GET /api/admin/projections/).
        items: items.map((i) => ({ name: i.name, kind: i.kind, status: i.status, lag_events: i.lag_events, lag_seconds: i.lag_seconds })),
      }),
      () => ({ status: 'unavailable' as const }),
    );
    return { status: 'ok', database: 'ok', projections };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Le nœud peut servir des requêtes : 200, ou 503 tant que la base, ses migrations ou le stockage des fichiers ne le permettent pas' })
  @ApiOkResponse({ type: ReadyResponse })
  @ApiServiceUnavailableResponse({ type: ReadyResponse })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadyResponse> {
    const [migrations, storage] = await Promise.all([this.migrationsApplied(), this.storage.isAvailable().catch(() => false)]);
    const answer: ReadyResponse = {
      status: migrations === true && storage ? 'ready' : 'unavailable',
      database: migrations === null ? 'indisponible' : 'ok',
      migrations: migrations === null ? 'inconnu' : migrations ? 'ok' : 'en_attente',
      storage: storage ? 'ok' : 'indisponible',
    };
    if (answer.status !== 'ready') void reply.status(HttpStatus.SERVICE_UNAVAILABLE).header('retry-after', String(RETRY_AFTER_SECONDS));
    return answer;
  }

  /**
   * Whether every migration this node's code knows is applied (one query, which also proves the
   * database answers); null when the database does not answer in time. A node of an older version
   * during a rolling update is still ready: the schema only grows ahead of it.
   */
  private async migrationsApplied(): Promise<boolean | null> {
    return this.withinTimeout(
      this.db
        .query<{ applied: number }>('select count(*)::int as applied from mikro_orm_migrations where name = any($1::text[])', [MIGRATION_NAMES])
        .then((rows) => rows[0].applied === MIGRATION_NAMES.length),
    ).then((applied) => applied ?? null);
  }

  private async databaseAnswers(): Promise<boolean> {
    return (await this.withinTimeout(this.db.query('select 1').then(() => true))) ?? false;
  }

  /** The query's answer, or undefined when it fails or takes longer than the check allows. */
  private async withinTimeout<T>(query: Promise<T>): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), DATABASE_CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([query, timeout]);
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
