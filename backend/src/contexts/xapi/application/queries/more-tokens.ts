import { XapiBadRequest } from '../../domain/xapi.errors.js';

/**
 * The `more` of a page: the query's parameters with the cursor (the last statement's seq) and the
 * newest seq at the first page (statements stored since do not shift the pages), in base64url.
 * A forged token is only another query: the reader's scope applies to it as to any.
 */
export function issueMore(params: Record<string, string>): string {
  return Buffer.from(JSON.stringify(params)).toString('base64url');
}

export function readMore(token: string): Record<string, string> {
  try {
    const params = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new Error('not an object');
    for (const value of Object.values(params)) if (typeof value !== 'string') throw new Error('not a string');
    const query = params as Record<string, string>;
    if (!/^\d{1,18}$/.test(query.cursor ?? '') || !/^\d{1,18}$/.test(query.through ?? '')) throw new Error('no cursor');
    return query;
  } catch {
    throw new XapiBadRequest('more: not a token this LRS issued');
  }
}
