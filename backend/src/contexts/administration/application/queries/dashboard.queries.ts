import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertSelf } from '../../../../platform/auth/ownership.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { Database } from '../../../../platform/database/database.js';
import { weekStart } from '../projections/dashboard.projections.js';

export class DashboardView {
  @ApiProperty({ description: 'Cours en ligne (non archivés)' }) total_courses!: number;
  @ApiProperty({ description: 'Étudiants (comptes ouverts, suspendus compris)' }) total_students!: number;
  @ApiProperty({ description: 'Formateurs (comptes ouverts, suspendus compris)' }) total_teachers!: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Dernier changement pris en compte' }) last_updated!: string | null;
}

/** The admin dashboard's totals (GET /admin/dashboard/{adminId}), one read of the headcount projection. */
export class GetDashboard extends Query<DashboardView> {
  constructor(
    readonly actor: Actor,
    readonly adminId: number,
  ) {
    super();
  }
}

@QueryHandler(GetDashboard)
export class GetDashboardHandler implements IQueryHandler<GetDashboard> {
  constructor(private readonly db: Database) {}

  async execute({ actor, adminId }: GetDashboard): Promise<DashboardView> {
    assertSelf(actor, 'admin', adminId);
    const rows = await this.db.query<{ kind: string; total: number; updated_at: Date }>(`select kind, total, updated_at from administration.headcount`);
    const total = (kind: string) => rows.find((r) => r.kind === kind)?.total ?? 0;
    const last = rows.reduce<Date | null>((latest, r) => (latest === null || r.updated_at > latest ? r.updated_at : latest), null);
    return { total_courses: total('courses'), total_students: total('students'), total_teachers: total('teachers'), last_updated: last ? last.toISOString() : null };
  }
}

export class WeekTrend {
  @ApiProperty({ format: 'date', description: 'Lundi de la semaine (UTC)' }) week_start!: string;
  @ApiProperty({ description: 'Inscriptions à des cours' }) enrolments!: number;
  @ApiProperty({ description: 'Étudiants qui ont suivi un cours (étape ouverte ou temps passé)' }) active_learners!: number;
  @ApiProperty({ description: 'Cours terminés' }) completions!: number;
}

export class TrendsView {
  @ApiProperty({ type: [WeekTrend], description: 'Les semaines, de la plus ancienne à la courante' }) weeks!: WeekTrend[];
  @ApiProperty() enrolments_total!: number;
  @ApiProperty() completions_total!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Cours terminés / inscriptions sur la période, en % à une décimale (null sans inscription)' })
  completion_rate!: number | null;
}

/** The director's charts: enrolments, active learners and completions per week over the last `weeks` weeks. */
export class GetTrends extends Query<TrendsView> {
  constructor(
    readonly actor: Actor,
    readonly adminId: number,
    readonly weeks: number,
  ) {
    super();
  }
}

@QueryHandler(GetTrends)
export class GetTrendsHandler implements IQueryHandler<GetTrends> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, adminId, weeks }: GetTrends): Promise<TrendsView> {
    assertSelf(actor, 'admin', adminId);
    const current = weekStart(this.clock.now().toISOString());
    const starts = Array.from({ length: weeks }, (_, i) => new Date(Date.parse(`${current}T00:00:00Z`) - (weeks - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10));
    const rows = await this.db.query<{ week_start: string; enrolments: number; completions: number; active_learners: number }>(
      `select w.week_start::text as week_start, coalesce(a.enrolments, 0) as enrolments, coalesce(a.completions, 0) as completions,
              (select count(*)::int from administration.weekly_learner l where l.week_start = w.week_start) as active_learners
         from unnest($1::date[]) as w (week_start)
         left join administration.weekly_activity a on a.week_start = w.week_start
        order by w.week_start`,
      [starts],
    );
    const enrolments = rows.reduce((sum, r) => sum + r.enrolments, 0);
    const completions = rows.reduce((sum, r) => sum + r.completions, 0);
    return {
      weeks: rows,
      enrolments_total: enrolments,
      completions_total: completions,
      completion_rate: enrolments === 0 ? null : Math.round((completions / enrolments) * 1000) / 10,
    };
  }
}
