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

describe('front-end import zones', () => {
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

  describe('the imports a zone may make', () => {
    for (const [file, code] of [
      ['src/features/enrolment/components/a.tsx', "import { X } from '../enrolment-api';"],
      ['src/features/enrolment/a.ts', "import { X } from '../../components/course';"],
      ['src/features/enrolment/a.ts', "import { X } from '../../app/api';"],
      ['src/features/enrolment/a.ts', "import { X } from '../../layout/content-page';"],
      ['src/features/enrolment/a.ts', "import { X } from 'antd';"],
      ['src/areas/public/a.tsx', "import { X } from '../../features/catalogue';"],
      ['src/app/router.tsx', "const X = () => import('../features/catalogue/index.ts');"],
    ]) {
      it(`passes: ${code} in ${file}`, async () => {
        assert.deepEqual(await zoneErrors(file, code), []);
      });
    }
  });

  it("fails when an area reaches into a feature's internals", async () => {
    assert.deepEqual(await zoneErrors('src/areas/public/a.tsx', "import { X } from '../../features/catalogue/catalogue-api';"), ['internals']);
  });

  it('fails when shared code imports a feature or an area', async () => {
    assert.deepEqual(await zoneErrors('src/layout/a.tsx', "import { X } from '../features/catalogue';"), ['sharedToFeature']);
    assert.deepEqual(await zoneErrors('src/components/course/a.tsx', "import { X } from '../../areas/public';"), ['sharedToFeature']);
  });

  it('fails when a feature imports an area', async () => {
    assert.deepEqual(await zoneErrors('src/features/identity/a.tsx', "import { X } from '../../areas/student';"), ['featureToArea']);
  });
});
