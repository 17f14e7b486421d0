// Jest's node environment, which fails a test file that leaves something open once it is done: a
// server still listening, a socket or pool not closed, a timer neither cleared nor unref'd. Such a
// handle keeps the worker alive after the run ("A worker process has failed to exit gracefully",
// "Jest did not exit one second after the test run has completed"), and usually shows a missing
// close() that the application would leak too.
// - Timers: those the file's code (test and application alike) creates through the globals are
//   followed; one still pending and ref'd after the last afterAll is reported.
// - Other handles: the process's active resources (what keeps the event loop alive) after the file
//   are compared, by type, with those before it, allowing closes a moment to complete.
// To see where a reported handle was opened: npx jest -c <config> --detectOpenHandles <file>.
const { relative } = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

/** Closing a socket or a server completes on a later turn of the event loop: wait that long at most. */
const GRACE_MS = 10_000;
/** Followed one by one through the globals, instead of counted. */
const TIMER_TYPES = new Set(['Timeout', 'Immediate']);

function handleCounts() {
  const result = new Map();
  for (const type of process.getActiveResourcesInfo()) if (!TIMER_TYPES.has(type)) result.set(type, (result.get(type) ?? 0) + 1);
  return result;
}

class LeakCheckingEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = relative(config.projectConfig.rootDir, context.testPath);
    this.timers = new Map();
    this.followTimers();
  }

  /** Wraps the file's setTimeout and setInterval to know which of its timers are still pending. */
  followTimers() {
    const global = this.global;
    const timers = this.timers;
    const { setTimeout, setInterval, clearTimeout, clearInterval } = global;
    const origin = (fn, ms) => `${fn?.name || 'anonyme'}, ${ms ?? 0} ms`;
    const forget = (timer) => {
      if (timer === undefined || timer === null) return;
      if (typeof timer === 'object') timers.delete(timer);
      else for (const t of timers.keys()) if (Number(t) === Number(timer)) timers.delete(t);
    };
    global.setTimeout = function (fn, ms, ...args) {
      const timer = setTimeout(function (...a) {
        timers.delete(timer);
        return fn.apply(this, a);
      }, ms, ...args);
      timers.set(timer, `setTimeout(${origin(fn, ms)})`);
      return timer;
    };
    global.setInterval = function (fn, ms, ...args) {
      const timer = setInterval(fn, ms, ...args);
      timers.set(timer, `setInterval(${origin(fn, ms)})`);
      return timer;
    };
    global.clearTimeout = (timer) => {
      forget(timer);
      return clearTimeout(timer);
    };
    global.clearInterval = (timer) => {
      forget(timer);
      return clearInterval(timer);
    };
  }

  async setup() {
    await super.setup();
    this.handlesBefore = handleCounts();
  }

  leftOpen() {
    const now = handleCounts();
    const handles = [...now].filter(([type, n]) => n > (this.handlesBefore.get(type) ?? 0)).map(([type, n]) => `${type} ×${n - (this.handlesBefore.get(type) ?? 0)}`);
    const timers = [...this.timers].filter(([timer]) => timer.hasRef?.() !== false).map(([, what]) => what);
    return [...handles, ...timers];
  }

  async teardown() {
    const deadline = Date.now() + GRACE_MS;
    let left = this.leftOpen();
    while (left.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      left = this.leftOpen();
    }
    await super.teardown();
    if (left.length) {
      throw new Error(
        `${this.testPath} laisse des ressources ouvertes après ses tests : ${left.join(', ')}. ` +
          `Fermez-les dans un afterAll (serveur, pool, socket) ou clearTimeout/unref (minuterie) ; ` +
          `pour voir où elles sont ouvertes : npx jest -c <config> --detectOpenHandles ${this.testPath}`,
      );
    }
  }
}

module.exports = LeakCheckingEnvironment;
