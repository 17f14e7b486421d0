import Fastify from 'fastify';
import { Logger } from '@nestjs/common';
import { withEventContext } from '../event-log/event-context.js';
import { JsonLogger, registerAccessLog } from './json-logger.js';

describe('JSON logs (LOG_FORMAT=json)', () => {
  const capture = (levels?: ConstructorParameters<typeof JsonLogger>[0]) => {
    const lines: Record<string, unknown>[] = [];
    const logger = new JsonLogger(levels, (line) => {
      expect(line.endsWith('\n')).toBe(true);
      lines.push(JSON.parse(line));
    });
    return { logger, lines };
  };

  it('writes one object per line with its level, context and the unit of work’s ids', () => {
    const { logger, lines } = capture();
    withEventContext({ requestId: 'r-1', correlationId: 'r-1', causationId: 'e-9', actor: { accountId: 42, role: 'admin' } }, () => logger.log('Cours publié', 'Catalogue'));
    logger.warn('Sans contexte');
    expect(lines).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', context: 'Catalogue', message: 'Cours publié', request_id: 'r-1', correlation_id: 'r-1', causation_id: 'e-9', actor_id: 42 },
      { time: expect.any(String), level: 'warn', message: 'Sans contexte' },
    ]);
  });

  it('keeps an error’s stack, drops the levels not asked for, and goes through Nest’s Logger', () => {
    const { logger, lines } = capture(['error']);
    const error = new Error('panne');
    logger.error('Échec du traitement', error.stack, 'Tâches');
    logger.log('ignoré');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', context: 'Tâches', message: 'Échec du traitement', stack: expect.stringContaining('panne') });
    const nest = capture();
    Logger.overrideLogger(nest.logger);
    try {
      new Logger('Démarrage').log('Plateforme disponible');
    } finally {
      Logger.overrideLogger(['error']);
    }
    expect(nest.lines).toEqual([expect.objectContaining({ level: 'info', context: 'Démarrage', message: 'Plateforme disponible' })]);
  });

  it('logs each request once with its route, never its URL', async () => {
    const { logger, lines } = capture();
    const fastify = Fastify({ genReqId: () => 'req-7' });
    registerAccessLog(fastify, logger);
    fastify.get('/api/course/:id', async () => ({ ok: true }));
    await fastify.inject({ method: 'GET', url: '/api/course/12?token=secret' });
    await fastify.inject({ method: 'GET', url: '/ailleurs?token=secret' });
    await fastify.close();
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', message: 'requête servie', request_id: 'req-7', method: 'GET', route: '/api/course/:id', status: 200, duration_ms: expect.any(Number) }),
      expect.objectContaining({ route: null, status: 404 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});
