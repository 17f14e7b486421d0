import { Command, Query } from '@nestjs/cqrs';
import type { Actor } from '../../../shared-kernel/index.js';
import type { AuditorAccessKind } from './identity.events.js';

/** An auditor's scope as identity publishes it to the contexts that serve their reads (docs/adr/0039). */
export interface AuditorScopeView {
  auditorId: number;
  fullName: string;
  organisation: string;
  /** The last day of the access (a day of the centre, `AAAA-MM-JJ`). */
  endsOn: string;
  allCourses: boolean;
  courseIds: number[];
}

/**
 * The scope of the signed-in auditor, refused (403, French) once revoked or past its end date:
 * what a list of their scope filters with. Only for an actor of role `auditor`.
 */
export class GetAuditorScope extends Query<AuditorScopeView> {
  constructor(readonly actor: Actor) {
    super();
  }
}

/**
 * Admits one read of an auditor and records it (`AuditorAccessed`), or refuses it (403, French):
 * revoked, past the end date, or a course outside the scope. Sent by the context serving the read
 * BEFORE it answers: identity holds the auditor's rule (the aggregate), the reader holds the data.
 */
export class AdmitAuditorAccess extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly what: AuditorAccessKind,
    readonly target: { courseId: number | null; studentId: number | null; documentId: number | null },
  ) {
    super();
  }
}

/**
 * Whether the signed-in auditor may read a course's evidence now (void, or a French 403): the same
 * rule as AdmitAuditorAccess without recording anything, for the reads that check their reader again.
 */
export class AssertAuditorMayRead extends Query<void> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
  ) {
    super();
  }
}
