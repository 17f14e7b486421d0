import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Progress, Segmented } from 'antd';
import { BarChartOutlined, BookOutlined, QuestionCircleOutlined, ReloadOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { selectSession } from '../../../lib/auth-slice';
import { useAppSelector } from '../../../lib/hooks';
import { Panel } from '../../../components/panel';
import { QuickActions, StatCards } from '../../../components/stat-cards';
import { useGetAdminDashboardQuery, useGetAdminTrendsQuery } from '../admin-api';
import { useAdminTeachersRequestsQuery } from '../teachers-api';
import { WeeklyChart, type ChartSeries } from '../components/weekly-chart';
import { messages as m } from '../messages';
import '../administration.css';
import { formatPercent } from '../../../lib/format';

const WEEK_CHOICES = [4, 12, 26, 52] as const;

const SERIES: ChartSeries[] = [
  { key: 'enrolments', label: m.dashboard.enrolments, color: '#c25000' },
  { key: 'active_learners', label: m.dashboard.activeLearners, color: '#1f5fa8' },
];

/** The spec's two cards: quiz management and progress follow-up (03 §2). */
const CARDS = [
  { to: '/admin-quizzes', title: m.dashboard.quizCard, text: m.dashboard.quizCardText, icon: <QuestionCircleOutlined aria-hidden /> },
  { to: '/admin-stat-dashboard-user', title: m.dashboard.progressCard, text: m.dashboard.progressCardText, icon: <BarChartOutlined aria-hidden /> },
];

const when = (iso: string) => new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

/**
 * /admin-dashboard (03 §2): the three totals with when the last fact counted happened, the quick
 * links and the two cards of the spec, then what a director looks at rather than reads: enrolments
 * and active learners per week and the completion rate over the period, from the projections.
 */
export function AdminDashboard() {
  const adminId = useAppSelector(selectSession).adminId ?? '';
  const [weeks, setWeeks] = useState<number>(12);
  // The totals are projections: each visit reads them afresh rather than from the cache.
  const totals = useGetAdminDashboardQuery(adminId, { skip: !adminId, refetchOnMountOrArgChange: true });
  const trends = useGetAdminTrendsQuery({ adminId, weeks }, { skip: !adminId, refetchOnMountOrArgChange: true });
  const data = totals.data;
  // The trainers waiting for the centre's decision (ADR 0030): a count linking to their requests.
  const requests = useAdminTeachersRequestsQuery(undefined, { skip: !adminId, refetchOnMountOrArgChange: true });
  const pending = requests.data?.count ?? 0;
  // An answer of another shape (a proxy's page, an older server) reads as a failure, not a crash.
  const trend = trends.data && Array.isArray(trends.data.weeks) ? trends.data : undefined;
  const trendsFailed = trends.isError || (trends.data !== undefined && !trend);
  // Each total defaults to 0 (03 §3) when the answer lacks it or the call failed.
  const total = (value: number | undefined) => (totals.isError || (data && typeof value !== 'number') ? 0 : value);

  return (
    <>
      {pending > 0 ? (
        <Alert
          type="warning"
          showIcon
          className="admin-dashboard__requests"
          data-testid="dashboard-trainer-requests"
          title={m.dashboard.pendingTeachers(pending)}
          action={<Link to="/admin-teachers">{m.dashboard.pendingTeachersLink}</Link>}
        />
      ) : null}
      <StatCards
        label={m.dashboard.totals}
        cards={[
          { to: '/admin-courses', label: m.dashboard.courses, value: total(data?.total_courses), icon: <BookOutlined /> },
          { to: '/admin-users', label: m.dashboard.students, value: total(data?.total_students), icon: <UserOutlined /> },
          { to: '/admin-teachers', label: m.dashboard.teachers, value: total(data?.total_teachers), icon: <TeamOutlined /> },
        ]}
      />
      <div className="admin-dashboard__updated" data-testid="dashboard-updated">
        <span>{typeof data?.last_updated === 'string' ? m.dashboard.updated(when(data.last_updated)) : m.dashboard.neverUpdated}</span>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={totals.isFetching || trends.isFetching}
          onClick={() => {
            void totals.refetch();
            void trends.refetch();
          }}
        >
          {m.dashboard.refresh}
        </Button>
      </div>
      <QuickActions
        title={m.dashboard.quickLinks}
        links={[
          { to: '/admin-courses', label: m.dashboard.manageCourses, icon: <BookOutlined /> },
          { to: '/admin-users', label: m.dashboard.manageStudents, icon: <UserOutlined /> },
          { to: '/admin-teachers', label: m.dashboard.manageTeachers, icon: <TeamOutlined /> },
          { to: '/admin-stat-dashboard-user', label: m.dashboard.followProgress, icon: <BarChartOutlined /> },
        ]}
      />
      <Panel
        title={m.dashboard.activity}
        titleAs="h2"
        className="admin-dashboard__activity"
        testId="dashboard-activity"
        extra={<Segmented size="small" aria-label={m.dashboard.period} value={weeks} onChange={(value) => setWeeks(Number(value))} options={WEEK_CHOICES.map((n) => ({ value: n, label: m.dashboard.weeks(n) }))} />}
      >
        {trendsFailed ? (
          <p className="progress-muted" role="alert">
            {m.dashboard.trendsFailed}
          </p>
        ) : !trend ? (
          <p className="progress-muted">{m.dashboard.loading}</p>
        ) : (
          <div className="admin-dashboard__charts">
            <WeeklyChart weeks={trend.weeks} series={SERIES} summary={m.dashboard.chartSummary(trend.weeks.length, trend.enrolments_total, Math.max(0, ...trend.weeks.map((w) => w.active_learners)))} />
            <div className="admin-dashboard__rate" data-testid="completion-rate">
              <h3>{m.dashboard.completionRate}</h3>
              <Progress type="dashboard" percent={trend.completion_rate ?? 0} format={() => (trend.completion_rate === null ? '–' : formatPercent(trend.completion_rate))} strokeColor="#2f7d32" aria-label={m.dashboard.completionRate} />
              <p className="progress-muted">{m.dashboard.completionText(trend.completions_total, trend.enrolments_total, trend.weeks.length)}</p>
            </div>
          </div>
        )}
      </Panel>
      <section className="admin-dashboard__cards" aria-label={m.dashboard.cards}>
        {CARDS.map((card) => (
          <Link key={card.to} to={card.to} className="admin-dashboard__card">
            {card.icon}
            <span>
              <strong>{card.title}</strong>
              <span className="progress-muted">{card.text}</span>
            </span>
          </Link>
        ))}
      </section>
    </>
  );
}
