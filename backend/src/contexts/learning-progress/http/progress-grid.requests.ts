import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../../../platform/http/paging.js';
import { OptionalQueryText, queryValue } from '../../../platform/http/query-params.js';
import { GRID_SORTS, GRID_STATUSES, type GridRequest } from '../application/queries/get-progress-grid.query.js';

/** The grid's rows per page unless asked (the page's size is at most 50). */
export const GRID_PAGE_SIZE = 20;

/** `?sort=&order=&status=&search=&page=&page_size=` of the progress grid and its export. */
export class ProgressGridQuery extends PageQuery {
  @ApiPropertyOptional({ enum: GRID_SORTS, default: 'name', description: 'nom ; pourcentage ; dernière activité' })
  @IsOptional()
  @Transform(queryValue)
  @IsIn([...GRID_SORTS], { message: 'Le tri doit valoir name, percentage ou last_activity.' })
  sort?: (typeof GRID_SORTS)[number];

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' })
  @IsOptional()
  @Transform(queryValue)
  @IsIn(['asc', 'desc'], { message: 'L’ordre doit valoir asc ou desc.' })
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({ enum: GRID_STATUSES, description: 'pas commencé ; en cours ; inactif (sans activité depuis 7 jours) ; terminé' })
  @IsOptional()
  @Transform(queryValue)
  @IsIn([...GRID_STATUSES], { message: 'Le filtre doit valoir not_started, in_progress, inactive ou finished.' })
  status?: (typeof GRID_STATUSES)[number];

  @OptionalQueryText('Recherche dans le nom, l’e-mail, le nom d’utilisateur et le numéro de dossier', 'La recherche')
  search?: string;

  toGridRequest(): GridRequest {
    const { page, pageSize } = this.toPageRequest(GRID_PAGE_SIZE);
    return { sort: this.sort ?? 'name', order: this.order ?? 'asc', status: this.status ?? null, search: this.search ?? null, page, pageSize };
  }
}
