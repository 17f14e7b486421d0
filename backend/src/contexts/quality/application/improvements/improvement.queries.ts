import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { NotFoundError } from '../../../../shared-kernel/index.js';
import type { ImprovementSource, ImprovementStatus } from '../../contracts/quality.events.js';
import type { ImprovementActionView } from '../complaints/complaint.views.js';

export class ImprovementActionNotFoundError extends NotFoundError {
  constructor() {
    super('Action d’amélioration introuvable.');
  }
}

export interface ImprovementFilters {
  status?: ImprovementStatus;
  source?: ImprovementSource;
  complaintIds?: number[];
  id?: number;
}

export type ImprovementRow = {
  id: number; source: ImprovementSource; complaint_id: number | null; complaint_reference: string | null; description: string; owner: string | null;
  due_on: string | null; status: ImprovementStatus; result: string | null; opened_at: Date; done_at: Date | null;
};

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

/** The log's rows, newest first. */
export async function improvementRows(db: Database, filters: ImprovementFilters): Promise<ImprovementRow[]> {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filters.status) clauses.push(`a.status = $${params.push(filters.status)}`);
  if (filters.source) clauses.push(`a.source = $${params.push(filters.source)}`);
  if (filters.complaintIds) clauses.push(`a.complaint_id = any($${params.push(filters.complaintIds)})`);
  if (filters.id !== undefined) clauses.push(`a.id = $${params.push(filters.id)}`);
  return db.query<ImprovementRow>(
    `select a.id, a.source, a.complaint_id, q.reference as complaint_reference, a.description, a.owner, to_char(a.due_on, 'YYYY-MM-DD') as due_on,
            a.status, a.result, a.opened_at, a.done_at
       from quality.improvement_action a left join quality.complaint q on q.id = a.complaint_id
       ${clauses.length ? `where ${clauses.join(' and ')}` : ''}
      order by a.opened_at desc, a.id desc`,
    params,
  );
}

export function presentImprovement(r: ImprovementRow): ImprovementActionView {
  return {
    id: r.id, source: r.source, complaint_id: r.complaint_id, complaint_reference: r.complaint_reference, description: r.description, owner: r.owner,
    due_on: r.due_on, status: r.status, result: r.result, opened_at: iso(r.opened_at)!, done_at: iso(r.done_at),
  };
}

/** The improvement log (admins), newest first, filtered by status and source. */
export class ListImprovementActions extends Query<ImprovementActionView[]> {
  constructor(readonly filters: ImprovementFilters) {
    super();
  }
}

@QueryHandler(ListImprovementActions)
export class ListImprovementActionsHandler implements IQueryHandler<ListImprovementActions> {
  constructor(private readonly db: Database) {}

  async execute({ filters }: ListImprovementActions): Promise<ImprovementActionView[]> {
    return (await improvementRows(this.db, filters)).map(presentImprovement);
  }
}

/** One entry of the log (admins). */
export class GetImprovementAction extends Query<ImprovementActionView> {
  constructor(readonly actionId: number) {
    super();
  }
}

@QueryHandler(GetImprovementAction)
export class GetImprovementActionHandler implements IQueryHandler<GetImprovementAction> {
  constructor(private readonly db: Database) {}

  async execute({ actionId }: GetImprovementAction): Promise<ImprovementActionView> {
    const [row] = await improvementRows(this.db, { id: actionId });
    if (!row) throw new ImprovementActionNotFoundError();
    return presentImprovement(row);
  }
}
