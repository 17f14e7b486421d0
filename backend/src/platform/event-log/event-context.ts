import { AsyncLocalStorage } from 'node:async_hooks';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { Actor } from '../../shared-kernel/index.js';

/** What the current unit of work knows about its cause; appended events take their metadata from it. */
export interface EventContext {
  actor?: { accountId: number; role: string } | null;
  correlationId?: string | null;
  causationId?: string | null;
  /** The HTTP request being served (for the logs; events carry the correlation id). */
  requestId?: string | null;
}

const storage = new AsyncLocalStorage<EventContext>();

export function currentEventContext(): EventContext {
  return storage.getStore() ?? {};
}

/** Runs `work` with `context` merged over the current one (policies set the causing event here). */
export function withEventContext<T>(context: EventContext, work: () => T): T {
  return storage.run({ ...currentEventContext(), ...context }, work);
}

/** Every HTTP request is a unit of work: its id correlates the events, its caller is their actor. */
@Injectable()
export class EventContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<{ id?: string; user?: Actor }>();
    const eventContext: EventContext = {
      correlationId: request.id ? String(request.id) : null,
      requestId: request.id ? String(request.id) : null,
      actor: request.user ? { accountId: request.user.accountId, role: request.user.role } : null,
    };
    return new Observable((subscriber) => storage.run(eventContext, () => next.handle().subscribe(subscriber)));
  }
}
