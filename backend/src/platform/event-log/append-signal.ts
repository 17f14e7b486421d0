import { Injectable } from '@nestjs/common';

/**
 * The in-process "events were committed" signal: the appender marks the transaction, a MikroORM
 * commit hook fires the signal; this node's projection runner wakes up, and the AppendNotifier
 * tells the other nodes through PostgreSQL NOTIFY. Polling covers a lost notification.
 */
@Injectable()
export class AppendSignal {
  private readonly listeners = new Set<() => void>();
  private readonly pending = new WeakSet<object>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Remembers a transaction that appended, to signal once it commits. */
  appendedIn(transaction: object): void {
    this.pending.add(transaction);
  }

  committed(transaction: object): void {
    if (this.pending.delete(transaction)) this.notify();
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}
