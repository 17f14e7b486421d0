import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetClosedProfiles } from '../../contracts/identity.queries.js';

/** The profiles of the list whose accounts are closed, per role (exported for the benchmark's baseline). */
export const CLOSED_PROFILES_SQL = {
  student: 'select p.id from identity.student p join identity.account a on a.id = p.account_id where p.id = any($1::int[]) and a.closed_at is not null',
  teacher: 'select p.id from identity.teacher p join identity.account a on a.id = p.account_id where p.id = any($1::int[]) and a.closed_at is not null',
} as const;

@QueryHandler(GetClosedProfiles)
export class GetClosedProfilesHandler implements IQueryHandler<GetClosedProfiles> {
  constructor(private readonly db: Database) {}

  async execute({ role, profileIds }: GetClosedProfiles): Promise<Set<number>> {
    if (profileIds.length === 0) return new Set();
    const rows = await this.db.query<{ id: number }>(CLOSED_PROFILES_SQL[role], [[...new Set(profileIds)]]);
    return new Set(rows.map((row) => row.id));
  }
}
