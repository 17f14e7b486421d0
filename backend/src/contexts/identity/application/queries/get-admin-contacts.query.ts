import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetAdminContacts } from '../../contracts/identity.queries.js';

@QueryHandler(GetAdminContacts)
export class GetAdminContactsHandler implements IQueryHandler<GetAdminContacts> {
  constructor(private readonly db: Database) {}

  async execute(): Promise<{ id: number; full_name: string; email: string }[]> {
    return this.db.query<{ id: number; full_name: string; email: string }>(
      `select ad.id, ad.full_name, a.email from identity.admin ad join identity.account a on a.id = ad.account_id
        where a.closed_at is null and a.is_active order by ad.id`,
    );
  }
}
