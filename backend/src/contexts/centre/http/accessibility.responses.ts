import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ACCESSIBILITY_STATUSES } from '../domain/accessibility-status.js';

const nullableText = (description?: string) => ApiPropertyOptional({ type: String, nullable: true, description });

/** The accessibility statement (GetAccessibilityStatement's answer, docs/adr/0049). */
export class AccessibilityStatementResponse {
  @nullableText('Nom du centre (null tant qu’il n’est pas saisi)') centre!: string | null;
  @ApiProperty({ enum: ACCESSIBILITY_STATUSES, description: 'Calculé : non conforme sans audit ou sous 50 %, partiellement à partir de 50 %, totalement à 100 %' })
  statut!: string;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Taux de critères respectés, en %, une décimale' }) taux!: number | null;
  @ApiProperty() rgaa_version!: string;
  @ApiPropertyOptional({ type: String, format: 'date', nullable: true }) audit_date!: string | null;
  @nullableText() auditeur!: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) criteres_applicables!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) criteres_conformes!: number | null;
  @nullableText() non_conformites!: string | null;
  @nullableText() derogations!: string | null;
  @nullableText() hors_champ!: string | null;
  @nullableText() technologies!: string | null;
  @nullableText() environnement_test!: string | null;
  @nullableText() outils_evaluation!: string | null;
  @nullableText() pages_verifiees!: string | null;
  @nullableText() contact_email!: string | null;
  @nullableText() contact_formulaire!: string | null;
  @nullableText() schema_pluriannuel_url!: string | null;
  @nullableText() plan_action_url!: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'Dernière modification (horloge du serveur)' }) mis_a_jour_le!: string | null;
}

export class CentreFaceStatus {
  @ApiProperty({ enum: ACCESSIBILITY_STATUSES }) statut!: string;
  @ApiPropertyOptional({ type: Number, nullable: true }) taux!: number | null;
}

/** What every page shows of the centre. */
export class CentreFaceResponse {
  @nullableText('Nom du centre, null tant qu’il n’est pas saisi') nom!: string | null;
  @nullableText('SHA-256 du logo (adresse publique : /api/centre/logo/?v=…), null sans logo') logo!: string | null;
  @ApiProperty({ type: CentreFaceStatus }) accessibilite!: CentreFaceStatus;
}
