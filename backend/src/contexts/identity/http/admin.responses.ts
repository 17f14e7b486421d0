import { ApiProperty } from '@nestjs/swagger';
import { StudentRecordView } from '../application/queries/record-views.js';

/** POST /students/: the new record, and what became of the welcome e-mail. */
export class StudentCreatedResponse extends StudentRecordView {
  @ApiProperty({ description: "L'e-mail de bienvenue est parti" }) email_sent!: boolean;
  @ApiProperty({ type: String, nullable: true, description: "Pourquoi l'e-mail n'est pas parti (l'étudiant est créé quand même)" }) email_error!: string | null;
  @ApiProperty({ example: 'Étudiant ajouté avec succès ! Un email de bienvenue a été envoyé.' }) message!: string;
}

/** PUT /users/{id}/change_password/ as the spec's modal reads it. */
export class PasswordChangeResponse {
  @ApiProperty({ type: String, nullable: true, description: 'Message de succès (contient « email envoyé » quand l’e-mail est parti) ; null si le compte est introuvable' })
  success!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "Le mot de passe est changé mais l'e-mail n'est pas parti (« Succès partiel »)" }) email_error!: string | null;
  @ApiProperty({ description: 'Aucun compte étudiant ou formateur de cet identifiant (réponse 404)' }) user_not_found!: boolean;
  @ApiProperty() message!: string;
}

/** DELETE /admin/students/{id}/ and /formateur/{id}/: what was done. */
export class RemovalResponse {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ enum: ['close', 'delete'], description: '`close` : compte fermé, historique conservé ; `delete` : supprimé' }) mode!: 'close' | 'delete';
  @ApiProperty() message!: string;
}

export class TrainerDecisionResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty({ enum: ['accepted', 'refused'] }) approval!: 'accepted' | 'refused';
  @ApiProperty() message!: string;
  @ApiProperty({ description: 'Le formateur a été informé par e-mail' }) email_sent!: boolean;
  @ApiProperty({ type: String, nullable: true }) email_error!: string | null;
}
