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

/** One row of an import file as the preview lists it: what it says and every problem, in French. */
export class BankImportRowView {
  @ApiProperty({ description: 'Le numéro de la ligne dans le fichier (l’en-tête est la ligne 1)' }) line!: number;
  @ApiProperty() category!: string;
  @ApiProperty({ type: String, enum: ['single', 'multiple', 'true-false'], nullable: true, description: 'null : type absent ou inconnu' }) kind!: string | null;
  @ApiProperty() questions!: string;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ type: [String], description: 'Les erreurs de la ligne (vide : la ligne sera importée)' }) problems!: string[];
}

/** The preview of an import: nothing is written. */
export class BankImportPreview {
  @ApiProperty({ description: 'Les questions lues' }) total!: number;
  @ApiProperty({ description: 'Celles sans erreur' }) valid!: number;
  @ApiProperty({ type: [BankImportRowView] }) rows!: BankImportRowView[];
}

export class BankImportResult {
  @ApiProperty({ description: 'Le nombre de questions ajoutées à la banque' }) created!: number;
}
