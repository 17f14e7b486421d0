import { ApiProperty } from '@nestjs/swagger';
import { COMPLAINT_CATEGORIES, COMPLAINT_STATUSES, IMPROVEMENT_SOURCES, IMPROVEMENT_STATUSES } from '../../contracts/quality.events.js';

/** What a filer gets back: the public reference (a visitor reads nothing else). */
export class ComplaintReceipt {
  @ApiProperty({ description: 'La référence de la réclamation (« REC-7K3M9Q »), rappelée dans l’accusé de réception' }) reference!: string;
  @ApiProperty({ description: 'Date de réception (horloge du serveur)' }) received_at!: string;
}

export class ComplaintCourse {
  @ApiProperty() id!: number;
  @ApiProperty({ type: String, nullable: true }) title!: string | null;
}

export class ComplaintAnswerView {
  @ApiProperty() id!: number;
  @ApiProperty() message!: string;
  @ApiProperty() answered_at!: string;
}

/** A complaint as its signed-in filer reads it in their space. */
export class MyComplaintView {
  @ApiProperty() id!: number;
  @ApiProperty() reference!: string;
  @ApiProperty({ enum: COMPLAINT_CATEGORIES }) category!: string;
  @ApiProperty({ type: ComplaintCourse, nullable: true }) course!: ComplaintCourse | null;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: COMPLAINT_STATUSES }) status!: string;
  @ApiProperty() received_at!: string;
  @ApiProperty({ type: [ComplaintAnswerView] }) answers!: ComplaintAnswerView[];
}

export class ComplaintFiler {
  @ApiProperty({ enum: ['student', 'teacher', 'visitor'] }) kind!: 'student' | 'teacher' | 'visitor';
  @ApiProperty({ type: Number, nullable: true, description: 'Identifiant de l’apprenant ou du formateur ; null pour un visiteur' }) id!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Nom ; null une fois les données du visiteur effacées' }) name!: string | null;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, nullable: true }) phone!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Date d’effacement des coordonnées du visiteur (durée de conservation)' }) erased_at!: string | null;
}

export class ImprovementActionView {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: IMPROVEMENT_SOURCES }) source!: string;
  @ApiProperty({ type: Number, nullable: true }) complaint_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) complaint_reference!: string | null;
  @ApiProperty() description!: string;
  @ApiProperty({ type: String, nullable: true }) owner!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Échéance (AAAA-MM-JJ)' }) due_on!: string | null;
  @ApiProperty({ enum: IMPROVEMENT_STATUSES }) status!: string;
  @ApiProperty({ type: String, nullable: true }) result!: string | null;
  @ApiProperty() opened_at!: string;
  @ApiProperty({ type: String, nullable: true }) done_at!: string | null;
}

/** A complaint in the admins' register. */
export class ComplaintView {
  @ApiProperty() id!: number;
  @ApiProperty() reference!: string;
  @ApiProperty({ type: ComplaintFiler }) filer!: ComplaintFiler;
  @ApiProperty({ enum: COMPLAINT_CATEGORIES }) category!: string;
  @ApiProperty({ type: ComplaintCourse, nullable: true }) course!: ComplaintCourse | null;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: COMPLAINT_STATUSES }) status!: string;
  @ApiProperty() received_at!: string;
  @ApiProperty({ type: String, nullable: true }) first_answered_at!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Délai de traitement : secondes de la réception à la première réponse (horloge du serveur)' }) handling_seconds!: number | null;
  @ApiProperty({ type: String, nullable: true }) treated_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) closed_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) action_taken!: string | null;
  @ApiProperty({ type: [ComplaintAnswerView] }) answers!: ComplaintAnswerView[];
  @ApiProperty({ type: [ImprovementActionView] }) improvement_actions!: ImprovementActionView[];
}
