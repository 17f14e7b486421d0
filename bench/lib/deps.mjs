// Libraries the baseline needs, resolved from the backend's own dependency tree so that the
// baseline runs the very same copies the app runs (same fastify under @nestjs/platform-fastify,
// same jsonwebtoken under @nestjs/jwt, same pg, same argon2 binding).
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const backendRequire = createRequire(join(projectRoot, 'backend/package.json'));
const fromPackage = (name) => createRequire(backendRequire.resolve(name));

export const pg = backendRequire('pg');
export const argon2 = backendRequire('argon2');
export const jwt = fromPackage('@nestjs/jwt')('jsonwebtoken');
export const fastify = fromPackage('@nestjs/platform-fastify')('fastify');

export function versionOf(require, name) {
  return require(`${name}/package.json`).version;
}

export const versions = {
  fastify: versionOf(fromPackage('@nestjs/platform-fastify'), 'fastify'),
  jsonwebtoken: versionOf(fromPackage('@nestjs/jwt'), 'jsonwebtoken'),
  pg: versionOf(backendRequire, 'pg'),
  argon2: versionOf(backendRequire, 'argon2'),
};
