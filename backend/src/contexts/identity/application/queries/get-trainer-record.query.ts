import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { TeacherNotFoundError } from '../../domain/identity.errors.js';
import { TRAINER_RECORD_SELECT, toTrainerRecordView, type TrainerRecordView } from './record-views.js';

/** One trainer's record (GET /formateur/{id}/). */
export class GetTrainerRecord extends Query<TrainerRecordView> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
  ) {
    super();
  }
}

@QueryHandler(GetTrainerRecord)
export class GetTrainerRecordHandler implements IQueryHandler<GetTrainerRecord> {
  constructor(private readonly db: Database) {}

  async execute({ actor, teacherId }: GetTrainerRecord): Promise<TrainerRecordView> {
    assertAdmin(actor);
    const row = await this.db.one<Parameters<typeof toTrainerRecordView>[0]>(`${TRAINER_RECORD_SELECT} where t.id = $1`, [teacherId]);
    if (!row) throw new TeacherNotFoundError();
    return toTrainerRecordView(row);
  }
}
