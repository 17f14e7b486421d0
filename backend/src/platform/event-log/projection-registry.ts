import { Injectable } from '@nestjs/common';
import type { Policy, Projection, ProjectionRow, Subscription } from './projection.js';
import type { RecordedEvent } from './recorded-event.js';

const NAME_PATTERN = /^[a-z][a-z0-9_.-]{0,99}$/;
const TABLE_PATTERN = /^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/;
const COLUMN_PATTERN = /^[a-z_][a-z0-9_]*$/;

/** Contexts register their projections and policies here, in their module's onModuleInit. */
@Injectable()
export class ProjectionRegistry {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly listeners = new Set<(subscription: Subscription) => void>();

  register<Row extends ProjectionRow, E extends RecordedEvent<string, object>>(projection: Projection<Row, E>): void {
    if (!TABLE_PATTERN.test(projection.table)) throw new Error(`Projection ${projection.name} : table « ${projection.table} » invalide (schéma.table).`);
    if (projection.primaryKey.length === 0 || !projection.primaryKey.every((c) => COLUMN_PATTERN.test(c))) {
      throw new Error(`Projection ${projection.name} : clé primaire invalide.`);
    }
    this.add({ kind: 'projection', name: projection.name, projection: projection as unknown as Projection });
  }

  registerPolicy<E extends RecordedEvent<string, object>>(policy: Policy<E>): void {
    if (policy.handles.length === 0) throw new Error(`Politique ${policy.name} : aucun type d’événement.`);
    this.add({ kind: 'policy', name: policy.name, policy: policy as unknown as Policy });
  }

  all(): Subscription[] {
    return [...this.subscriptions.values()];
  }

  get(name: string): Subscription | undefined {
    return this.subscriptions.get(name);
  }

  projections(): Projection[] {
    return this.all().flatMap((s) => (s.kind === 'projection' ? [s.projection] : []));
  }

  /** Called for every subscription registered from now on (the runner starts its loop). */
  onRegister(listener: (subscription: Subscription) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private add(subscription: Subscription): void {
    if (!NAME_PATTERN.test(subscription.name)) throw new Error(`Nom de projection ou de politique invalide : « ${subscription.name} ».`);
    if (this.subscriptions.has(subscription.name)) throw new Error(`« ${subscription.name} » est déjà enregistré.`);
    this.subscriptions.set(subscription.name, subscription);
    for (const listener of this.listeners) listener(subscription);
  }
}
