import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsPositive, Max, Min, ValidateBy } from 'class-validator';
import { MAX_ID } from '../../../platform/http/ids.js';
import { isCalendarDate } from '../../../platform/http/fields.js';
import { PageQuery, queryInteger } from '../../../platform/http/paging.js';
import { OptionalQueryText, queryValue } from '../../../platform/http/query-params.js';
import { InvalidInputError } from '../../../shared-kernel/index.js';


function QueryDate(description: string, label: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: String, format: 'date', description }),
    IsOptional(),
    Transform(queryValue),
    ValidateBy({ name: 'isCalendarDate', validator: { validate: isCalendarDate, defaultMessage: () => `${label} doit être une date valide (AAAA-MM-JJ).` } }),
  );
}

/** `?search=&start_date=&end_date=&session=`: the progress list's and exports' filter. */
export class ProgressFilterQuery extends PageQuery {
  @OptionalQueryText('Recherche dans le nom, l’e-mail, le nom d’utilisateur et le numéro de dossier', 'La recherche')
  search?: string;

  @QueryDate("Date d'entrée au plus tôt (incluse)", 'La date de début')
  start_date?: string;

  @QueryDate("Date d'entrée au plus tard (incluse)", 'La date de fin')
  end_date?: string;

  @ApiPropertyOptional({ type: Number, description: 'Les apprenants passés par cette session de formation (ceux qui l’ont quittée aussi)' })
  @IsOptional()
  @Transform(queryValue)
  @Transform(queryInteger)
  @Max(MAX_ID, { message: 'Session de formation introuvable.' })
  @IsPositive({ message: 'La session doit être un identifiant.' })
  @IsInt({ message: 'La session doit être un identifiant.' })
  session?: number;

  /** The filter, checked: the end not before the start. */
  toFilter(): { search?: string; startDate?: string; endDate?: string; sessionId?: number } {
    if (this.start_date && this.end_date && this.end_date < this.start_date) {
      throw new InvalidInputError('La date de fin ne peut pas précéder la date de début.', 'end_date');
    }
    return { search: this.search, startDate: this.start_date, endDate: this.end_date, sessionId: this.session };
  }
}

/** `?search=` of the students export (the /admin-users list's search). */
export class StudentExportQuery {
  @OptionalQueryText('Recherche dans le nom, l’e-mail, le nom d’utilisateur LMS et le numéro de dossier', 'La recherche')
  search?: string;
}

/** `?weeks=` of the dashboard's trends (1 to 52, 12 by default). */
export class TrendsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 52, default: 12 })
  @IsOptional()
  @Transform(queryInteger)
  @Max(52, { message: 'Le nombre de semaines doit être compris entre 1 et 52.' })
  @Min(1, { message: 'Le nombre de semaines doit être compris entre 1 et 52.' })
  @IsInt({ message: 'Le nombre de semaines doit être compris entre 1 et 52.' })
  weeks?: number;
}
