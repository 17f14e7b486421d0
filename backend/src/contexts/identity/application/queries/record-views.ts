import { ApiProperty } from '@nestjs/swagger';
import { STUDENT_RECORD, STUDENT_RECORD_ORDER, type StudentRecordRow } from '../../contracts/identity.read-models.js';

/** The linked login of a student or trainer (`user_read` of spec 03): `id` is the account id, the id of `/users/{id}/`. */
export class UserView {
  @ApiProperty({ description: 'Identifiant du compte (celui de /users/{id}/)' }) id!: number;
  @ApiProperty() username!: string;
  @ApiProperty() email!: string;
}

/** The administrative record of a student (spec 03 « Student record »), one person with their profile (docs/adr/0015). */
export class StudentRecordView {
  @ApiProperty() id!: number;
  @ApiProperty() prenom!: string;
  @ApiProperty() nom!: string;
  @ApiProperty({ description: '`prenom nom`' }) fullname!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ description: 'Vide si non renseigné' }) telephone!: string;
  @ApiProperty({ description: "Le nom d'utilisateur du compte" }) nom_utilisateur_lms!: string;
  @ApiProperty({ type: String, nullable: true }) numero_dossier!: string | null;
  @ApiProperty() type_dossier!: string;
  @ApiProperty() type_formation!: string;
  @ApiProperty({ type: [String] }) formations!: string[];
  @ApiProperty({ type: String, nullable: true, description: 'La première des formations (repli de la spec)' }) formation!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date', example: '2026-09-01' }) date_entree!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date', example: '2027-06-30' }) date_sortie!: string | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Compte fermé (suppression avec historique) : date de fermeture' }) closed_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: UserView }) user_read!: UserView;
}

/** A student record as its SELECT below reads it: dates as `YYYY-MM-DD` text. */
type StudentRecordSelectRow = Omit<StudentRecordRow, 'search_text' | 'date_entree' | 'date_sortie'> & { date_entree: string | null; date_sortie: string | null };

/** The columns of a student record, from the read model identity publishes (one definition for it and for the contexts after it); dates as `YYYY-MM-DD` text. */
export const STUDENT_RECORD_SELECT = `
  select id, prenom, nom, fullname, email, telephone, username, numero_dossier, type_dossier, type_formation, formations,
         to_char(date_entree, 'YYYY-MM-DD') as date_entree, to_char(date_sortie, 'YYYY-MM-DD') as date_sortie,
         is_active, closed_at, created_at, account_id
    from ${STUDENT_RECORD}`;

/** Every open student record, in the one order of student lists (GET /admin/students/full-data/; the benchmark's baseline runs it too). */
export const OPEN_STUDENT_RECORDS_SQL = `${STUDENT_RECORD_SELECT} where closed_at is null order by ${STUDENT_RECORD_ORDER}`;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toStudentRecordView(row: StudentRecordSelectRow): StudentRecordView {
  return {
    id: row.id, prenom: row.prenom, nom: row.nom, fullname: row.fullname, email: row.email, telephone: row.telephone,
    nom_utilisateur_lms: row.username, numero_dossier: row.numero_dossier, type_dossier: row.type_dossier, type_formation: row.type_formation,
    formations: row.formations, formation: row.formations[0] ?? null, date_entree: row.date_entree, date_sortie: row.date_sortie,
    is_active: row.is_active, closed_at: iso(row.closed_at), created_at: iso(row.created_at)!,
    user_read: { id: row.account_id, username: row.username, email: row.email },
  };
}

export type { StudentRecordSelectRow };

/** A trainer as the back office shows them (spec 03 « Teacher »). */
export class TrainerRecordView {
  @ApiProperty() id!: number;
  @ApiProperty() prenom!: string;
  @ApiProperty() nom!: string;
  @ApiProperty({ description: '`prenom nom`' }) full_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ description: 'Vide si non renseigné' }) telephone!: string;
  @ApiProperty({ description: 'Lien Calendly, vide si non renseigné' }) calendly!: string;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) closed_at!: string | null;
  @ApiProperty({ type: UserView }) user_read!: UserView;
}

export const TRAINER_RECORD_SELECT = `
  select t.id, t.prenom, t.nom, t.full_name, a.email, t.mobile_no as telephone, t.calendly, a.is_active, a.closed_at,
         json_build_object('id', a.id, 'username', a.username, 'email', a.email) as user_read
    from identity.teacher t join identity.account a on a.id = t.account_id`;

export function toTrainerRecordView(row: Omit<TrainerRecordView, 'closed_at'> & { closed_at: Date | string | null }): TrainerRecordView {
  return { ...row, closed_at: row.closed_at === null ? null : new Date(row.closed_at).toISOString() };
}
