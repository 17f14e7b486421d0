import { ApiProperty } from '@nestjs/swagger';
import { SUPPORT_CATEGORIES, type SupportCategory, type SupportStaffRole, type SupportStatus } from '../../contracts/tutoring.events.js';

export class SupportAnswerView {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: ['admin', 'teacher'] }) author_role!: SupportStaffRole;
  @ApiProperty({ type: String, nullable: true, description: 'Le nom du formateur ; null pour un administrateur' }) author_name!: string | null;
  @ApiProperty() message!: string;
  @ApiProperty() answered_at!: string;
}

export class SupportRefView {
  @ApiProperty() id!: number;
  @ApiProperty({ type: String, nullable: true }) title!: string | null;
}

export class SupportStepView {
  @ApiProperty({ enum: ['chapter', 'subchapter'] }) kind!: 'chapter' | 'subchapter';
  @ApiProperty() id!: number;
  @ApiProperty({ type: String, nullable: true }) title!: string | null;
}

export class SupportStudentView {
  @ApiProperty() id!: number;
  @ApiProperty() fullname!: string;
  @ApiProperty() closed!: boolean;
}

export class SupportRequestView {
  @ApiProperty() id!: number;
  @ApiProperty({ type: SupportStudentView }) student!: SupportStudentView;
  @ApiProperty({ type: SupportRefView, nullable: true }) course!: SupportRefView | null;
  @ApiProperty({ type: SupportStepView, nullable: true }) step!: SupportStepView | null;
  @ApiProperty({ enum: SUPPORT_CATEGORIES }) category!: SupportCategory;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: ['ouverte', 'repondue', 'resolue'] }) status!: SupportStatus;
  @ApiProperty() opened_at!: string;
  @ApiProperty({ type: String, nullable: true }) first_answered_at!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Délai de la première réponse en secondes (horloge du serveur)' }) response_seconds!: number | null;
  @ApiProperty({ type: String, nullable: true }) resolved_at!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['admin', 'teacher'] }) resolved_by_role!: SupportStaffRole | null;
  @ApiProperty({ type: [SupportAnswerView] }) answers!: SupportAnswerView[];
}
