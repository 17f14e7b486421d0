import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MAX_ID, toDecimalInteger } from './ids.js';

// Request-body fields as the contexts' forms declare them (JSON or multipart, where everything is text).

/** 'true' and 'false' sent as text (multipart, query strings) become booleans; anything else stays for the validators. */
export const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyIsAbsent = ({ value }: { value: unknown }) => (value === '' || value === 'null' || value === 'undefined' ? undefined : value);
/** An id sent as text or number, for the validators (sent empty: absent). */
export const integer = ({ value }: { value: unknown }) => toDecimalInteger({ value: emptyIsAbsent({ value }) });

/** A required id sent as text or number: plain decimal, 1..2^31−1. */
export function RequiredId(description: string, missing: string, invalid = missing) {
  return applyDecorators(ApiProperty({ description }), Transform(integer), Max(MAX_ID, { message: invalid }), Min(1, { message: invalid }), IsInt({ message: missing }));
}

/** An optional id: absent (or sent empty) is absent; a JSON null is absent on POST, refused on PUT and PATCH (docs/adr/0009). */
export function OptionalId(description: string, invalid: string) {
  return applyDecorators(
    ApiPropertyOptional({ description }),
    Transform(integer),
    ValidateIf((_, value) => value !== undefined),
    Max(MAX_ID, { message: invalid }),
    Min(1, { message: invalid }),
    IsInt({ message: invalid }),
  );
}

/** A required text, trimmed: `${label} est obligatoire.` when missing or blank, at most `max` characters. */
export function RequiredText(label: string, max: number, missing = `${label} est obligatoire.`) {
  return applyDecorators(
    ApiProperty({ maxLength: max }),
    Transform(trim),
    // Checked in this order: a missing field says it is required, not that it is too long.
    IsString({ message: missing }),
    IsNotEmpty({ message: missing }),
    MaxLength(max, { message: `${label} ne doit pas dépasser ${max} caractères.` }),
  );
}

/** A calendar date `YYYY-MM-DD` that exists, between 1900 and 2100: the shared kernel's rule (the domain checks dates too). */
export { isCalendarDate } from '../../shared-kernel/french-working-days.js';
