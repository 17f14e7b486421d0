import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { GetTrainerResponseTimes, type ResponseTimesView } from '../../contracts/tutoring.queries.js';
import { iso } from './tutoring.sql.js';

@QueryHandler(GetTrainerResponseTimes)
export class GetTrainerResponseTimesHandler implements IQueryHandler<GetTrainerResponseTimes> {
  constructor(private readonly db: Database) {}

  async execute({ reader, teacherId }: GetTrainerResponseTimes): Promise<ResponseTimesView> {
    if (reader !== 'system') assertSelfOrAdmin(reader, 'teacher', teacherId);
    const row = await this.db.one<Omit<ResponseTimesView, 'teacher'>>(
      `select (select count(*) from tutoring.reply_delay r, unnest(r.delays) d where r.teacher_id = $1)::int as replies,
              (select round(percentile_cont(0.5) within group (order by d))::int from tutoring.reply_delay r, unnest(r.delays) d where r.teacher_id = $1) as median_seconds,
              (select round(percentile_cont(0.9) within group (order by d))::int from tutoring.reply_delay r, unnest(r.delays) d where r.teacher_id = $1) as p90_seconds,
              (select count(*) from tutoring.reply_delay r where r.teacher_id = $1 and r.awaiting_since is not null)::int as awaiting_reply,
              (select ${iso('min(r.awaiting_since)')} from tutoring.reply_delay r where r.teacher_id = $1) as oldest_awaiting_since`,
      [teacherId],
    );
    return { teacher: teacherId, ...row! };
  }
}
