import { ConflictError, InvalidInputError, NotFoundError } from '../../shared-kernel/index.js';

/**
 * Someone else appended to the stream since the caller read it. The whole command is safe to
 * retry: its transaction was rolled back with the events.
 */
export class StreamVersionConflictError extends ConflictError {
  constructor(
    readonly streamType: string,
    readonly streamId: string,
    readonly expectedVersion: number | 'any',
    readonly actualVersion: number | null,
    reason = 'Ces données viennent d’être modifiées par ailleurs. Rechargez la page puis réessayez.',
  ) {
    super(reason);
  }
}

/** A programming error in an append request (bad stream name, no events…), never a user's fault. */
export class InvalidAppendError extends InvalidInputError {}

export class UnknownProjectionError extends NotFoundError {
  constructor(name: string, known: string[]) {
    super(`Projection inconnue : « ${name} ». Projections connues : ${known.join(', ') || 'aucune'}.`);
  }
}
