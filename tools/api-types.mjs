// Generates the front end's API types from the server's OpenAPI document (docs/adr/0008-generated-api-types.md):
//   1. compiles the backend (swc only, into backend/.api-build/, apart from the build's dist/);
//   2. writes the OpenAPI document without a database (the app composed in Nest's preview mode);
//   3. turns it into TypeScript with openapi-typescript: frontend/src/lib/api-schema.d.ts.
// The file is not in git: every front-end build and typecheck regenerates it, so a client that no
// longer matches the server fails `tsc`, and the types can never be stale.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const backend = join(root, 'backend');
const build = join(backend, '.api-build');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const documentFile = join(build, 'openapi.json');
const target = join(root, 'frontend', 'src', 'lib', 'api-schema.d.ts');

rmSync(build, { recursive: true, force: true });
mkdirSync(build, { recursive: true });
execFileSync(bin('swc'), ['src', '-d', '.api-build', '--strip-leading-paths', '--config-file', '.swcrc', '--quiet'], { cwd: backend, stdio: 'inherit' });
execFileSync(process.execPath, [join(build, 'cli', 'openapi-document.js'), documentFile], { cwd: backend, stdio: 'inherit' });
const generated = join(build, 'api-schema.d.ts');
execFileSync(bin('openapi-typescript'), [documentFile, '--output', generated, '--alphabetize', '--root-types', '--root-types-no-schema-prefix'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const text = readFileSync(generated, 'utf8');
// Rewrite only on change, so that tools watching the file (Vite, the editor) see real changes only.
if (!existsSync(target) || readFileSync(target, 'utf8') !== text) writeFileSync(target, text);
rmSync(build, { recursive: true, force: true });
console.log(`Types de l'API générés : ${target.slice(root.length)}`);
