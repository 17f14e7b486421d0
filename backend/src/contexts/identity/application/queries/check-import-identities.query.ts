import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { CheckImportIdentities, type ImportIdentityAnswer } from '../../contracts/identity.imports.js';

/** What of an import's e-mails, case numbers and trainers identity already knows (docs/adr/0052): three set-based reads. */
@QueryHandler(CheckImportIdentities)
export class CheckImportIdentitiesHandler implements IQueryHandler<CheckImportIdentities> {
  constructor(private readonly db: Database) {}

  async execute({ actor, lookup }: CheckImportIdentities): Promise<ImportIdentityAnswer> {
    assertAdmin(actor);
    const [emails, dossiers, trainers] = await Promise.all([
      lookup.emails.length === 0
        ? []
        : this.db.query<{ email: string }>(
            `select distinct e.email from unnest($1::text[]) e(email)
              where exists (select 1 from identity.account a where lower(a.email) = e.email or lower(a.username) = e.email)`,
            [lookup.emails],
          ),
      lookup.dossiers.length === 0
        ? []
        : this.db.query<{ dossier: string }>(
            `select distinct lower(numero_dossier) as dossier from identity.student where lower(numero_dossier) = any($1::text[])`,
            [lookup.dossiers.map((d) => d.toLowerCase())],
          ),
      lookup.trainerEmails.length === 0
        ? []
        : this.db.query<{ email: string; teacher_id: number; is_active: boolean; closed: boolean; approval: string }>(
            `select lower(a.email) as email, t.id as teacher_id, a.is_active, a.closed_at is not null as closed, t.approval
               from identity.teacher t join identity.account a on a.id = t.account_id where lower(a.email) = any($1::text[])`,
            [lookup.trainerEmails],
          ),
    ]);
    return {
      takenEmails: emails.map((r) => r.email),
      takenDossiers: dossiers.map((r) => r.dossier),
      trainers: trainers.map((t) => ({
        email: t.email,
        teacherId: t.teacher_id,
        refused: t.closed
          ? `Le compte du formateur « ${t.email} » est clôturé : il ne peut plus suivre d’étudiant.`
          : !t.is_active
            ? `Le formateur « ${t.email} » n’est pas actif : choisissez un formateur actif.`
            : t.approval !== 'accepted'
              ? `Le formateur « ${t.email} » n’a pas été accepté par le centre.`
              : null,
      })),
    };
  }
}
