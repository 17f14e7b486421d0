import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify's router refuses a malformed URL (`%ZZ`, an overlong UTF-8 sequence) or an over-long
 * route parameter before any hook, filter or Nest handler runs, and would answer its own English
 * body. This answers the API's shape, in French (docs/adr/0009-input-hygiene.md).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL' ? "L'adresse demandée est mal encodée." : status === 414 ? "L'adresse demandée est trop longue." : 'Requête invalide.';
  void reply.status(status).header('content-type', 'application/json; charset=utf-8').send({ statusCode: status, message });
}
