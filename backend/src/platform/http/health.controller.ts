import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Database } from '../database/database.js';

@ApiTags('Plateforme')
@Controller('health')
export class HealthController {
  constructor(private readonly db: Database) {}

  @Get()
  @ApiOperation({ summary: 'État du service et de la base de données' })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    try {
      await this.db.query('select 1');
      return { status: 'ok', database: 'ok' };
    } catch {
      reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'error', database: 'indisponible' };
    }
  }
}
