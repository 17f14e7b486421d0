import { ApiProperty } from '@nestjs/swagger';

/** A question of a trainer's bank, with its right answers (its trainer and admins only). */
export class BankQuestionView {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'Le formateur propriétaire' }) teacher!: number;
  @ApiProperty() category!: string;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ enum: ['single', 'multiple', 'true-false'] }) kind!: string;
  @ApiProperty() questions!: string;
  @ApiProperty() ans1!: string;
  @ApiProperty() ans2!: string;
  @ApiProperty() ans3!: string;
  @ApiProperty() ans4!: string;
  @ApiProperty({ type: [Number], description: 'Les numéros (1 à 4) des bonnes réponses' }) right_answers!: number[];
  @ApiProperty() explanation!: string;
  @ApiProperty({ description: 'Révision du contenu (1 à la création, +1 à chaque modification)' }) revision!: number;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
  @ApiProperty({ type: String, nullable: true }) archived_at!: string | null;
  @ApiProperty({ description: 'Nombre de fois où elle a été posée dans une tentative' }) times_asked!: number;
}

/** A category of a bank: its live questions (what a quiz may draw) and the tags used in it. */
export class BankCategoryView {
  @ApiProperty() category!: string;
  @ApiProperty() questions!: number;
  @ApiProperty({ type: [String] }) tags!: string[];
}
