import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../../../platform/http/paging.js';
import { OptionalQueryDay, OptionalQueryId, queryValue } from '../../../platform/http/query-params.js';
import { INDICATOR_FIGURES, type IndicatorFigure, type IndicatorFilters } from '../application/indicators.queries.js';

/** The dashboard's scope: entries in a period (default: the last twelve months), a course, a session. */
export class IndicatorsQuery {
  @OptionalQueryDay('Entrées à partir de ce jour (AAAA-MM-JJ, heure de Paris) ; par défaut, il y a douze mois')
  from?: string;

  @OptionalQueryDay('Entrées jusqu’à ce jour inclus (AAAA-MM-JJ) ; par défaut, aujourd’hui')
  to?: string;

  @OptionalQueryId('Une formation', 'Formation introuvable.')
  course?: number;

  @OptionalQueryId('Une session de formation : ses apprenants, quelle que soit leur date d’entrée', 'Session introuvable.')
  session?: number;
}

/** The scope a query names. */
export const filtersOf = (query: IndicatorsQuery): IndicatorFilters => ({ from: query.from, to: query.to, course: query.course, session: query.session });

const FIGURE_MESSAGE = `Choisissez un indicateur de la liste : ${INDICATOR_FIGURES.join(', ')}.`;

/** The learners behind one figure, paged: the dashboard's scope, a page, a figure. */
export class IndicatorLearnersQuery extends IntersectionType(IndicatorsQuery, PageQuery) {
  @ApiPropertyOptional({ enum: INDICATOR_FIGURES, default: 'learners' })
  @IsOptional()
  @Transform(queryValue)
  @IsIn(INDICATOR_FIGURES, { message: FIGURE_MESSAGE })
  figure?: IndicatorFigure;
}

/** PUT /api/admin/indicators/public-results/. */
export class PublicResultsForm {
  @ApiProperty({ description: 'Publier (true) ou retirer (false) la page « Nos résultats »' })
  @IsBoolean({ message: '« enabled » doit valoir true ou false.' })
  enabled!: boolean;
}
