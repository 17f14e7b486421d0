import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { NotFollowedError } from '../../domain/tutoring.errors.js';
import { haveExchanged, sideOf } from '../tutoring-access.js';
import { HISTORY_SQL, NEWS_SQL } from './tutoring.sql.js';
import type { MessageView } from './tutoring.views.js';

/**
 * A conversation's messages, for its two sides (even after the link ended: exchanges stay
 * readable) and admins (the evidence an auditor asks for). Reading marks the side as present.
 */
export class GetMessages extends Query<MessageView[]> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly studentId: number,
    readonly after: number | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetMessages)
export class GetMessagesHandler implements IQueryHandler<GetMessages> {
  constructor(private readonly db: Database) {}

  async execute({ actor, teacherId, studentId, after }: GetMessages): Promise<MessageView[]> {
    if (actor.role !== 'admin') {
      sideOf(actor, teacherId, studentId); // one of the two sides, or a French 403
      if (!(await haveExchanged(this.db, teacherId, studentId))) throw new NotFollowedError();
    }
    return after === undefined
      ? this.db.query<MessageView>(HISTORY_SQL, [teacherId, studentId])
      : this.db.query<MessageView>(NEWS_SQL, [teacherId, studentId, after]);
  }
}
