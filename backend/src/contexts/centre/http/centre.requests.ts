import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString } from 'class-validator';
import { CENTRE_HOURS_BASES } from '../contracts/centre.queries.js';
import { CENTRE_FIELD_RULES, type CentreTextField } from '../domain/centre-identity.aggregate.js';

/** A text of the identity: left out, unchanged; null or blank, cleared; checked by the aggregate. */
function CentreText(field: CentreTextField, description: string) {
  const rule = CENTRE_FIELD_RULES[field];
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: rule.max, description }),
    IsOptional(),
    IsString({ message: `${rule.label} doit être du texte.` }),
  );
}

/** PUT /api/admin/centre/: any subset of the fields (the spec's partial bodies; null clears a field). */
export class CentreIdentityRequest {
  @CentreText('nom', 'Raison sociale ou nom du centre')
  nom?: string | null;

  @CentreText('siret', 'SIRET : 14 chiffres, clé de Luhn (espaces acceptés)')
  siret?: string | null;

  @CentreText('nda', 'Numéro de déclaration d’activité : 11 chiffres')
  nda?: string | null;

  @CentreText('rue', 'Adresse : numéro et rue')
  rue?: string | null;

  @CentreText('code_postal', 'Code postal : 5 chiffres')
  code_postal?: string | null;

  @CentreText('ville', 'Ville')
  ville?: string | null;

  @CentreText('signataire_nom', 'Nom du signataire des documents')
  signataire_nom?: string | null;

  @CentreText('signataire_qualite', 'Qualité du signataire : « Représentant légal du dispensateur » ou celle du délégataire')
  signataire_qualite?: string | null;

  @CentreText('lieu', 'Lieu écrit dans « Fait à … »')
  lieu?: string | null;

  @ApiPropertyOptional({
    enum: CENTRE_HOURS_BASES,
    description: 'Base des heures des certificats et attestations émis désormais : temps actif mesuré (défaut) ou durées déclarées des étapes validées',
  })
  @Allow()
  base_heures?: string;
}

/** PUT /api/admin/centre/images/{kind}/: the image as a multipart file field. */
export class CentreImageRequest {
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Image PNG ou JPEG, 2 Mo au plus (SVG refusé)' })
  @Allow()
  image?: unknown;
}
