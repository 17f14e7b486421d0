// Proves the boundary rule fails on a forbidden import (run by `npm run test:unit -w backend`'s lint step).
import { RuleTester } from 'eslint';
import rule from './context-boundaries.mjs';

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
tester.run('context-boundaries', rule, {
  valid: [
    { filename: '/p/backend/src/contexts/catalogue/http/a.ts', code: "import { X } from '../../identity/index.js';" },
    { filename: '/p/backend/src/contexts/catalogue/http/a.ts', code: "import { X } from '../domain/course.js';" },
    { filename: '/p/backend/src/app.module.ts', code: "import { X } from './contexts/identity/index.js';" },
    { filename: '/p/backend/src/platform/testing/x.ts', code: "import { X } from '../../contexts/identity/domain/a.js';" },
  ],
  invalid: [
    { filename: '/p/backend/src/contexts/catalogue/http/a.ts', code: "import { X } from '../../identity/domain/account.entity.js';", errors: [{ messageId: 'internals' }] },
    { filename: '/p/backend/src/contexts/catalogue/a.ts', code: "export * from '../identity/application/x.js';", errors: [{ messageId: 'internals' }] },
    { filename: '/p/backend/src/platform/http/a.ts', code: "import { X } from '../../contexts/identity/index.js';", errors: [{ messageId: 'platform' }] },
    { filename: '/p/backend/src/demo/seed.ts', code: "import { X } from '../contexts/identity/domain/a.js';", errors: [{ messageId: 'internals' }] },
    { filename: '/p/backend/src/platform/http/a.ts', code: "import { AppModule } from '../../app.module.js';", errors: [{ messageId: 'platform' }] },
  ],
});
console.log('context-boundaries: 9 cases, 0 failed');
