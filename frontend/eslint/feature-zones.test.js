// Runs the front end's real ESLint config on import snippets: a zone that does not fail here
// would not fail in `npm run lint` either (run by `npm run lint --workspace frontend`).
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

/** The feature-zones messages ESLint gives for `code` written in the file `filePath` (under frontend/). */
async function zoneErrors(filePath, code) {
  const [result] = await eslint.lintText(`${code}\nexport const used = X;\n`, { filePath });
  return result.messages.filter((message) => message.ruleId === 'lms/feature-zones').map((message) => message.messageId);
}

describe('front-end layers and zones', () => {
  describe('a feature importing another feature', () => {
    for (const [file, code] of [
      ['src/features/enrolment/components/a.tsx', "import { X } from '../../catalogue/catalogue-api';"],
      ['src/features/enrolment/a.ts', "import { X } from '../catalogue/catalogue-api';"],
      ['src/features/enrolment/a.ts', "import { X } from '../catalogue';"],
      ['src/features/enrolment/screens/a.tsx', "import { X } from '../../../features/catalogue/index';"],
      ['src/features/enrolment/a.ts', "import { X } from '@/features/catalogue';"],
      ['src/features/enrolment/a.ts', "export { X } from '../identity/use-login';"],
      ['src/features/enrolment/a.ts', "const X = () => import('../identity');"],
    ]) {
      it(`fails: ${code} in ${file}`, async () => {
        assert.deepEqual(await zoneErrors(file, code), ['crossFeature']);
      });
    }
  });

  describe('the imports a layer may make: its own and those below it', () => {
    for (const [file, code] of [
      ['src/features/enrolment/components/a.tsx', "import { X } from '../enrolment-api';"],
      ['src/features/enrolment/a.ts', "import { X } from '../../components/course';"],
      ['src/features/enrolment/a.ts', "import { X } from '../../lib/api';"],
      ['src/features/enrolment/a.ts', "import { X } from '@/lib/hooks';"],
      ['src/features/enrolment/a.ts', "import { X } from '../../layout/content-page';"],
      ['src/features/enrolment/a.ts', "import { X } from 'antd';"],
      ['src/features/enrolment/a.test.tsx', "import { X } from '../../test/render-app';"],
      ['src/areas/public/a.tsx', "import { X } from '../../features/catalogue';"],
      ['src/areas/public/a.tsx', "import { X } from '../../layout/side-menu';"],
      ['src/areas/public/a.tsx', "import { X } from '../area-greeting';"],
      ['src/app/router.tsx', "const X = () => import('../features/catalogue/index.ts');"],
      ['src/app/router.tsx', "import { X } from '../areas/public';"],
      ['src/app/store.ts', "import { X } from '../lib/api';"],
      ['src/layout/navbar.tsx', "import { X } from '../components/status';"],
      ['src/layout/navbar.tsx', "import { X } from '../lib/session';"],
      ['src/components/course/a.tsx', "import { X } from '../../lib/api-schema';"],
      ['src/components/course/a.tsx', "import { X } from '../status';"],
      ['src/lib/upload.ts', "import { X } from './base-query';"],
      ['src/main.tsx', "import { X } from './app/router';"],
      ['src/test/render-app.tsx', "import { X } from '../app/store';"],
    ]) {
      it(`passes: ${code} in ${file}`, async () => {
        assert.deepEqual(await zoneErrors(file, code), []);
      });
    }
  });

  it("fails when an area reaches into a feature's internals", async () => {
    assert.deepEqual(await zoneErrors('src/areas/public/a.tsx', "import { X } from '../../features/catalogue/catalogue-api';"), ['internals']);
  });

  describe('an import that points up the layers', () => {
    for (const [file, code] of [
      // A feature imports neither the app (router, providers, store) nor an area.
      ['src/features/enrolment/a.ts', "import { X } from '../../app/store';"],
      ['src/features/enrolment/screens/a.tsx', "import { X } from '../../../app/theme';"],
      ['src/features/enrolment/a.ts', "import { X } from '@/app/router';"],
      ['src/features/enrolment/a.ts', "const X = () => import('../../app/providers');"],
      ['src/features/identity/a.tsx', "import { X } from '../../areas/student';"],
      // An area does not import the app.
      ['src/areas/student/a.tsx', "import { X } from '../../app/route-guards';"],
      // The shared code reaches no feature, area or app.
      ['src/lib/api.ts', "import { X } from '../features/catalogue';"],
      ['src/lib/hooks.ts', "import { X } from '../app/store';"],
      ['src/lib/hooks.ts', "export { X } from '../areas/public';"],
      ['src/lib/a.ts', "import { X } from '../components/status';"],
      ['src/lib/a.ts', "import { X } from '../layout/navbar';"],
      ['src/components/course/a.tsx', "import { X } from '../../features/catalogue';"],
      ['src/components/course/a.tsx', "import { X } from '../../areas/public';"],
      ['src/components/course/a.tsx', "import { X } from '../../layout/content-page';"],
      ['src/components/course/a.tsx', "import { X } from '../../app/hooks';"],
      ['src/layout/a.tsx', "import { X } from '../features/catalogue';"],
      ['src/layout/a.tsx', "import { X } from '../app/store';"],
    ]) {
      it(`fails: ${code} in ${file}`, async () => {
        assert.deepEqual(await zoneErrors(file, code), ['upward']);
      });
    }
  });
});
