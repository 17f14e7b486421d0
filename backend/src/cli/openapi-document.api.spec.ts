// The OpenAPI document is the contract the front end's types are generated from: it must describe
// every answer, and it must be producible without a database (tools/api-types.mjs).
import type { OpenAPIObject } from '@nestjs/swagger';
import { describeApiWithoutDatabase } from './openapi-document.js';

let document: OpenAPIObject;
beforeAll(async () => {
  document = await describeApiWithoutDatabase();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { responses?: Record<string, { content?: unknown }> }>).map(([method, op]) => ({ path, method, responses: op.responses ?? {} })),
  );

it('is built in preview mode, without a database, with every route of the API', () => {
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/course', '/api/student-login-jwt', '/api/student-enroll-course', '/api/admin/event-log']));
  expect(operations().length).toBeGreaterThan(30);
});

it('describes a success answer for every operation: a schema, or 204 without a body', () => {
  const undescribed = operations()
    .filter(({ responses }) => !Object.entries(responses).some(([code, answer]) => code === '204' || (code.startsWith('2') && answer.content)))
    .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
  expect(undescribed).toEqual([]);
});

it('names every answer schema, so the front end imports it by name', () => {
  const inline = operations().flatMap(({ method, path, responses }) =>
    Object.entries(responses)
      .filter(([code]) => code.startsWith('2') && code !== '204')
      .flatMap(([, answer]) => Object.values((answer.content ?? {}) as Record<string, { schema?: { $ref?: string; format?: string; items?: { $ref?: string } } }>))
      // A file (an Excel export) is bytes, not a type to import.
      .filter(({ schema }) => !schema?.$ref && !schema?.items?.$ref && schema?.format !== 'binary')
      .map(() => `${method.toUpperCase()} ${path}`),
  );
  expect(inline).toEqual([]);
});
