import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ApiProperty } from '@nestjs/swagger';
import { NOT_YOURS } from '../../../platform/auth/ownership.js';
import { Database } from '../../../platform/database/database.js';
import { paged, type PageRequest, type Paged } from '../../../platform/http/paging.js';
import { Clock, ForbiddenError, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { ALERT_KINDS, type AlertKind } from '../contracts/engagement.events.js';
import { remindersOfAlert } from '../domain/engagement-rules.js';
import { EngagementReminders } from './engagement-reminders.js';
import { groupByEnrolment, enrolmentKey, judgeLearners, remindersOf } from './learner-figures.js';

export class AlertReminderView {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'Rang de la relance pour cette alerte (1re, 2e…)' }) nth!: number;
  @ApiProperty({ type: String, format: 'date-time' }) decided_at!: string;
  @ApiProperty({ description: 'Envoyée à la main (« Relancer maintenant ») plutôt que par la tâche quotidienne' }) manual!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) mailed_at!: string | null;
  @ApiProperty({ description: 'Activité de l’apprenant depuis cette relance' }) activity_since!: boolean;
}

export class AlertView {
  @ApiProperty() student_id!: number;
  @ApiProperty() student_name!: string;
  @ApiProperty() course_id!: number;
  @ApiProperty() course_title!: string;
  @ApiProperty({ type: Number, nullable: true }) session_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) session_name!: string | null;
  @ApiProperty({ enum: ALERT_KINDS }) kind!: AlertKind;
  @ApiProperty({ type: Number, nullable: true, description: 'Jours depuis l’inscription (non commencé) ou la dernière activité (inactif)' }) days!: number | null;
  @ApiProperty() percentage!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'En retard : part de la session écoulée (%)' }) expected_percentage!: number | null;
  @ApiProperty({ type: String, format: 'date-time' }) enrolled_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_activity_at!: string | null;
  @ApiProperty({ type: [AlertReminderView], description: 'Les relances de cette alerte, la plus ancienne d’abord' }) reminders!: AlertReminderView[];
}

export interface AlertFilter {
  courseId: number | null;
  sessionId: number | null;
  kind: AlertKind | null;
}

/** GET /api/engagement/alerts/: the learners in alert, for an admin (all) or a trainer (their courses' learners). */
export class ListAlerts extends Query<Paged<AlertView>> {
  constructor(
    readonly actor: Actor,
    readonly filter: AlertFilter,
    readonly page: PageRequest,
    readonly url: string,
  ) {
    super();
  }
}

const KIND_ORDER: Record<AlertKind, number> = { not_started: 0, inactive: 1, behind: 2 };

@QueryHandler(ListAlerts)
export class ListAlertsHandler implements IQueryHandler<ListAlerts> {
  constructor(
    private readonly db: Database,
    private readonly reminders: EngagementReminders,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, filter, page, url }: ListAlerts): Promise<Paged<AlertView>> {
    if (actor.role !== 'admin' && actor.role !== 'teacher') throw new ForbiddenError(NOT_YOURS);
    const teacherId = actor.role === 'teacher' ? actor.profileId : null;
    if (filter.courseId !== null) {
      const course = await this.db.one<{ teacher_id: number | null }>('select teacher_id from catalogue.course_summary where course_id = $1', [filter.courseId]);
      if (!course) throw new NotFoundError('Cours introuvable.');
      if (teacherId !== null && course.teacher_id !== teacherId) throw new ForbiddenError(NOT_YOURS);
    }
    const settings = (await this.reminders.settings()).values();
    const now = this.clock.now();
    const learners = (await judgeLearners(this.db, settings, now, { courseId: filter.courseId, sessionId: filter.sessionId, teacherId }))
      .filter((l) => l.alert !== null && (filter.kind === null || l.alert.kind === filter.kind))
      .sort((a, b) => KIND_ORDER[a.alert!.kind] - KIND_ORDER[b.alert!.kind] || (b.alert!.figures.days ?? 0) - (a.alert!.figures.days ?? 0)
        || a.studentName.localeCompare(b.studentName, 'fr') || a.courseId - b.courseId);
    const rows = learners.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);
    const history = groupByEnrolment(await remindersOf(this.db, rows));
    const results = rows.map((l): AlertView => {
      const alert = l.alert!;
      const sent = remindersOfAlert(alert, history.get(enrolmentKey(l.studentId, l.courseId)) ?? []) as Awaited<ReturnType<typeof remindersOf>>;
      return {
        student_id: l.studentId, student_name: l.studentName, course_id: l.courseId, course_title: l.courseTitle,
        session_id: l.figures.session?.id ?? null, session_name: l.sessionName, kind: alert.kind, days: alert.figures.days,
        percentage: alert.figures.percentage, expected_percentage: alert.figures.expectedPercentage,
        enrolled_at: l.figures.enrolledAt.toISOString(), last_activity_at: l.figures.lastActivityAt?.toISOString() ?? null,
        reminders: sent.map((r) => ({
          id: r.id, nth: r.nth, decided_at: r.decidedAt.toISOString(), manual: r.manual, mailed_at: r.mailedAt?.toISOString() ?? null,
          activity_since: l.figures.lastActivityAt !== null && l.figures.lastActivityAt > r.decidedAt,
        })),
      };
    });
    return paged(results, learners.length, page, url);
  }
}

export class SentReminderView extends AlertReminderView {
  @ApiProperty() student_id!: number;
  @ApiProperty() student_name!: string;
  @ApiProperty() course_id!: number;
  @ApiProperty() course_title!: string;
  @ApiProperty({ enum: ALERT_KINDS }) kind!: AlertKind;
  @ApiProperty({ type: String, nullable: true, enum: ['admin', 'teacher'] }) by_role!: 'admin' | 'teacher' | null;
}

/** GET /api/engagement/reminders/: every reminder sent, the latest first, with the learner's activity since (indicator 12's effect). */
export class ListSentReminders extends Query<Paged<SentReminderView>> {
  constructor(
    readonly actor: Actor,
    readonly filter: Omit<AlertFilter, 'sessionId'>,
    readonly page: PageRequest,
    readonly url: string,
  ) {
    super();
  }
}

@QueryHandler(ListSentReminders)
export class ListSentRemindersHandler implements IQueryHandler<ListSentReminders> {
  constructor(private readonly db: Database) {}

  async execute({ actor, filter, page, url }: ListSentReminders): Promise<Paged<SentReminderView>> {
    if (actor.role !== 'admin' && actor.role !== 'teacher') throw new ForbiddenError(NOT_YOURS);
    const teacherId = actor.role === 'teacher' ? actor.profileId : null;
    const rows = await this.db.query<{
      id: number; nth: number; decided_at: Date; manual: boolean; mailed_at: Date | null; activity_since: boolean; student_id: number; fullname: string;
      course_id: number; title: string; kind: AlertKind; by_role: 'admin' | 'teacher' | null; total: number;
    }>(
      `select m.id, m.nth, m.decided_at, m.manual, m.mailed_at, coalesce(f.last_activity_at > m.decided_at, false) as activity_since,
              m.student_id, s.fullname, m.course_id, c.title, m.kind, m.by_role, count(*) over ()::int as total
         from engagement.reminder m
         join identity.student_record s on s.id = m.student_id
         join catalogue.course_summary c on c.course_id = m.course_id
         left join progress.student_course_figures f on f.student_id = m.student_id and f.course_id = m.course_id
        where ($1::int is null or c.teacher_id = $1) and ($2::int is null or m.course_id = $2) and ($3::text is null or m.kind = $3)
        order by m.decided_at desc, m.id desc limit $4 offset $5`,
      [teacherId, filter.courseId, filter.kind, page.pageSize, (page.page - 1) * page.pageSize],
    );
    const count = rows[0]?.total ?? (await this.db.one<{ n: number }>(
      `select count(*)::int as n from engagement.reminder m join catalogue.course_summary c on c.course_id = m.course_id
        where ($1::int is null or c.teacher_id = $1) and ($2::int is null or m.course_id = $2) and ($3::text is null or m.kind = $3)`,
      [teacherId, filter.courseId, filter.kind],
    ))?.n ?? 0;
    return paged(rows.map((r) => ({
      id: r.id, nth: r.nth, decided_at: new Date(r.decided_at).toISOString(), manual: r.manual, mailed_at: r.mailed_at ? new Date(r.mailed_at).toISOString() : null,
      activity_since: r.activity_since, student_id: r.student_id, student_name: r.fullname, course_id: r.course_id, course_title: r.title, kind: r.kind, by_role: r.by_role,
    })), count, page, url);
  }
}

export class AlertCourseOption {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

export class AlertSessionOption {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() course_id!: number;
}

export class AlertFiltersView {
  @ApiProperty({ type: [AlertCourseOption] }) courses!: AlertCourseOption[];
  @ApiProperty({ type: [AlertSessionOption] }) sessions!: AlertSessionOption[];
}

/** GET /api/engagement/filters/: the courses (a trainer's own) and their sessions, for the screens' filters. */
export class ListAlertFilters extends Query<AlertFiltersView> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListAlertFilters)
export class ListAlertFiltersHandler implements IQueryHandler<ListAlertFilters> {
  constructor(private readonly db: Database) {}

  async execute({ actor }: ListAlertFilters): Promise<AlertFiltersView> {
    if (actor.role !== 'admin' && actor.role !== 'teacher') throw new ForbiddenError(NOT_YOURS);
    const teacherId = actor.role === 'teacher' ? actor.profileId : null;
    const courses = await this.db.query<AlertCourseOption>(
      `select course_id as id, title from catalogue.course_summary where archived_at is null and ($1::int is null or teacher_id = $1) order by title, course_id`,
      [teacherId],
    );
    const sessions = await this.db.query<AlertSessionOption>(
      `select s.session_id as id, s.name, s.course_id from enrolment.training_session_summary s
         join catalogue.course_summary c on c.course_id = s.course_id
        where c.archived_at is null and ($1::int is null or c.teacher_id = $1) order by s.start_date desc, s.session_id`,
      [teacherId],
    );
    return { courses, sessions };
  }
}
