import { jest } from '@jest/globals';
import { BadRequestException, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { ArgumentsHost } from '@nestjs/common';
import { ConcurrentWriteError, ConflictError, ForbiddenError } from '../../shared-kernel/index.js';
import { ErrorFilter, loggableUrl } from './error.filter.js';
import { RequestValidationError } from './request-validation.error.js';

const request = { id: 'req-123', method: 'GET', url: '/api/x' } as unknown as FastifyRequest;
const filter = new ErrorFilter();

describe('ErrorFilter', () => {
  it('maps named domain errors to their status with the French message and field', () => {
    expect(filter.toResponse(new ForbiddenError('Accès refusé.'), request)).toEqual({ status: 403, body: { statusCode: 403, message: 'Accès refusé.' } });
    expect(filter.toResponse(new ConflictError('Déjà pris.', 'email'), request)).toEqual({
      status: 409,
      body: { statusCode: 409, message: 'Déjà pris.', errors: { email: ['Déjà pris.'] } },
    });
  });

  it('answers validation errors with every field', () => {
    const { status, body } = filter.toResponse(new RequestValidationError({ email: ['E-mail invalide.'], fullname: ['Obligatoire.'] }), request);
    expect(status).toBe(400);
    expect(body.errors).toEqual({ email: ['E-mail invalide.'], fullname: ['Obligatoire.'] });
  });

  it('translates framework errors to French without their English text', () => {
    expect(filter.toResponse(new NotFoundException('Cannot GET /api/x'), request).body.message).toBe('Ressource introuvable.');
    expect(filter.toResponse(new BadRequestException('Unexpected token'), request).body.message).toBe('Requête invalide.');
    expect(filter.toResponse({ statusCode: 413, message: 'request file too large' }, request).body.message).toContain('trop volumineux');
  });

  it('answers 503 with Retry-After and a French message when the database is away, never 500', () => {
    const spy = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(filter.toResponse(lost, request)).toEqual({
      status: 503,
      body: { statusCode: 503, message: 'Service momentanément indisponible, réessayez dans quelques instants.' },
      headers: { 'retry-after': '5' },
    });
    expect(filter.toResponse(new Error('Connection terminated unexpectedly'), request).status).toBe(503);
    spy.mockRestore();
  });

  it('logs an unexpected error with the request id and answers without internals', () => {
    const logged: string[] = [];
    const spy = jest.spyOn(Logger.prototype, 'error').mockImplementation((m: unknown) => void logged.push(String(m)));
    const { status, body } = filter.toResponse(new Error('password=hunter2 in SQL'), request);
    spy.mockRestore();
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(body.message).toBe('Une erreur interne est survenue. Référence : req-123');
    expect(logged[0]).toContain('req-123');
    expect(logged[0]).toContain('hunter2');
  });

  it('keeps credentials in addresses out of the log: long path segments and query strings', () => {
    const token = 'eyJkIjoxMiwiYSI6MywiZSI6MTc5NTc0NTEwMn0.Zm9vYmFyYmF6cXV4cXV1eA';
    const logged: string[] = [];
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation((m: unknown) => void logged.push(String(m)));
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((m: unknown) => void logged.push(String(m)));
    const linked = { id: 'req-9', method: 'GET', url: `/api/evidence/dossiers/12/file/${token}?since=secret` } as unknown as FastifyRequest;
    filter.toResponse(new Error('disque plein'), linked);
    filter.toResponse(Object.assign(new Error('terminating connection'), { code: '57P01' }), linked);
    error.mockRestore();
    warn.mockRestore();
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).toContain('GET /api/evidence/dossiers/12/file/…?…');
      expect(line).not.toContain(token);
      expect(line).not.toContain('secret');
    }
    expect(loggableUrl('/api/student/7/courses')).toBe('/api/student/7/courses');
  });

  it('answers a race the server could not settle with the retryable code and Retry-After; a business conflict without them', () => {
    const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
    const reply = {
      status: (status: number) => ((sent.status = status), reply),
      header: (name: string, value: string) => ((sent.headers[name] = value), reply),
      send: (body: unknown) => ((sent.body = body), reply),
    };
    const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }) } as unknown as ArgumentsHost;
    filter.catch(new ConcurrentWriteError(), host);
    expect(sent).toMatchObject({ status: 409, headers: { 'retry-after': '1' }, body: { statusCode: 409, code: 'conflit_concurrent' } });
    expect((sent.body as { message: string }).message).toMatch(/réessayez/);

    sent.headers = {};
    filter.catch(new ConflictError('Vous avez déjà répondu à cette question.'), host);
    expect(sent.headers['retry-after']).toBeUndefined();
    expect(sent.body).toEqual({ statusCode: 409, message: 'Vous avez déjà répondu à cette question.' });
  });
});
