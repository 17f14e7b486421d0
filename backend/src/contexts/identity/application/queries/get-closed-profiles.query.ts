import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetClosedProfiles } from '../../contracts/identity.queries.js';

@QueryHandler(GetClosedProfiles)
export class GetClosedProfilesHandler implements IQueryHandler<GetClosedProfiles> {
  constructor(private readonly db: Database) {}

  async execute({ role, profileIds }: GetClosedProfiles): Promise<Set<number>> {
    if (profileIds.length === 0) return new Set();
    const table = role === 'student' ? 'identity.student' : 'identity.teacher';
    const rows = await this.db.query<{ id: number }>(
      `select p.id from ${table} p join identity.account a on a.id = p.account_id where p.id = any($1::int[]) and a.closed_at is not null`,
      [[...new Set(profileIds)]],
    );
    return new Set(rows.map((row) => row.id));
  }
}
