import { Query } from '@nestjs/cqrs';
import type { ScormCommitted } from './learning-progress.events.js';

/** A `ScormCommitted` of schema version 1 (before ADR 0027), restated as version 2 would have recorded it. */
export interface RestatedScormCommit {
  eventId: string;
  occurredAt: string;
  /** The log's position of the event: the next page starts after the last one. */
  position: number;
  payload: ScormCommitted['payload'];
}

/**
 * The SCORM commits recorded with schema version 1, in the log's order, each restated from the server's
 * own records (ADR 0027): the SCO's standing (1.2's lesson_status on both axes), the score's four
 * figures from the commit kept in the CMI trace, and the standing of the SCO's commit before it.
 * Paged: at most `limit` commits after the position `after`. For the xAPI remapping job.
 */
export class ListMapping1ScormCommits extends Query<RestatedScormCommit[]> {
  constructor(
    readonly after: number,
    readonly limit: number,
  ) {
    super();
  }
}
