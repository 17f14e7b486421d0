import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ProjectionStatusService } from '../event-log/projection-status.js';
import { Jobs } from '../jobs/jobs.service.js';
import { startMetricsServer, type MetricsServer } from './metrics-server.js';
import { poolConnections } from './pools.js';

/** A route's label when Fastify matched none (a 404): never the URL itself, which may carry a token. */
const NO_ROUTE = 'aucune';

/**
 * The figures an operator reads (docs/adr/0059), in Prometheus's text format on a port of their own
 * (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 by default; a bearer token with METRICS_TOKEN):
 * requests per route and their latency, the database pools, each subscription's lag, the job
 * queue's depth, the event log's position (its append rate is `deriv(lms_event_log_position[5m])`)
 * and the process's own (CPU, memory, event loop). One registry per app, not prom-client's global one.
 */
@Injectable()
export class Metrics implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly registry = new Registry();
  private readonly logger = new Logger('Métriques');
  private server: MetricsServer | null = null;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projections: ProjectionStatusService,
    private readonly jobs: Jobs,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'lms_' });
    this.requests = new Counter({ name: 'lms_http_requests_total', help: 'Requêtes HTTP terminées, par méthode, route et statut.', labelNames: ['method', 'route', 'status'], registers });
    this.latency = new Histogram({
      name: 'lms_http_request_duration_seconds',
      help: 'Durée des requêtes HTTP, de leur arrivée à la fin de la réponse, par méthode et route.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    new Gauge({
      name: 'lms_db_pool_connections',
      help: 'Connexions des pools PostgreSQL de ce nœud (total, au repos, requêtes en attente d’une connexion).',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        this.reset();
        for (const pool of poolConnections()) {
          this.set({ pool: pool.name, state: 'total' }, pool.total);
          this.set({ pool: pool.name, state: 'idle' }, pool.idle);
          this.set({ pool: pool.name, state: 'waiting' }, pool.waiting);
        }
      },
    });
    const status = () => this.projections.cachedStatus(1000).catch(() => null);
    new Gauge({
      name: 'lms_projection_lag_events',
      help: 'Événements du journal pas encore traités par chaque abonnement (projection ou politique), jusqu’à 10 000.',
      labelNames: ['subscription', 'kind'],
      registers,
      async collect() {
        this.reset();
        for (const item of (await status())?.items ?? []) this.set({ subscription: item.name, kind: item.kind }, item.lag_events);
      },
    });
    new Gauge({
      name: 'lms_projection_lag_seconds',
      help: 'Âge du plus ancien événement pas encore traité par chaque abonnement.',
      labelNames: ['subscription', 'kind'],
      registers,
      async collect() {
        this.reset();
        for (const item of (await status())?.items ?? []) this.set({ subscription: item.name, kind: item.kind }, item.lag_seconds);
      },
    });
    new Gauge({
      name: 'lms_event_log_position',
      help: 'Position du dernier événement du journal (son taux d’ajout : deriv sur cette série).',
      registers,
      async collect() {
        const last = await status();
        if (last) this.set(last.last_position);
      },
    });
    const queues = () => this.jobs.queueCounts().catch(() => []);
    new Gauge({
      name: 'lms_job_queue_jobs',
      help: 'Tâches de la file par type et état (prêtes, différées, en cours, en échec), telles que pg-boss les compte.',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const queue of await queues()) {
          for (const state of ['ready', 'deferred', 'active', 'failed'] as const) this.set({ queue: queue.name, state }, queue[state]);
        }
      },
    });
  }

  /** Counts every answered request, timed from its arrival (Fastify's own measure). */
  observeRequests(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? NO_ROUTE;
      this.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      this.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, host, token } = this.config.metrics;
    if (port === null) return;
    try {
      this.server = await startMetricsServer(this.registry, { port, host, token });
      this.logger.log(`Métriques Prometheus sur http://${host}:${this.server.port}/metrics${token ? ' (jeton requis)' : ''}.`);
    } catch (error) {
      // The node serves its users without its figures rather than not at all.
      this.logger.error(`Métriques indisponibles sur ${host}:${port} : ${String(error)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }

  /** The port the metrics answer on (null: off); a test's METRICS_PORT=0 takes a free one. */
  get port(): number | null {
    return this.server?.port ?? null;
  }
}
