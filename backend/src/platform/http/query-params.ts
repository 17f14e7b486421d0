import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { isCalendarDate } from '../../shared-kernel/index.js';
import { MAX_ID } from './ids.js';
import { lastValue, queryInteger } from './paging.js';

/** An optional id in a query string: plain decimal, 1..2^31−1, the last value if repeated; `message` otherwise. */
export function OptionalQueryId(description: string, message = 'Identifiant invalide.') {
  return applyDecorators(
    ApiPropertyOptional({ description, type: Number }),
    IsOptional(),
    Transform(queryInteger),
    Max(MAX_ID, { message }),
    Min(1, { message }),
    IsInt({ message }),
  );
}

const trimmedOrAbsent = ({ value }: { value: unknown }) => {
  const last = lastValue({ value });
  return typeof last === 'string' ? last.trim() || undefined : last;
};

/** An optional free text in a query string, trimmed (empty = absent), `maxLength` characters at most. */
export function OptionalQueryText(description: string, label: string, maxLength = 200) {
  return applyDecorators(
    ApiPropertyOptional({ description, type: String, maxLength }),
    IsOptional(),
    Transform(trimmedOrAbsent),
    IsString({ message: `${label} doit être du texte.` }),
    MaxLength(maxLength, { message: `${label} ne doit pas dépasser ${maxLength} caractères.` }),
  );
}

/** A query string's value as a validator reads it: the last one if repeated, absent when blank. */
export const queryValue = ({ value }: { value: unknown }) => {
  const last = lastValue({ value });
  return typeof last === 'string' && last.trim() === '' ? undefined : last;
};

/** An optional calendar day `AAAA-MM-JJ` in a query string (empty = absent, the last value if repeated); a French 400 otherwise. */
export function OptionalQueryDay(description: string) {
  return applyDecorators(
    ApiPropertyOptional({ description, type: String }),
    IsOptional(),
    Transform(queryValue),
    ValidateBy({ name: 'isCalendarDay', validator: { validate: (v) => isCalendarDate(v), defaultMessage: () => 'La date doit être une date valide (AAAA-MM-JJ).' } }),
  );
}
