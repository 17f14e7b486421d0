import { api } from '../../lib/api';
import type { GridCell, GridRow, GridStep, ProgressGridView } from '../../lib/api-schema';

export type { GridCell, GridRow, GridStep, ProgressGridView };

export type GridSort = 'name' | 'percentage' | 'last_activity';
export type GridStatus = 'not_started' | 'in_progress' | 'inactive' | 'finished';

export interface GridArgs {
  course: number;
  page: number;
  pageSize: number;
  sort: GridSort;
  order: 'asc' | 'desc';
  status?: GridStatus;
  search?: string;
}

/** The query string of the grid and of its export (the same filters and order). */
export function gridQuery(args: Omit<GridArgs, 'course' | 'page' | 'pageSize'> & { page?: number; pageSize?: number }): string {
  const params = new URLSearchParams();
  if (args.page !== undefined) params.set('page', String(args.page));
  if (args.pageSize !== undefined) params.set('page_size', String(args.pageSize));
  params.set('sort', args.sort);
  params.set('order', args.order);
  if (args.status) params.set('status', args.status);
  if (args.search) params.set('search', args.search);
  return params.toString();
}

/** The export's path: the whole grid (every page), with the filters and order on screen. */
export const gridExportPath = (args: Omit<GridArgs, 'page' | 'pageSize'>) => `progress-grid/${args.course}/export/?${gridQuery(args)}`;

export const gridApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /progress-grid/{course}/: one page of the course's grid (its trainer, admins), paged, sorted and filtered on the server. */
    getProgressGrid: build.query<ProgressGridView, GridArgs>({
      query: ({ course, ...rest }) => `progress-grid/${course}/?${gridQuery(rest)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetProgressGridQuery } = gridApi;
