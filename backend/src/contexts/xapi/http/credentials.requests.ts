import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn } from 'class-validator';
import { RequiredText } from '../../../platform/http/fields.js';
import { CREDENTIAL_NAME_MAX } from '../domain/credential.aggregate.js';
import { SCOPES } from '../domain/principal.js';

/** POST /xapi-credentials: an activity provider's name and what it may do. */
export class IssueCredentialRequest {
  @RequiredText('Le nom', CREDENTIAL_NAME_MAX)
  name!: string;

  @ApiProperty({ type: [String], enum: SCOPES, description: 'Autorisations : statements/write, statements/read/mine, statements/read, state, profile, all' })
  @IsArray({ message: 'Les autorisations doivent être une liste.' })
  @ArrayNotEmpty({ message: 'Choisissez au moins une autorisation.' })
  @ArrayMaxSize(SCOPES.length, { message: 'Trop d’autorisations.' })
  @IsIn(SCOPES, { each: true, message: 'Autorisation inconnue.' })
  scopes!: string[];
}
