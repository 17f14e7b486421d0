import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { COURSE_SUMMARY } from '../../../catalogue/contracts/catalogue.read-models.js';
import { GetTeacherContacts } from '../../../identity/contracts/identity.queries.js';
import { STUDENT_RECORD } from '../../../identity/contracts/identity.read-models.js';
import type { ComplaintCategory, ComplaintStatus, FilerKind } from '../../contracts/quality.events.js';
import { improvementRows, presentImprovement } from '../improvements/improvement.queries.js';
import type { ComplaintAnswerView, ComplaintCourse, ComplaintView, MyComplaintView } from './complaint.views.js';

export class ComplaintNotFoundError extends NotFoundError {
  constructor() {
    super('Réclamation introuvable.');
  }
}

/** The register's filters: status, category, period of reception (days, Europe/Paris, inclusive). */
export interface ComplaintFilters {
  status?: ComplaintStatus;
  category?: ComplaintCategory;
  from?: string;
  to?: string;
}

/** The register shows at most this many complaints (the newest); the export has them all. */
export const REGISTER_LIMIT = 1000;

export type ComplaintRow = {
  id: number; reference: string; filer_kind: FilerKind; filer_id: number | null; visitor_name: string | null; visitor_email: string | null;
  visitor_phone: string | null; filer_data_erased_at: Date | null; student_name: string | null; student_email: string | null; student_closed: Date | null;
  category: ComplaintCategory; course_id: number | null; course_title: string | null; body: string; status: ComplaintStatus; received_at: Date;
  first_answered_at: Date | null; handling_seconds: number | null; treated_at: Date | null; closed_at: Date | null; action_taken: string | null;
};
type AnswerRow = { id: string; complaint_id: number; body: string; answered_at: Date };

const COMPLAINT_SQL = `select q.id, q.reference, q.filer_kind, q.filer_id, q.visitor_name, q.visitor_email, q.visitor_phone, q.filer_data_erased_at,
         s.fullname as student_name, s.email as student_email, s.closed_at as student_closed,
         q.category, q.course_id, c.title as course_title, q.body, q.status, q.received_at, q.first_answered_at, q.handling_seconds,
         q.treated_at, q.closed_at, q.action_taken
    from quality.complaint q
    left join ${STUDENT_RECORD} s on q.filer_kind = 'student' and s.id = q.filer_id
    left join ${COURSE_SUMMARY} c on c.course_id = q.course_id`;

/** The WHERE of the register's filters, with its parameters. */
export function complaintWhere(filters: ComplaintFilters): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filters.status) clauses.push(`q.status = $${params.push(filters.status)}`);
  if (filters.category) clauses.push(`q.category = $${params.push(filters.category)}`);
  if (filters.from) clauses.push(`q.received_at >= ($${params.push(filters.from)}::date)::timestamp at time zone 'Europe/Paris'`);
  if (filters.to) clauses.push(`q.received_at < ($${params.push(filters.to)}::date + 1)::timestamp at time zone 'Europe/Paris'`);
  return { where: clauses.length ? `where ${clauses.join(' and ')}` : '', params };
}

export async function complaintRows(db: Database, filters: ComplaintFilters, limit: number | null, offset = 0): Promise<ComplaintRow[]> {
  const { where, params } = complaintWhere(filters);
  const page = limit === null ? '' : ` limit ${Number(limit)} offset ${Number(offset)}`;
  return db.query<ComplaintRow>(`${COMPLAINT_SQL} ${where} order by q.received_at desc, q.id desc${page}`, params);
}

export async function complaintRowById(db: Database, id: number): Promise<ComplaintRow | undefined> {
  return db.one<ComplaintRow>(`${COMPLAINT_SQL} where q.id = $1`, [id]);
}

export const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

/** The trainers' names of these rows (open accounts; a closed one reads « Formateur n° … »). */
export async function teacherNames(queries: QueryBus, rows: ComplaintRow[]): Promise<Map<number, { name: string; email: string }>> {
  const ids = [...new Set(rows.filter((r) => r.filer_kind === 'teacher').map((r) => r.filer_id!))];
  if (ids.length === 0) return new Map();
  const contacts = await queries.execute(new GetTeacherContacts(ids));
  return new Map([...contacts].map(([id, c]) => [id, { name: c.full_name, email: c.email }]));
}

export function filerOf(row: ComplaintRow, teachers: Map<number, { name: string; email: string }>): ComplaintView['filer'] {
  if (row.filer_kind === 'visitor') {
    return { kind: 'visitor', id: null, name: row.visitor_name, email: row.visitor_email, phone: row.visitor_phone, erased_at: iso(row.filer_data_erased_at) };
  }
  if (row.filer_kind === 'student') {
    const closed = row.student_closed !== null;
    return { kind: 'student', id: row.filer_id, name: row.student_name ? `${row.student_name}${closed ? ' (compte clôturé)' : ''}` : `Apprenant n° ${row.filer_id}`, email: closed ? null : row.student_email, phone: null, erased_at: null };
  }
  const teacher = teachers.get(row.filer_id!);
  return { kind: 'teacher', id: row.filer_id, name: teacher?.name ?? `Formateur n° ${row.filer_id}`, email: teacher?.email ?? null, phone: null, erased_at: null };
}

async function answersOf(db: Database, ids: number[]): Promise<Map<number, ComplaintAnswerView[]>> {
  const byComplaint = new Map<number, ComplaintAnswerView[]>();
  if (ids.length === 0) return byComplaint;
  const rows = await db.query<AnswerRow>('select id, complaint_id, body, answered_at from quality.complaint_answer where complaint_id = any($1) order by answered_at, id', [ids]);
  for (const a of rows) {
    const list = byComplaint.get(a.complaint_id) ?? [];
    list.push({ id: Number(a.id), message: a.body, answered_at: iso(a.answered_at)! });
    byComplaint.set(a.complaint_id, list);
  }
  return byComplaint;
}

async function present(db: Database, queries: QueryBus, rows: ComplaintRow[]): Promise<ComplaintView[]> {
  const ids = rows.map((r) => r.id);
  const [answers, teachers, actions] = await Promise.all([
    answersOf(db, ids),
    teacherNames(queries, rows),
    ids.length ? improvementRows(db, { complaintIds: ids }) : Promise.resolve([]),
  ]);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    filer: filerOf(r, teachers),
    category: r.category,
    course: r.course_id === null ? null : { id: r.course_id, title: r.course_title },
    message: r.body,
    status: r.status,
    received_at: iso(r.received_at)!,
    first_answered_at: iso(r.first_answered_at),
    handling_seconds: r.handling_seconds,
    treated_at: iso(r.treated_at),
    closed_at: iso(r.closed_at),
    action_taken: r.action_taken,
    answers: answers.get(r.id) ?? [],
    improvement_actions: actions.filter((a) => a.complaint_id === r.id).map(presentImprovement),
  }));
}

/** The admins' register, newest first, filtered (at most REGISTER_LIMIT rows). */
export class ListComplaints extends Query<ComplaintView[]> {
  constructor(readonly filters: ComplaintFilters) {
    super();
  }
}

@QueryHandler(ListComplaints)
export class ListComplaintsHandler implements IQueryHandler<ListComplaints> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ filters }: ListComplaints): Promise<ComplaintView[]> {
    return present(this.db, this.queries, await complaintRows(this.db, filters, REGISTER_LIMIT));
  }
}

/** One complaint of the register (admins). */
export class GetComplaint extends Query<ComplaintView> {
  constructor(readonly complaintId: number) {
    super();
  }
}

@QueryHandler(GetComplaint)
export class GetComplaintHandler implements IQueryHandler<GetComplaint> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ complaintId }: GetComplaint): Promise<ComplaintView> {
    const row = await complaintRowById(this.db, complaintId);
    if (!row) throw new ComplaintNotFoundError();
    return (await present(this.db, this.queries, [row]))[0]!;
  }
}

/** A signed-in learner's or trainer's own complaints, newest first, with the answers they were sent. */
export class ListMyComplaints extends Query<MyComplaintView[]> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListMyComplaints)
export class ListMyComplaintsHandler implements IQueryHandler<ListMyComplaints> {
  constructor(private readonly db: Database) {}

  async execute({ actor }: ListMyComplaints): Promise<MyComplaintView[]> {
    if (actor.role !== 'student' && actor.role !== 'teacher') throw new ForbiddenError('Seuls les apprenants et les formateurs ont un espace « Mes réclamations ».');
    const rows = await this.db.query<ComplaintRow>(`${COMPLAINT_SQL} where q.filer_kind = $1 and q.filer_id = $2 order by q.received_at desc, q.id desc`, [actor.role, actor.profileId]);
    const answers = await answersOf(this.db, rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      category: r.category,
      course: r.course_id === null ? null : { id: r.course_id, title: r.course_title },
      message: r.body,
      status: r.status,
      received_at: iso(r.received_at)!,
      answers: answers.get(r.id) ?? [],
    }));
  }
}

/** The courses a complaint may be about: the published ones, by title (the public form's list). */
export class ListComplaintCourses extends Query<ComplaintCourse[]> {}

@QueryHandler(ListComplaintCourses)
export class ListComplaintCoursesHandler implements IQueryHandler<ListComplaintCourses> {
  constructor(private readonly db: Database) {}

  async execute(): Promise<ComplaintCourse[]> {
    return this.db.query<ComplaintCourse>(`select course_id as id, title from ${COURSE_SUMMARY} where status = 'published' and archived_at is null order by title, course_id`);
  }
}
