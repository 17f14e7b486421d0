import { MikroORM } from '@mikro-orm/postgresql';
import { DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type pg from 'pg';
import { AppendNotifier } from './append-notifier.js';
import { AppendSignal } from './append-signal.js';
import { EventContextInterceptor } from './event-context.js';
import { EventLog } from './event-log.js';
import { EventLogController } from './event-log.controller.js';
import { EVENT_LOG_OPTIONS, eventLogOptionsFromEnv, type EventLogOptions } from './event-log.options.js';
import { createEventLogPool, EVENT_LOG_DATABASE_URL, EVENT_LOG_POOL } from './event-log.pool.js';
import { EventLogQueries } from './event-log.queries.js';
import { EventStreamReader } from './stream-reader.js';
import { ProjectionRegistry } from './projection-registry.js';
import { ProjectionRunner } from './projection-runner.js';
import { ProjectionStatusService } from './projection-status.js';
import { dailyActivityProjection } from './projections/daily-activity.projection.js';

/**
 * Wires the commit hook (wakes this node's runner, and the other nodes through NOTIFY), the
 * platform's own projection, and closes the pool last.
 */
@Injectable()
class EventLogLifecycle implements OnModuleInit, OnApplicationShutdown {
  private notifier: AppendNotifier | null = null;

  constructor(
    private readonly orm: MikroORM,
    private readonly signal: AppendSignal,
    private readonly registry: ProjectionRegistry,
    @Inject(EVENT_LOG_POOL) private readonly pool: pg.Pool,
  ) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber({
      afterTransactionCommit: (args) => {
        if (args.transaction) this.signal.committed(args.transaction as object);
      },
    });
    const logger = new Logger('Projections');
    const notifier = new AppendNotifier(this.pool, 10, (message) => logger.warn(message));
    this.signal.subscribe(() => notifier.notify());
    this.notifier = notifier;
    this.registry.register(dailyActivityProjection);
  }

  async onApplicationShutdown(): Promise<void> {
    this.notifier?.stop();
    await this.pool.end();
  }
}

/**
 * The event log and its projection runner (docs/event-log.md). Global: every context appends
 * through EventLog and registers its projections and policies with ProjectionRegistry.
 */
@Global()
@Module({})
export class EventLogModule {
  static forRoot(databaseUrl: string, options: EventLogOptions = eventLogOptionsFromEnv()): DynamicModule {
    return {
      module: EventLogModule,
      controllers: [EventLogController],
      providers: [
        { provide: EVENT_LOG_OPTIONS, useValue: options },
        { provide: EVENT_LOG_DATABASE_URL, useValue: databaseUrl },
        { provide: EVENT_LOG_POOL, useFactory: () => createEventLogPool(databaseUrl) },
        { provide: APP_INTERCEPTOR, useClass: EventContextInterceptor },
        AppendSignal,
        EventLog,
        ProjectionRegistry,
        ProjectionRunner,
        ProjectionStatusService,
        EventLogQueries,
        EventStreamReader,
        EventLogLifecycle,
      ],
      exports: [EventLog, EventStreamReader, ProjectionRegistry, ProjectionRunner, ProjectionStatusService, AppendSignal, EVENT_LOG_POOL, EVENT_LOG_OPTIONS],
    };
  }
}
