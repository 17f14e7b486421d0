import { DynamicModule, Module } from '@nestjs/common';
import { JobsController } from './jobs.controller.js';
import { JOBS_DATABASE_URL, Jobs } from './jobs.service.js';

/** The job queue in the app (docs/adr/0031): `Jobs` for every context, and the admin's GET /api/admin/jobs/{id}/. */
@Module({})
export class JobsModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: JobsModule,
      controllers: [JobsController],
      providers: [{ provide: JOBS_DATABASE_URL, useValue: databaseUrl }, Jobs],
      exports: [Jobs],
    };
  }
}
