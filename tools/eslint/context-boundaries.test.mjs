// Proves the boundary rule fails on each forbidden import (run by `npm run lint -w backend`).
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import rule from './context-boundaries.mjs';

const ctx = (name, inner) => `/p/backend/src/contexts/${name}/${inner}`;
const valid = [
  // Inside a context: anything of its own.
  { filename: ctx('catalogue', 'http/a.ts'), code: "import { X } from '../domain/course.js';" },
  // Downstream reads upstream's contracts (enrolment after catalogue, catalogue after identity).
  { filename: ctx('enrolment', 'application/commands/a.ts'), code: "import { GetCourseTitle } from '../../../catalogue/contracts/catalogue.queries.js';" },
  { filename: ctx('catalogue', 'application/a.ts'), code: "import { GetTeacherSummaries } from '../../identity/contracts/identity.queries.js';" },
  // Contracts use the shared kernel and their own contracts.
  { filename: ctx('identity', 'contracts/identity.queries.ts'), code: "import type { Actor } from '../../../shared-kernel/index.js';" },
  { filename: ctx('identity', 'contracts/identity.queries.ts'), code: "import type { X } from './identity.events.js';" },
  // The composition root imports modules; demo data and tests use the testing entries.
  { filename: '/p/backend/src/app.module.ts', code: "import { X } from './contexts/identity/index.js';" },
  { filename: '/p/backend/src/demo/demo-data.ts', code: "import { X } from '../contexts/enrolment/testing.js';" },
  { filename: '/p/backend/src/cli/testing/w.ts', code: "import { X } from '../../contexts/identity/testing.js';" },
  { filename: '/p/backend/src/testing/fixtures.ts', code: "import { X } from '../contexts/enrolment/testing.js';" },
  // Layers inside a context: application and http above the domain; http reaches the buses.
  { filename: ctx('catalogue', 'application/commands/a.command.ts'), code: "import { Course } from '../../domain/course.aggregate.js';" },
  { filename: ctx('catalogue', 'http/a.controller.ts'), code: "import { X } from '../application/queries/a.query.js';" },
  { filename: ctx('catalogue', 'http/a.requests.ts'), code: "import { TITLE_MAX } from '../domain/course.aggregate.js';" },
  { filename: ctx('catalogue', 'http/a.controller.ts'), code: "import { CommandBus } from '@nestjs/cqrs';" },
  // An API spec in http/ may arrange its world through the database.
  { filename: ctx('catalogue', 'http/a.api.spec.ts'), code: "import { Database } from '../../../platform/database/database.js';" },
  { filename: ctx('catalogue', 'http/catalogue.api.spec.ts'), code: "import { X } from '../../enrolment/testing.js';" },
  // A test may arrange with any context's contracts, whatever the order.
  { filename: ctx('catalogue', 'http/x.api.spec.ts'), code: "import { X } from '../../enrolment/contracts/enrolment.events.js';" },
];
const invalid = [
  { filename: ctx('catalogue', 'http/a.ts'), code: "import { X } from '../../identity/domain/account.aggregate.js';", errors: [{ messageId: 'internals' }] },
  { filename: ctx('catalogue', 'a.ts'), code: "export * from '../identity/application/x.js';", errors: [{ messageId: 'internals' }] },
  // A context's index (its module) is for the composition root only.
  { filename: ctx('enrolment', 'http/a.ts'), code: "import { X } from '../../catalogue/index.js';", errors: [{ messageId: 'module' }] },
  // Upstream never imports downstream: catalogue ← enrolment would close a cycle.
  { filename: ctx('catalogue', 'application/p.ts'), code: "import type { X } from '../../enrolment/contracts/enrolment.events.js';", errors: [{ messageId: 'order' }] },
  { filename: ctx('identity', 'application/p.ts'), code: "import type { X } from '../../catalogue/contracts/catalogue.queries.js';", errors: [{ messageId: 'order' }] },
  // A context nobody declared cannot join the graph unnoticed.
  { filename: ctx('billing', 'application/p.ts'), code: "import type { X } from '../../identity/contracts/identity.queries.js';", errors: [{ messageId: 'unlisted' }] },
  // Contracts stay free of the platform and of other contexts.
  { filename: ctx('identity', 'contracts/identity.events.ts'), code: "import type { X } from '../../../platform/event-log/index.js';", errors: [{ messageId: 'contracts' }] },
  { filename: ctx('enrolment', 'contracts/e.ts'), code: "import type { X } from '../../catalogue/contracts/catalogue.queries.js';", errors: [{ messageId: 'contracts' }] },
  { filename: ctx('identity', 'contracts/e.ts'), code: "import type { X } from '../domain/account.aggregate.js';", errors: [{ messageId: 'contracts' }] },
  // Testing entries never reach code that serves requests.
  { filename: ctx('enrolment', 'http/a.ts'), code: "import { X } from '../../identity/testing.js';", errors: [{ messageId: 'testing' }] },
  { filename: '/p/backend/src/app.module.ts', code: "import { X } from './contexts/identity/testing.js';", errors: [{ messageId: 'testing' }] },
  { filename: '/p/backend/src/demo/seed.ts', code: "import { X } from '../contexts/identity/domain/a.js';", errors: [{ messageId: 'internals' }] },
  // Platform and kernel sit below everything.
  { filename: '/p/backend/src/platform/http/a.ts', code: "import { X } from '../../contexts/identity/index.js';", errors: [{ messageId: 'platform' }] },
  { filename: '/p/backend/src/platform/http/a.ts', code: "import { AppModule } from '../../app.module.js';", errors: [{ messageId: 'platform' }] },
  { filename: '/p/backend/src/shared-kernel/a.ts', code: "import { X } from '../platform/event-log/index.js';", errors: [{ messageId: 'kernel' }] },
  // The platform's own test helpers stay below the contexts and the composition root.
  { filename: '/p/backend/src/platform/testing/fixtures.ts', code: "import { X } from '../../contexts/enrolment/testing.js';", errors: [{ messageId: 'platform' }] },
  { filename: '/p/backend/src/platform/http/a.api.spec.ts', code: "import { createApp } from '../../create-app.js';", errors: [{ messageId: 'platform' }] },
  // Layers inside a context.
  { filename: ctx('catalogue', 'domain/course.aggregate.ts'), code: "import { X } from '../application/commands/a.command.js';", errors: [{ messageId: 'layer' }] },
  { filename: ctx('catalogue', 'domain/course.aggregate.ts'), code: "import { X } from '../http/authoring.requests.js';", errors: [{ messageId: 'layer' }] },
  { filename: ctx('catalogue', 'application/queries/a.query.ts'), code: "import { X } from '../../http/a.requests.js';", errors: [{ messageId: 'layer' }] },
  // http/ is a translator: no persistence.
  { filename: ctx('catalogue', 'http/a.controller.ts'), code: "import { Database } from '../../../platform/database/database.js';", errors: [{ messageId: 'translator' }] },
  { filename: ctx('catalogue', 'http/a.controller.ts'), code: "import { AggregateStore } from '../../../platform/aggregate-store/index.js';", errors: [{ messageId: 'translator' }] },
  { filename: ctx('catalogue', 'http/a.controller.ts'), code: "import type { EntityManager } from '@mikro-orm/postgresql';", errors: [{ messageId: 'translator' }] },
  { filename: ctx('catalogue', 'http/a.controller.ts'), code: "import pg from 'pg';", errors: [{ messageId: 'translator' }] },
];

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } }).run('context-boundaries', rule, { valid, invalid });
console.log(`context-boundaries: ${valid.length + invalid.length} cases, 0 failed`);
