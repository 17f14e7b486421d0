import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GetProgressRules, ProgressRulesView } from '../application/queries/get-progress-rules.query.js';

/** The validation rules' figures for the course player and the public FAQ (issue 21), so the front end copies none. Public: a centre tells its rules to anyone. */
@ApiTags('Progression')
@Controller()
export class ProgressRulesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('progress-rules')
  @ApiOperation({ summary: 'Les seuils de validation que le serveur applique (vidéo : part regardée, bouton « Terminer »), pour le lecteur de cours et la FAQ publique' })
  @ApiOkResponse({ type: ProgressRulesView })
  get(): Promise<ProgressRulesView> {
    return this.queries.execute(new GetProgressRules());
  }
}
