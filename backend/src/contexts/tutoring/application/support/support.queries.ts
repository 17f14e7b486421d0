import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { NOT_YOURS } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { COURSE_STEP, COURSE_SUMMARY } from '../../../catalogue/contracts/catalogue.read-models.js';
import { GetTeacherSummaries } from '../../../identity/contracts/identity.queries.js';
import { STUDENT_RECORD } from '../../../identity/contracts/identity.read-models.js';
import type { SupportCategory, SupportStaffRole, SupportStatus } from '../../contracts/tutoring.events.js';
import { GetSupportTranscript, type SupportTranscriptRequest } from '../../contracts/tutoring.support.js';
import { mayReadRequest, SupportRequestNotFoundError } from './support-access.js';
import type { SupportRequestView } from './support.views.js';

type RequestRow = {
  id: number; student_id: number; fullname: string | null; closed_at: Date | null; course_id: number | null; course_title: string | null;
  step_kind: 'chapter' | 'subchapter' | null; step_id: number | null; step_title: string | null; category: SupportCategory; body: string;
  status: SupportStatus; opened_at: Date; first_answered_at: Date | null; response_seconds: number | null; resolved_at: Date | null;
  resolved_by_role: SupportStaffRole | null;
};
type AnswerRow = { id: string; request_id: number; author_id: number; author_role: SupportStaffRole; body: string; answered_at: Date };

const REQUEST_SQL = `select r.id, r.student_id, s.fullname, s.closed_at, r.course_id, c.title as course_title, r.step_kind, r.step_id,
         (select st.title from ${COURSE_STEP} st where st.course_id = r.course_id and st.kind = r.step_kind and st.step_id = r.step_id) as step_title,
         r.category, r.body, r.status, r.opened_at, r.first_answered_at, r.response_seconds, r.resolved_at, r.resolved_by_role
    from tutoring.support_request r
    left join ${STUDENT_RECORD} s on s.id = r.student_id
    left join ${COURSE_SUMMARY} c on c.course_id = r.course_id`;

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);

/** The requests with their answers, in the order of the rows. */
async function present(db: Database, queries: QueryBus, rows: RequestRow[]): Promise<SupportRequestView[]> {
  if (rows.length === 0) return [];
  const answers = await db.query<AnswerRow>(
    'select id, request_id, author_id, author_role, body, answered_at from tutoring.support_answer where request_id = any($1) order by answered_at, id',
    [rows.map((r) => r.id)],
  );
  const teacherIds = [...new Set(answers.filter((a) => a.author_role === 'teacher').map((a) => a.author_id))];
  const teachers = teacherIds.length ? await queries.execute(new GetTeacherSummaries(teacherIds)) : new Map();
  return rows.map((r) => ({
    id: r.id,
    student: { id: r.student_id, fullname: r.fullname ?? `Apprenant n° ${r.student_id}`, closed: r.closed_at !== null },
    course: r.course_id === null ? null : { id: r.course_id, title: r.course_title },
    step: r.step_kind === null || r.step_id === null ? null : { kind: r.step_kind, id: r.step_id, title: r.step_title },
    category: r.category,
    message: r.body,
    status: r.status,
    opened_at: iso(r.opened_at)!,
    first_answered_at: iso(r.first_answered_at),
    response_seconds: r.response_seconds,
    resolved_at: iso(r.resolved_at),
    resolved_by_role: r.resolved_by_role,
    answers: answers
      .filter((a) => a.request_id === r.id)
      .map((a) => ({
        id: Number(a.id), author_role: a.author_role, message: a.body, answered_at: iso(a.answered_at)!,
        author_name: a.author_role === 'teacher' ? (teachers.get(a.author_id)?.full_name ?? `Formateur n° ${a.author_id}`) : null,
      })),
  }));
}

/** The signed-in learner's requests, newest first. */
export class ListMySupportRequests extends Query<SupportRequestView[]> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListMySupportRequests)
export class ListMySupportRequestsHandler implements IQueryHandler<ListMySupportRequests> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor }: ListMySupportRequests): Promise<SupportRequestView[]> {
    if (actor.role !== 'student') throw new ForbiddenError(NOT_YOURS);
    const rows = await this.db.query<RequestRow>(`${REQUEST_SQL} where r.student_id = $1 order by r.opened_at desc, r.id desc`, [actor.profileId]);
    return present(this.db, this.queries, rows);
  }
}

/** The requests staff handle: every one for admins, those of their courses for a trainer; filtered by status and course; open ones first. */
export class ListSupportRequests extends Query<SupportRequestView[]> {
  constructor(
    readonly actor: Actor,
    readonly status: SupportStatus | undefined,
    readonly courseId: number | undefined,
  ) {
    super();
  }
}

export const SUPPORT_LIST_LIMIT = 500;

@QueryHandler(ListSupportRequests)
export class ListSupportRequestsHandler implements IQueryHandler<ListSupportRequests> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, status, courseId }: ListSupportRequests): Promise<SupportRequestView[]> {
    if (actor.role === 'student') throw new ForbiddenError(NOT_YOURS);
    const rows = await this.db.query<RequestRow>(
      `${REQUEST_SQL}
        where ($1::text is null or r.status = $1) and ($2::int is null or r.course_id = $2) and ($3::int is null or c.teacher_id = $3)
        order by case r.status when 'ouverte' then 0 when 'repondue' then 1 else 2 end, r.opened_at desc, r.id desc
        limit ${SUPPORT_LIST_LIMIT}`,
      [status ?? null, courseId ?? null, actor.role === 'teacher' ? actor.profileId : null],
    );
    // A closed account leaves every list but the admins' (ADR 0015).
    return present(this.db, this.queries, actor.role === 'admin' ? rows : rows.filter((r) => r.closed_at === null));
  }
}

/** One request: its learner, an admin, the trainer of its course. */
export class GetSupportRequest extends Query<SupportRequestView> {
  constructor(
    readonly actor: Actor,
    readonly requestId: number,
  ) {
    super();
  }
}

@QueryHandler(GetSupportRequest)
export class GetSupportRequestHandler implements IQueryHandler<GetSupportRequest> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, requestId }: GetSupportRequest): Promise<SupportRequestView> {
    const row = await this.db.one<RequestRow>(`${REQUEST_SQL} where r.id = $1`, [requestId]);
    // A closed learner's requests are the admins' to read (ADR 0015): to a trainer, they no longer exist.
    if (!row || (row.closed_at !== null && actor.role === 'teacher')) throw new SupportRequestNotFoundError();
    if (!(await mayReadRequest(this.db, actor, row))) throw new ForbiddenError(NOT_YOURS);
    return (await present(this.db, this.queries, [row]))[0]!;
  }
}

@QueryHandler(GetSupportTranscript)
export class GetSupportTranscriptHandler implements IQueryHandler<GetSupportTranscript> {
  constructor(private readonly db: Database) {}

  async execute({ studentId, courseId, withoutCourse }: GetSupportTranscript): Promise<SupportTranscriptRequest[]> {
    const rows = await this.db.query<RequestRow & { first_answer_role: SupportStaffRole | null }>(
      `select r.id, r.course_id, r.step_kind, r.step_id, r.category, r.body, r.status, r.opened_at, r.first_answered_at, r.response_seconds, r.resolved_at,
              (select a.author_role from tutoring.support_answer a where a.request_id = r.id order by a.answered_at, a.id limit 1) as first_answer_role
         from tutoring.support_request r
        where r.student_id = $1
          and (r.course_id = $2 or (r.course_id is null and $3::timestamptz is not null and r.opened_at >= $3 and ($4::timestamptz is null or r.opened_at <= $4)))
        order by r.opened_at, r.id`,
      [studentId, courseId, withoutCourse?.since ?? null, withoutCourse?.until ?? null],
    );
    if (rows.length === 0) return [];
    const answers = await this.db.query<AnswerRow>(
      'select id, request_id, author_id, author_role, body, answered_at from tutoring.support_answer where request_id = any($1) order by answered_at, id',
      [rows.map((r) => r.id)],
    );
    return rows.map((r) => ({
      id: r.id, course_specified: r.course_id !== null, category: r.category, step_kind: r.step_kind, step_id: r.step_id,
      opened_at: iso(r.opened_at)!, body: r.body, status: r.status, first_answered_at: iso(r.first_answered_at), first_answer_role: r.first_answer_role,
      response_seconds: r.response_seconds, resolved_at: iso(r.resolved_at),
      answers: answers
        .filter((a) => a.request_id === r.id)
        .map((a) => ({ author_role: a.author_role, teacher_id: a.author_role === 'teacher' ? a.author_id : null, answered_at: iso(a.answered_at)!, body: a.body })),
    }));
  }
}
