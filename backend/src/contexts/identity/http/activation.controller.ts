import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ActivateStudent, DescribeActivation } from '../application/commands/activate-student.command.js';

export class ActivationLookupRequest {
  @ApiProperty({ description: "Le jeton du lien d'activation (après #jeton=)" })
  @IsString({ message: "Le lien d'activation est incomplet." })
  @IsNotEmpty({ message: "Le lien d'activation est incomplet." })
  @MaxLength(200, { message: "Le lien d'activation est invalide." })
  token!: string;
}

export class ActivationRequest extends ActivationLookupRequest {
  @ApiProperty({ minLength: 12 })
  @IsString({ message: 'Le mot de passe est obligatoire.' })
  @IsNotEmpty({ message: 'Le mot de passe est obligatoire.' })
  @MaxLength(1024, { message: 'Le mot de passe est trop long.' })
  password!: string;

  @ApiPropertyOptional({ description: "L'adresse e-mail de connexion, quand le centre ne la connaissait pas" })
  @IsOptional()
  @IsEmail({}, { message: "L'adresse e-mail n'est pas valide." })
  @MaxLength(254, { message: "L'adresse e-mail est trop longue." })
  email?: string;
}

export class ActivationResponse {
  @ApiProperty()
  prenom!: string;

  @ApiProperty({ description: "Vrai quand l'étudiant doit aussi choisir son adresse e-mail de connexion" })
  needs_email!: boolean;
}

/** The activation link of a learner created without a password (docs/adr/0052): no login, the link's secret is the proof. */
@ApiTags('Activation des comptes')
@Controller()
export class ActivationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('activation/lookup')
  @HttpCode(200)
  @ApiOperation({ summary: "Lit un lien d'activation (400 en français s'il est utilisé, expiré ou remplacé)" })
  @ApiOkResponse({ type: ActivationResponse })
  async lookup(@Body() body: ActivationLookupRequest): Promise<ActivationResponse> {
    const view = await this.queries.execute(new DescribeActivation(body.token));
    return { prenom: view.prenom, needs_email: view.needsEmail };
  }

  @Post('activation')
  @HttpCode(204)
  @ApiOperation({ summary: "L'étudiant choisit son mot de passe (et son e-mail si le centre ne le connaissait pas) ; le lien ne sert qu'une fois" })
  @ApiNoContentResponse()
  async activate(@Body() body: ActivationRequest): Promise<void> {
    await this.commands.execute(new ActivateStudent(body.token, body.password, body.email ?? null));
  }
}
