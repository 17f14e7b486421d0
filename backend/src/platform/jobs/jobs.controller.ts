import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { InvalidInputError, NotFoundError } from '../../shared-kernel/index.js';
import { Authenticated } from '../auth/auth.decorators.js';
import type { JobState } from './job-queue.js';
import { Jobs } from './jobs.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATES: JobState[] = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];

export class JobProgressView {
  @ApiProperty() done!: number;
  @ApiProperty() total!: number;
}

export class JobView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'Type de tâche' }) name!: string;
  @ApiProperty({ enum: STATES }) state!: JobState;
  @ApiProperty({ description: 'Essais faits (le premier compris)' }) attempts!: number;
  @ApiProperty({ description: 'Nouveaux essais permis après le premier' }) retry_limit!: number;
  @ApiPropertyOptional({ type: JobProgressView, nullable: true, description: 'Avancement déclaré par la tâche ; null tant qu’elle n’en a rien dit' })
  progress!: JobProgressView | null;
}

/** An admin follows a background job (docs/adr/0031): state, attempts, progress. */
@ApiTags('Administration — tâches')
@Controller()
export class JobsController {
  constructor(private readonly jobs: Jobs) {}

  @Get('admin/jobs/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Une tâche de fond : état, essais, avancement' })
  @ApiOkResponse({ type: JobView })
  async get(@Param('id') id: string): Promise<JobView> {
    if (!UUID.test(id)) throw new InvalidInputError('L’identifiant de tâche doit être un UUID.', 'id');
    const job = await this.jobs.status(id.toLowerCase());
    if (!job) throw new NotFoundError('Tâche introuvable.');
    const attempts = job.state === 'created' ? job.retryCount : job.retryCount + 1;
    return { id: job.id, name: job.name, state: job.state, attempts, retry_limit: job.retryLimit, progress: job.progress };
  }
}
