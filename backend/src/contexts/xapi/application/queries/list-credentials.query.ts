import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';

export class CredentialView {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() key!: string;
  @ApiProperty({ type: [String] }) scopes!: string[];
  @ApiProperty() created_at!: string;
  @ApiProperty({ type: String, nullable: true }) revoked_at!: string | null;
}

/** The credentials issued, newest first (never their secret). */
export class ListCredentials extends Query<CredentialView[]> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListCredentials)
export class ListCredentialsHandler implements IQueryHandler<ListCredentials> {
  constructor(private readonly db: Database) {}

  async execute({ actor }: ListCredentials): Promise<CredentialView[]> {
    if (actor.role !== 'admin') throw new ForbiddenError('Seul un administrateur gère les accès xAPI.');
    const rows = await this.db.query<{ id: number; name: string; key: string; scopes: string[]; created_at: Date; revoked_at: Date | null }>(
      `select id, name, key, scopes, created_at, revoked_at from xapi.credential order by id desc`,
    );
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), revoked_at: r.revoked_at?.toISOString() ?? null }));
  }
}
