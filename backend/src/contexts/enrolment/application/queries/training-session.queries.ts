import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, parisCalendarDate, type Actor } from '../../../../shared-kernel/index.js';
import { COURSE_SUMMARY } from '../../../catalogue/contracts/catalogue.read-models.js';
import { GetTeacherSummaries } from '../../../identity/contracts/identity.queries.js';
import { STUDENT_RECORD } from '../../../identity/contracts/identity.read-models.js';
import type { EnrolmentFundingView } from '../../contracts/enrolment.queries.js';
import { SessionNotFoundError } from '../../domain/enrolment.errors.js';
import { edofDeclaration, type EdofDeclaration, type RecordedEdofDeclaration } from '../../domain/edof.js';
import type { Funder } from '../../domain/enrolment-funding.js';
import { readEnrolmentFunding, readEnrolmentFundings } from './get-enrolment-funding.query.js';

/** Whether an effective funding is the CPF: set on the enrolment, or the student record's « type de dossier » naming it. */
export function isCpf(funder: Funder | null, fundingLabel: string | null): boolean {
  return funder === 'cpf' || (funder === null && /\bcpf\b/i.test(fundingLabel ?? ''));
}

/** What an EDOF declaration of an enrolment is judged on. */
export interface EdofDates {
  cpf: boolean;
  entryDate: string | null;
  exitDate: string | null;
}

/**
 * The one rule of an enrolment's EDOF dates (ADR 0050), for the session's page and the declaration
 * alike: CPF-funded or not, the entry and exit of the enrolment (or of the student record), else
 * those of the session the learner is in now.
 */
export function edofDatesOf(effective: EnrolmentFundingView, session: { start_date: string; end_date: string } | null): EdofDates {
  return {
    cpf: isCpf(effective.funder, effective.fundingLabel.value),
    entryDate: effective.entryDate.value ?? session?.start_date ?? null,
    exitDate: effective.exitDate.value ?? session?.end_date ?? null,
  };
}

/** An enrolment's EDOF dates, with the learner's current session; null when the student was never enrolled in the course. */
export async function edofDates(db: Database, studentId: number, courseId: number): Promise<EdofDates | null> {
  const funding = await readEnrolmentFunding(db, studentId, courseId);
  if (!funding) return null;
  const session = await db.one<{ start_date: string; end_date: string }>(
    `select to_char(s.start_date, 'YYYY-MM-DD') as start_date, to_char(s.end_date, 'YYYY-MM-DD') as end_date
       from enrolment.session_member m join enrolment.training_session s on s.id = m.session_id
      where m.role = 'learner' and m.person_id = $1 and m.course_id = $2 and m.left_at is null`,
    [studentId, courseId],
  );
  return edofDatesOf(funding.effective, session ?? null);
}

export interface SessionSummaryView {
  id: number;
  course_id: number;
  course_title: string;
  name: string;
  start_date: string;
  end_date: string;
  learners: number;
  trainers: number;
}

/** The sessions, of one course or all, the newest start first (admins). */
export class ListSessions extends Query<SessionSummaryView[]> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number | null,
  ) {
    super();
  }
}

const SUMMARY_SQL = `
  select s.id, s.course_id, c.title as course_title, s.name,
         to_char(s.start_date, 'YYYY-MM-DD') as start_date, to_char(s.end_date, 'YYYY-MM-DD') as end_date,
         count(*) filter (where m.role = 'learner' and m.left_at is null)::int as learners,
         count(*) filter (where m.role = 'trainer' and m.left_at is null)::int as trainers
    from enrolment.training_session s
    join ${COURSE_SUMMARY} c on c.course_id = s.course_id
    left join enrolment.session_member m on m.session_id = s.id`;

@QueryHandler(ListSessions)
export class ListSessionsHandler implements IQueryHandler<ListSessions> {
  constructor(private readonly db: Database) {}

  async execute({ actor, courseId }: ListSessions): Promise<SessionSummaryView[]> {
    assertAdmin(actor);
    return this.db.query<SessionSummaryView>(`${SUMMARY_SQL} where ($1::int is null or s.course_id = $1) group by s.id, c.title order by s.start_date desc, s.id desc`, [courseId]);
  }
}

export interface SessionLearnerView {
  student_id: number;
  full_name: string;
  email: string;
  joined_at: string;
  left_at: string | null;
  funder: Funder | null;
  funding_label: string | null;
  dossier_number: string | null;
  cpf: boolean;
  /** For a CPF enrolment of a learner still in the session only (null otherwise). */
  edof: { entry: EdofDeclaration; exit: EdofDeclaration } | null;
}

export interface SessionDetailView extends SessionSummaryView {
  today: string;
  trainers_list: { teacher_id: number; full_name: string; joined_at: string }[];
  learners_list: SessionLearnerView[];
}

/** One session with its learners (those who left too, marked) and their EDOF deadlines by the server's day (admins). */
export class GetSession extends Query<SessionDetailView> {
  constructor(
    readonly actor: Actor,
    readonly sessionId: number,
  ) {
    super();
  }
}

interface LearnerRow {
  student_id: number;
  full_name: string;
  email: string;
  joined_at: Date;
  left_at: Date | null;
  entry_declared_on: string | null;
  entry_date: string | null;
  entry_deadline: string | null;
  exit_declared_on: string | null;
  exit_date: string | null;
  exit_deadline: string | null;
}

/** A declaration as the enrolment recorded it (the day, and the date and deadline it was judged on), or null. */
function recorded(row: LearnerRow, kind: 'entry' | 'exit'): RecordedEdofDeclaration | null {
  const [declaredOn, date, deadline] = kind === 'entry' ? [row.entry_declared_on, row.entry_date, row.entry_deadline] : [row.exit_declared_on, row.exit_date, row.exit_deadline];
  return declaredOn !== null && date !== null && deadline !== null ? { declaredOn, date, deadline } : null;
}

@QueryHandler(GetSession)
export class GetSessionHandler implements IQueryHandler<GetSession> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, sessionId }: GetSession): Promise<SessionDetailView> {
    assertAdmin(actor);
    const summary = await this.db.one<SessionSummaryView>(`${SUMMARY_SQL} where s.id = $1 group by s.id, c.title`, [sessionId]);
    if (!summary) throw new SessionNotFoundError();
    const today = parisCalendarDate(this.clock.now());
    const trainers = await this.db.query<{ teacher_id: number; joined_at: Date }>(
      `select m.person_id as teacher_id, m.joined_at from enrolment.session_member m
        where m.session_id = $1 and m.role = 'trainer' and m.left_at is null order by m.joined_at, m.id`,
      [sessionId],
    );
    const names = await this.queries.execute(new GetTeacherSummaries(trainers.map((t) => t.teacher_id)));
    const rows = await this.db.query<LearnerRow>(
      `select m.person_id as student_id, r.fullname as full_name, r.email, m.joined_at, m.left_at,
              to_char(sc.edof_entry_declared_on, 'YYYY-MM-DD') as entry_declared_on, to_char(sc.edof_entry_date, 'YYYY-MM-DD') as entry_date,
              to_char(sc.edof_entry_deadline, 'YYYY-MM-DD') as entry_deadline, to_char(sc.edof_exit_declared_on, 'YYYY-MM-DD') as exit_declared_on,
              to_char(sc.edof_exit_date, 'YYYY-MM-DD') as exit_date, to_char(sc.edof_exit_deadline, 'YYYY-MM-DD') as exit_deadline
         from enrolment.session_member m
         join ${STUDENT_RECORD} r on r.id = m.person_id
         left join enrolment.student_course sc on sc.student_id = m.person_id and sc.course_id = m.course_id
        where m.session_id = $1 and m.role = 'learner'
        order by m.left_at is not null, r.nom, r.prenom, m.id`,
      [sessionId],
    );
    // The learners' funding in one statement; the EDOF deadlines of those still in the session (a
    // learner who left is declared with the dates of the session they are in now, if any).
    const fundings = await readEnrolmentFundings(this.db, rows.map((r) => r.student_id), summary.course_id);
    const learners = rows.map((row): SessionLearnerView => {
      const effective = fundings.get(row.student_id)?.effective;
      const dates = effective ? edofDatesOf(effective, summary) : null;
      return {
        student_id: row.student_id,
        full_name: row.full_name,
        email: row.email,
        joined_at: row.joined_at.toISOString(),
        left_at: row.left_at?.toISOString() ?? null,
        funder: effective?.funder ?? null,
        funding_label: effective?.fundingLabel.value ?? null,
        dossier_number: effective?.dossierNumber.value ?? null,
        cpf: dates?.cpf ?? false,
        edof:
          dates?.cpf && row.left_at === null
            ? { entry: edofDeclaration('entry', dates.entryDate, recorded(row, 'entry'), today), exit: edofDeclaration('exit', dates.exitDate, recorded(row, 'exit'), today) }
            : null,
      };
    });
    return {
      ...summary,
      today,
      trainers_list: trainers.map((t) => ({ teacher_id: t.teacher_id, full_name: names.get(t.teacher_id)?.full_name ?? '', joined_at: t.joined_at.toISOString() })),
      learners_list: learners,
    };
  }
}
