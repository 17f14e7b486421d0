import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { NotFoundError, parisCalendarDate, type Actor } from '../../../../shared-kernel/index.js';
import { COURSE_STEP, COURSE_SUMMARY } from '../../../catalogue/contracts/catalogue.read-models.js';
import type { SessionLearnerReason } from '../../../enrolment/contracts/enrolment.events.js';
import { GetEnrolmentFunding, type EnrolmentFundingView } from '../../../enrolment/contracts/enrolment.queries.js';
import { SESSION_LEARNER, TRAINING_SESSION_SUMMARY } from '../../../enrolment/contracts/enrolment.read-models.js';
import { STUDENT_RECORD } from '../../../identity/contracts/identity.read-models.js';
import { STUDENT_COURSE_FIGURES } from '../../../learning-progress/contracts/learning-progress.read-models.js';
import { serviceFaitFigures, type ServiceFaitFigures } from '../service-fait-figures.js';
import { SESSION_NOT_FOUND } from './list-progress.query.js';

/** One learner's line of a session's « service fait » (EDOF). */
export interface ServiceFaitLine extends ServiceFaitFigures {
  student_id: number;
  full_name: string;
  email: string;
  dossier_number: string | null;
  funding_label: string | null;
  /** `YYYY-MM-DD`: the enrolment's (or student record's) dates, else the session's; a learner who left exits on the day they left (Paris). */
  entry_date: string;
  exit_date: string;
  /** When the learner left the session (their latest passage), null while in it. */
  left_at: string | null;
  reason: SessionLearnerReason | null;
}

export interface ServiceFaitView {
  session_id: number;
  course_id: number;
  course_title: string;
  name: string;
  start_date: string;
  end_date: string;
  /** The course's planned duration (its own, else the sum of its steps' declared durations), null when unknown. */
  planned_minutes: number | null;
  /** Every learner who was in the session, those who left too, by name. */
  lines: ServiceFaitLine[];
}

/**
 * A session's « service fait » figures (issue 29 item 2, docs/adr/0050), for the session's page and
 * its XLSX: per learner who was ever in it, the hours planned, the time the server measured in the
 * course, the hours not completed, the rate, the dates and the admin's reason. Here, downstream of
 * enrolment and learning-progress, from their published views (never the event log). Admins only.
 */
export class GetServiceFait extends Query<ServiceFaitView> {
  constructor(
    readonly actor: Actor,
    readonly sessionId: number,
  ) {
    super();
  }
}

interface LineRow {
  student_id: number;
  full_name: string;
  email: string;
  left_at: Date | null;
  reason: SessionLearnerReason | null;
  active_seconds: number;
}

@QueryHandler(GetServiceFait)
export class GetServiceFaitHandler implements IQueryHandler<GetServiceFait> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, sessionId }: GetServiceFait): Promise<ServiceFaitView> {
    assertAdmin(actor);
    const session = await this.db.one<Omit<ServiceFaitView, 'lines'>>(
      `select s.session_id, s.course_id, c.title as course_title, s.name,
              to_char(s.start_date, 'YYYY-MM-DD') as start_date, to_char(s.end_date, 'YYYY-MM-DD') as end_date,
              coalesce(c.planned_minutes, (select sum(st.declared_minutes)::int from ${COURSE_STEP} st where st.course_id = s.course_id)) as planned_minutes
         from ${TRAINING_SESSION_SUMMARY} s join ${COURSE_SUMMARY} c on c.course_id = s.course_id
        where s.session_id = $1`,
      [sessionId],
    );
    if (!session) throw new NotFoundError(SESSION_NOT_FOUND);
    // One line per learner: their latest passage says whether they left, and carries the reason.
    const rows = await this.db.query<LineRow>(
      `with passages as (
         select sl.student_id,
                (array_agg(sl.left_at order by sl.joined_at desc))[1] as left_at,
                (array_agg(sl.reason order by sl.joined_at desc))[1] as reason
           from ${SESSION_LEARNER} sl
          where sl.session_id = $1
          group by sl.student_id
       )
       select p.student_id, r.fullname as full_name, r.email, p.left_at, p.reason, coalesce(f.active_seconds, 0)::float8 as active_seconds
         from passages p
         join ${STUDENT_RECORD} r on r.id = p.student_id
         left join ${STUDENT_COURSE_FIGURES} f on f.student_id = p.student_id and f.course_id = $2
        order by r.nom, r.prenom, p.student_id`,
      [sessionId, session.course_id],
    );
    const lines: ServiceFaitLine[] = [];
    for (const row of rows) {
      // Enrolment's answer (its fallback on the student record included); a session holds tens of learners.
      const funding: EnrolmentFundingView | null = await this.queries.execute(new GetEnrolmentFunding(row.student_id, session.course_id));
      lines.push({
        student_id: row.student_id,
        full_name: row.full_name,
        email: row.email,
        dossier_number: funding?.dossierNumber.value ?? null,
        funding_label: funding?.fundingLabel.value ?? null,
        entry_date: funding?.entryDate.value ?? session.start_date,
        // One who left exits on that day, whatever was planned; the others on their planned exit, else the session's end.
        exit_date: row.left_at ? parisCalendarDate(row.left_at) : (funding?.exitDate.value ?? session.end_date),
        left_at: row.left_at?.toISOString() ?? null,
        reason: row.reason,
        ...serviceFaitFigures(session.planned_minutes, row.active_seconds),
      });
    }
    return { ...session, lines };
  }
}
