import { inspect } from 'node:util';
import type { LoggerService, LogLevel } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { currentEventContext } from '../event-log/event-context.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'verbose';
const NEST_LEVEL: Record<Level, LogLevel> = { fatal: 'fatal', error: 'error', warn: 'warn', info: 'log', debug: 'debug', verbose: 'verbose' };

/** One log line: a JSON object with the unit of work's ids (docs/adr/0059). */
export interface LogLine {
  time: string;
  level: Level;
  context?: string;
  message: string;
  stack?: string;
  request_id?: string;
  correlation_id?: string;
  causation_id?: string;
  actor_id?: number;
  [field: string]: unknown;
}

/**
 * LOG_FORMAT=json: every log line is one JSON object on standard output, carrying the ids the
 * event log records for the same unit of work (the HTTP request's id, the correlation and
 * causation ids a policy inherits from the events it reacts to, the actor's account id), so an
 * operator can go from a line to the events it caused and back. Never a request's body or query.
 */
export class JsonLogger implements LoggerService {
  private readonly enabled: Set<LogLevel>;

  constructor(
    levels: readonly LogLevel[] = ['log', 'warn', 'error', 'fatal'],
    private readonly write: (line: string) => void = (line) => void process.stdout.write(line),
  ) {
    this.enabled = new Set(levels);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.emit('fatal', message, rest);
  }
  setLogLevels(levels: LogLevel[]): void {
    this.enabled.clear();
    for (const level of levels) this.enabled.add(level);
  }

  /** A line with fields of its own (the access log's). */
  line(level: Level, message: string, fields: Record<string, unknown>): void {
    if (!this.enabled.has(NEST_LEVEL[level])) return;
    this.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...this.ids(), ...fields })}\n`);
  }

  private emit(level: Level, message: unknown, rest: unknown[]): void {
    if (!this.enabled.has(NEST_LEVEL[level])) return;
    // Nest's Logger passes (message, context) and, for errors, (message, stack, context).
    const params = [...rest];
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
    const stack = level === 'error' || level === 'fatal' ? params.find((p): p is string => typeof p === 'string' && /\n\s+at /.test(p)) : undefined;
    const line: LogLine = {
      time: new Date().toISOString(),
      level,
      ...(context ? { context } : {}),
      message: typeof message === 'string' ? message : message instanceof Error ? message.message : inspect(message, { depth: 4, breakLength: Infinity }),
      ...(stack ? { stack } : message instanceof Error && message.stack ? { stack: message.stack } : {}),
      ...this.ids(),
    };
    this.write(`${JSON.stringify(line)}\n`);
  }

  private ids(): Partial<LogLine> {
    const { requestId, correlationId, causationId, actor } = currentEventContext();
    return {
      ...(requestId ? { request_id: requestId } : {}),
      ...(correlationId ? { correlation_id: correlationId } : {}),
      ...(causationId ? { causation_id: causationId } : {}),
      ...(actor ? { actor_id: actor.accountId } : {}),
    };
  }
}

/** LOG_FORMAT=json: one access line per answered request, with its route (never its URL, which may carry a token). */
export function registerAccessLog(fastify: FastifyInstance, logger: JsonLogger): void {
  fastify.addHook('onResponse', async (request, reply) => {
    logger.line(reply.statusCode >= 500 ? 'error' : 'info', 'requête servie', {
      request_id: String(request.id),
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
    });
  });
}
