import { ApiProperty } from '@nestjs/swagger';

export class SessionSummaryResponse {
  @ApiProperty() id!: number;
  @ApiProperty() course_id!: number;
  @ApiProperty() course_title!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date' }) start_date!: string;
  @ApiProperty({ format: 'date' }) end_date!: string;
  @ApiProperty({ description: 'Apprenants présents dans la session' }) learners!: number;
  @ApiProperty() trainers!: number;
}

export class EdofDeclarationResponse {
  @ApiProperty({ enum: ['entry', 'exit'] }) kind!: 'entry' | 'exit';
  @ApiProperty({ type: String, nullable: true, format: 'date', description: 'Date effective d’entrée ou de sortie' }) date!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date', description: 'Dernier jour pour la déclarer (trois jours ouvrés après)' }) deadline!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date', description: 'Jour où l’administrateur l’a déclarée (horloge du serveur)' }) declared_on!: string | null;
  @ApiProperty({ enum: ['date_inconnue', 'a_venir', 'a_declarer', 'en_retard', 'declaree', 'declaree_en_retard'] }) status!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Jours ouvrés restants, aujourd’hui non compté' }) working_days_left!: number | null;
}

export class SessionEdofResponse {
  @ApiProperty({ type: EdofDeclarationResponse }) entry!: EdofDeclarationResponse;
  @ApiProperty({ type: EdofDeclarationResponse }) exit!: EdofDeclarationResponse;
}

export class SessionLearnerResponse {
  @ApiProperty() student_id!: number;
  @ApiProperty() full_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ format: 'date-time' }) joined_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Jour où l’apprenant a quitté la session' }) left_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) funder!: string | null;
  @ApiProperty({ type: String, nullable: true }) funding_label!: string | null;
  @ApiProperty({ type: String, nullable: true }) dossier_number!: string | null;
  @ApiProperty({ description: 'Financée par le CPF : entrée et sortie à déclarer sur EDOF' }) cpf!: boolean;
  @ApiProperty({ type: SessionEdofResponse, nullable: true, description: 'Les échéances EDOF du jour : pour une inscription CPF d’un apprenant encore dans la session (null sinon)' }) edof!: SessionEdofResponse | null;
}

export class SessionTrainerResponse {
  @ApiProperty() teacher_id!: number;
  @ApiProperty() full_name!: string;
  @ApiProperty({ format: 'date-time' }) joined_at!: string;
}

export class SessionDetailResponse extends SessionSummaryResponse {
  @ApiProperty({ format: 'date', description: 'Le jour du centre (Paris) selon l’horloge du serveur' }) today!: string;
  @ApiProperty({ type: [SessionTrainerResponse] }) trainers_list!: SessionTrainerResponse[];
  @ApiProperty({ type: [SessionLearnerResponse] }) learners_list!: SessionLearnerResponse[];
}

export class SessionCreatedResponse {
  @ApiProperty() id!: number;
}

export class ChangedResponse {
  @ApiProperty() changed!: boolean;
}

export class AddedResponse {
  @ApiProperty({ description: 'false : déjà dans la session, rien n’a changé' }) added!: boolean;
}

export class EdofDeclaredResponse {
  @ApiProperty({ description: 'false : déjà déclarée, rien n’a changé' }) declared!: boolean;
  @ApiProperty({ format: 'date' }) declared_on!: string;
}
