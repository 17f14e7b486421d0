import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CENTRE_HOURS_BASES, type CentreHoursBasis, type CentreMissing } from '../contracts/centre.queries.js';

const MISSING: CentreMissing[] = ['nom', 'siret', 'nda', 'adresse', 'signataire', 'qualite_signataire', 'lieu', 'logo', 'signature'];

export class CentreAddressView {
  @ApiPropertyOptional({ type: String, nullable: true }) rue!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) code_postal!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) ville!: string | null;
}

export class CentreSignatoryView {
  @ApiPropertyOptional({ type: String, nullable: true }) nom!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) qualite!: string | null;
}

export class CentreImageView {
  @ApiProperty() sha256!: string;
  @ApiProperty({ enum: ['image/png', 'image/jpeg'] }) content_type!: string;
}

/** The centre's identity (GetCentreIdentity's answer); texts null while unset. */
export class CentreIdentityResponse {
  @ApiPropertyOptional({ type: String, nullable: true }) nom!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: '14 chiffres' }) siret!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: '11 chiffres' }) nda!: string | null;
  @ApiProperty({ type: CentreAddressView }) adresse!: CentreAddressView;
  @ApiProperty({ type: CentreSignatoryView }) signataire!: CentreSignatoryView;
  @ApiPropertyOptional({ type: String, nullable: true, description: '« Fait à … »' }) lieu!: string | null;
  @ApiPropertyOptional({ type: CentreImageView, nullable: true }) logo!: CentreImageView | null;
  @ApiPropertyOptional({ type: CentreImageView, nullable: true }) signature!: CentreImageView | null;
  @ApiProperty({ enum: MISSING, isArray: true, description: 'Ce que les documents ne peuvent pas encore imprimer' }) missing!: CentreMissing[];
  @ApiProperty({ enum: CENTRE_HOURS_BASES, description: 'Base des heures des documents émis désormais' }) base_heures!: CentreHoursBasis;
}
