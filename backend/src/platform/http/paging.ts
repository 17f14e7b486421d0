import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { InvalidInputError } from '../../shared-kernel/index.js';
import { toDecimalInteger } from './ids.js';

export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 8;
export const MAX_PAGE_SIZE = 50;

/** Plain decimal digits only: `Number()` would read `0x10` as 16 and `1e3` as 1000. */
function decimal(value: string): number {
  const number = toDecimalInteger({ value });
  return typeof number === 'number' ? number : Number.NaN;
}

/** Reads `?page=` (from 1) and `?page_size=` (1–50); bad values get a French 400. */
export function pageRequest(query: { page?: string; page_size?: string }, defaultSize = DEFAULT_PAGE_SIZE): PageRequest {
  const page = query.page === undefined || query.page === '' ? 1 : decimal(query.page);
  const pageSize = query.page_size === undefined || query.page_size === '' ? defaultSize : decimal(query.page_size);
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw new InvalidInputError('Le numéro de page doit être un entier positif.', 'page');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new InvalidInputError(`La taille de page doit être comprise entre 1 et ${MAX_PAGE_SIZE}.`, 'page_size');
  }
  return { page, pageSize };
}

/** The `{count, next, previous, results}` answer, with links that keep the request's other parameters. */
export function paged<T>(results: T[], count: number, request: PageRequest, url: string): Paged<T> {
  const link = (page: number) => {
    const target = new URL(url, 'http://x');
    target.searchParams.set('page', String(page));
    return `${target.pathname}${target.search}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / request.pageSize));
  return {
    count,
    next: request.page < lastPage ? link(request.page + 1) : null,
    previous: request.page > 1 ? link(Math.min(request.page - 1, lastPage)) : null,
    results,
  };
}

/** A repeated query parameter (`?page=1&page=2`) keeps its last value. */
export const lastValue = ({ value }: { value: unknown }): unknown => (Array.isArray(value) ? value.at(-1) : value);

/** A query-string integer: the last value, in plain decimal digits, or left as sent for the validators to refuse. */
export const queryInteger = ({ value }: { value: unknown }): unknown => toDecimalInteger({ value: lastValue({ value }) });

const PAGE_MESSAGE = 'Le numéro de page doit être un entier positif.';
const PAGE_SIZE_MESSAGE = `La taille de page doit être comprise entre 1 et ${MAX_PAGE_SIZE}.`;

/** `?page=` (from 1) and `?page_size=` (1–50) of every paged list; a list class extends it. */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Transform(queryInteger)
  @Max(100_000, { message: PAGE_MESSAGE })
  @Min(1, { message: PAGE_MESSAGE })
  @IsInt({ message: PAGE_MESSAGE })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @IsOptional()
  @Transform(queryInteger)
  @Max(MAX_PAGE_SIZE, { message: PAGE_SIZE_MESSAGE })
  @Min(1, { message: PAGE_SIZE_MESSAGE })
  @IsInt({ message: PAGE_SIZE_MESSAGE })
  page_size?: number;

  toPageRequest(defaultSize = DEFAULT_PAGE_SIZE): PageRequest {
    return { page: this.page ?? 1, pageSize: this.page_size ?? defaultSize };
  }
}

/** The OpenAPI class of a `{count, next, previous, results}` answer whose items are `item`. */
export function PagedOf<T>(item: Type<T>): Type<Paged<T>> {
  class PagedResult implements Paged<T> {
    @ApiProperty() count!: number;
    @ApiProperty({ type: String, nullable: true, description: 'Lien de la page suivante' }) next!: string | null;
    @ApiProperty({ type: String, nullable: true, description: 'Lien de la page précédente' }) previous!: string | null;
    @ApiProperty({ type: [item] }) results!: T[];
  }
  return PagedResult;
}
