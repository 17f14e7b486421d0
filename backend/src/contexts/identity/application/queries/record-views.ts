import { ApiProperty } from '@nestjs/swagger';

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

interface StudentRecordRow {
  id: number;
  prenom: string;
  nom: string;
  fullname: string;
  email: string;
  telephone: string;
  username: string;
  numero_dossier: string | null;
  type_dossier: string;
  type_formation: string;
  formations: string[];
  date_entree: string | null;
  date_sortie: string | null;
  is_active: boolean;
  closed_at: Date | string | null;
  created_at: Date | string;
  account_id: number;
}

/** The columns of a student record; dates as `YYYY-MM-DD` text. */
export const STUDENT_RECORD_SELECT = `
  select s.id, s.prenom, s.nom, s.fullname, a.email, s.telephone, a.username, s.numero_dossier, s.type_dossier, s.type_formation,
         s.formations, to_char(s.date_entree, 'YYYY-MM-DD') as date_entree, to_char(s.date_sortie, 'YYYY-MM-DD') as date_sortie,
         a.is_active, a.closed_at, a.created_at, a.id as account_id
    from identity.student s join identity.account a on a.id = s.account_id`;

/** Every open student record, by name (GET /admin/students/full-data/; the benchmark's baseline runs it too). */
export const OPEN_STUDENT_RECORDS_SQL = `${STUDENT_RECORD_SELECT} where a.closed_at is null order by s.nom, s.prenom, s.id`;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toStudentRecordView(row: StudentRecordRow): StudentRecordView {
  return {
    id: row.id, prenom: row.prenom, nom: row.nom, fullname: row.fullname, email: row.email, telephone: row.telephone,
    nom_utilisateur_lms: row.username, numero_dossier: row.numero_dossier, type_dossier: row.type_dossier, type_formation: row.type_formation,
    formations: row.formations, formation: row.formations[0] ?? null, date_entree: row.date_entree, date_sortie: row.date_sortie,
    is_active: row.is_active, closed_at: iso(row.closed_at), created_at: iso(row.created_at)!,
    user_read: { id: row.account_id, username: row.username, email: row.email },
  };
}

export type { StudentRecordRow };

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
