import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { RGAA_CRITERIA, RGAA_VERSIONS } from '../domain/accessibility-status.js';
import { STATEMENT_FIELD_RULES } from '../domain/accessibility-statement.aggregate.js';

const text = (field: keyof typeof STATEMENT_FIELD_RULES, description: string) =>
  ApiPropertyOptional({ type: String, nullable: true, maxLength: STATEMENT_FIELD_RULES[field].max, description });

/**
 * PUT /api/admin/centre/accessibility/: any subset of the statement's fields (left out: unchanged;
 * null or blank: cleared). Every value is checked by the aggregate, which answers in French.
 */
export class AccessibilityStatementRequest {
  @ApiPropertyOptional({ enum: RGAA_VERSIONS, description: 'Version du RGAA de l’audit' }) @Allow() rgaa_version?: unknown;
  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, description: 'Date de l’audit (AAAA-MM-JJ), pas dans le futur' }) @Allow() audit_date?: unknown;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, maximum: RGAA_CRITERIA, description: 'Nombre de critères RGAA applicables' }) @Allow() criteres_applicables?: unknown;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, maximum: RGAA_CRITERIA, description: 'Nombre de critères respectés (≤ applicables)' }) @Allow() criteres_conformes?: unknown;
  @text('auditeur', 'Qui a réalisé l’audit (organisme ou service)') @Allow() auditeur?: unknown;
  @text('non_conformites', 'Contenus non accessibles : non-conformités (une par ligne)') @Allow() non_conformites?: unknown;
  @text('derogations', 'Dérogations pour charge disproportionnée') @Allow() derogations?: unknown;
  @text('hors_champ', 'Contenus non soumis à l’obligation d’accessibilité') @Allow() hors_champ?: unknown;
  @text('technologies', 'Technologies utilisées pour la réalisation du site') @Allow() technologies?: unknown;
  @text('environnement_test', 'Environnement de test : navigateurs et technologies d’assistance') @Allow() environnement_test?: unknown;
  @text('outils_evaluation', 'Outils pour évaluer l’accessibilité') @Allow() outils_evaluation?: unknown;
  @text('pages_verifiees', 'Pages du site ayant fait l’objet de la vérification (une par ligne)') @Allow() pages_verifiees?: unknown;
  @text('contact_email', 'Adresse e-mail pour signaler un défaut d’accessibilité') @Allow() contact_email?: unknown;
  @text('contact_formulaire', 'Formulaire de contact : adresse web (https://…) ou page du site (/…)') @Allow() contact_formulaire?: unknown;
  @text('schema_pluriannuel_url', 'Schéma pluriannuel de mise en accessibilité : adresse web ou page du site') @Allow() schema_pluriannuel_url?: unknown;
  @text('plan_action_url', 'Plan d’action de l’année : adresse web ou page du site') @Allow() plan_action_url?: unknown;
}
