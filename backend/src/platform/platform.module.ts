import { join } from 'node:path';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from '../shared-kernel/index.js';
import { AggregateStore } from './aggregate-store/aggregate-store.js';
import { LaunchTokens } from './auth/launch-token.js';
import { APP_CONFIG, type AppConfig } from './config/config.js';
import { DatabaseModule } from './database/database.module.js';
import { EventLogModule } from './event-log/event-log.module.js';
import { HealthController } from './http/health.controller.js';
import { JobsModule } from './jobs/jobs.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { MailModule } from './mail/mail.module.js';
import { Metrics } from './metrics/metrics.js';
import { LocalDiskStorage, MediaStorage } from './storage/media-storage.js';
import { PendingFilesSweep } from './storage/pending-files-sweep.js';
import { S3MediaStorage } from './storage/s3-storage.js';

/** Technical plumbing every context may use: configuration, database, event log, the aggregate store, clock, storage, mail, the job queue, the anchored ledger (docs/adr/0038). */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig, databaseUrl: string, clock: Clock = new SystemClock()): DynamicModule {
    return {
      module: PlatformModule,
      imports: [DatabaseModule.forRoot(databaseUrl), EventLogModule.forRoot(databaseUrl), MailModule, JobsModule.forRoot(databaseUrl), LedgerModule],
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: Clock, useValue: clock },
        { provide: MediaStorage, useValue: mediaStorageFor(config) },
        AggregateStore,
        LaunchTokens,
        Metrics,
        PendingFilesSweep,
      ],
      exports: [JobsModule, LedgerModule, APP_CONFIG, Clock, MediaStorage, AggregateStore, LaunchTokens, Metrics],
    };
  }
}

export const mediaRoot = (config: AppConfig) => join(config.dataDir, 'media');

/** The local disk under DATA_DIR, or the object store STORAGE=s3 names (docs/adr/0060). */
export const mediaStorageFor = (config: AppConfig): MediaStorage =>
  config.storage.kind === 's3' ? new S3MediaStorage(config.storage) : new LocalDiskStorage(mediaRoot(config));
