import { ApiProperty } from '@nestjs/swagger';

/** GET /admin/sessions/{id}/service-fait/: EDOF's « service fait » of a training session (docs/adr/0050). */
export class ServiceFaitLineResponse {
  @ApiProperty() student_id!: number;
  @ApiProperty() full_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ type: String, nullable: true }) dossier_number!: string | null;
  @ApiProperty({ type: String, nullable: true }) funding_label!: string | null;
  @ApiProperty({ format: 'date', description: "Date d'entrée (inscription, fiche de l'étudiant, sinon début de la session)" }) entry_date!: string;
  @ApiProperty({ format: 'date', description: 'Date de sortie : le jour où il a quitté la session, sinon celle de l’inscription ou de la fiche, sinon la fin de la session' }) exit_date!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Quand il a quitté la session ; null s’il y est encore' }) left_at!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['abandon', 'absence', 'interruption', 'force_majeure', 'autre'] }) reason!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée prévue du cours, en minutes' }) planned_minutes!: number | null;
  @ApiProperty({ description: 'Temps actif mesuré par le serveur dans le cours, en minutes (arrondi inférieur)' }) realised_minutes!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Prévu − réalisé, jamais négatif, en minutes' }) not_completed_minutes!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Taux de réalisation en pour mille (0–1000, arrondi inférieur)' }) completion_per_mille!: number | null;
}

export class ServiceFaitResponse {
  @ApiProperty() session_id!: number;
  @ApiProperty() course_id!: number;
  @ApiProperty() course_title!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date' }) start_date!: string;
  @ApiProperty({ format: 'date' }) end_date!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Durée prévue du cours, en minutes ; null si inconnue' }) planned_minutes!: number | null;
  @ApiProperty({ type: [ServiceFaitLineResponse] }) lines!: ServiceFaitLineResponse[];
}
