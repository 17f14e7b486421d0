import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Form, InputNumber, Segmented, Select, Space, Switch, Table, Tag } from 'antd';
import { EmptyText, LoadState, WorkPage } from '../../../components/work-page';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { formatDateTime, newKey } from '../../../lib/format';
import {
  useChangeEngagementSettingsMutation, useGetAlertFiltersQuery, useGetAlertsQuery, useGetEngagementSettingsQuery, useGetSentRemindersQuery, useRemindLearnerMutation,
  type AlertView, type EngagementSettingsView, type SentReminderView,
} from '../engagement-api';
import { kinds, messages as m } from '../messages';
import '../engagement.css';

type Area = 'admin' | 'trainer';
type Kind = AlertView['kind'];
type View = 'alerts' | 'reminders' | 'settings';

/** The learner's transcript for this course, in the reader's area (ADR 0034). */
const transcriptOf = (area: Area, studentId: number, courseId: number) =>
  area === 'admin' ? `/admin-student-detail/${studentId}/releve/${courseId}` : `/enrolled-students/${courseId}/releve/${studentId}`;

function figuresOf(alert: AlertView): string {
  if (alert.kind === 'not_started') return m.figures.not_started(alert.days ?? 0);
  if (alert.kind === 'inactive') return m.figures.inactive(alert.days ?? 0, alert.percentage);
  return m.figures.behind(alert.percentage, alert.expected_percentage ?? 0);
}

function RemindButton({ alert }: { alert: AlertView }) {
  const [remind, reminding] = useRemindLearnerMutation();
  // One key per click's intention: a retry of the same click answers the same reminder (ADR 0022).
  const [key, setKey] = useState(newKey);
  const send = async () => {
    try {
      const done = await remind({ student_id: alert.student_id, course_id: alert.course_id, request_key: key }).unwrap();
      toast(done.mailed ? 'success' : 'info', done.mailed ? m.reminded(alert.student_name, done.nth) : m.remindedNotMailed);
      setKey(newKey());
    } catch (error) {
      toast('error', describeApiError(error).message ?? m.failed);
    }
  };
  return (
    <Button size="small" onClick={send} loading={reminding.isLoading} aria-label={m.remindOne(alert.student_name)}>
      {m.remind}
    </Button>
  );
}

function Filters({ area, course, session, kind, onChange, withSession = true }: {
  area: Area; course?: number; session?: number; kind?: Kind; withSession?: boolean;
  onChange: (next: { course?: number; session?: number; kind?: Kind }) => void;
}) {
  const options = useGetAlertFiltersQuery();
  const sessions = (options.data?.sessions ?? []).filter((s) => course === undefined || s.course_id === course);
  return (
    <div className="engagement-filters" data-area={area}>
      <Select allowClear showSearch optionFilterProp="label" placeholder={m.filters.allCourses} aria-label={m.filters.course} value={course}
        onChange={(v?: number) => onChange({ course: v, session: undefined, kind })}
        options={(options.data?.courses ?? []).map((c) => ({ value: c.id, label: c.title }))} />
      {withSession ? (
        <Select allowClear placeholder={m.filters.allSessions} aria-label={m.filters.session} value={session}
          onChange={(v?: number) => onChange({ course, session: v, kind })}
          options={sessions.map((s) => ({ value: s.id, label: s.name }))} />
      ) : null}
      <Select allowClear placeholder={m.filters.allKinds} aria-label={m.filters.kind} value={kind}
        onChange={(v?: Kind) => onChange({ course, session, kind: v })}
        options={Object.entries(kinds).map(([value, label]) => ({ value, label }))} />
    </div>
  );
}

function AlertsTab({ area }: { area: Area }) {
  const [filters, setFilters] = useState<{ course?: number; session?: number; kind?: Kind }>({});
  const [page, setPage] = useState(1);
  const list = useGetAlertsQuery({ ...filters, page });
  return (
    <>
      <Filters area={area} {...filters} onChange={(next) => { setFilters(next); setPage(1); }} />
      <LoadState loading={list.isLoading} failed={list.isError} />
      {list.data ? (
        <Table<AlertView>
          rowKey={(a) => `${a.student_id}-${a.course_id}`}
          dataSource={list.data.results}
          pagination={{ current: page, pageSize: 20, total: list.data.count, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <EmptyText text={m.none} /> }}
          columns={[
            { title: m.columns.learner, width: 150, render: (_, a) => <Link to={transcriptOf(area, a.student_id, a.course_id)} aria-label={m.transcript(a.student_name)}>{a.student_name}</Link> },
            { title: m.columns.course, width: 190, render: (_, a) => (<><div>{a.course_title}</div>{a.session_name ? <div className="engagement-muted">{m.session(a.session_name)}</div> : null}</>) },
            { title: m.columns.kind, width: 140, render: (_, a) => <Tag className={`engagement-kind engagement-kind--${a.kind}`}>{kinds[a.kind]}</Tag> },
            { title: m.columns.figures, width: 200, render: (_, a) => figuresOf(a) },
            {
              title: m.columns.reminders, width: 200,
              render: (_, a) => a.reminders.length === 0 ? <span className="engagement-muted">{m.noReminder}</span> : (
                <ul className="engagement-reminders">
                  {a.reminders.map((r) => <li key={r.id}>{m.reminder(r.nth, formatDateTime(r.decided_at), r.manual)}{r.mailed_at ? '' : m.notMailed}</li>)}
                </ul>
              ),
            },
            // Kept in view while the table scrolls sideways: the screen's one action.
            { title: m.columns.actions, width: 190, fixed: 'right', render: (_, a) => <RemindButton alert={a} /> },
          ]}
        />
      ) : null}
    </>
  );
}

function RemindersTab({ area }: { area: Area }) {
  const [filters, setFilters] = useState<{ course?: number; kind?: Kind }>({});
  const [page, setPage] = useState(1);
  const list = useGetSentRemindersQuery({ ...filters, page });
  return (
    <>
      <Filters area={area} {...filters} withSession={false} onChange={({ course, kind }) => { setFilters({ course, kind }); setPage(1); }} />
      <LoadState loading={list.isLoading} failed={list.isError} />
      {list.data ? (
        <Table<SentReminderView>
          rowKey="id"
          dataSource={list.data.results}
          pagination={{ current: page, pageSize: 20, total: list.data.count, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 900 }}
          locale={{ emptyText: <EmptyText text={m.noneSent} /> }}
          columns={[
            { title: m.columns.sentAt, width: 140, render: (_, r) => formatDateTime(r.decided_at) },
            { title: m.columns.learner, width: 180, render: (_, r) => <Link to={transcriptOf(area, r.student_id, r.course_id)} aria-label={m.transcript(r.student_name)}>{r.student_name}</Link> },
            { title: m.columns.course, dataIndex: 'course_title', width: 200 },
            { title: m.columns.kind, width: 150, render: (_, r) => kinds[r.kind] },
            { title: m.columns.nth, dataIndex: 'nth', width: 70 },
            { title: m.columns.mode, width: 110, render: (_, r) => (r.manual ? m.manual : m.automatic) },
            { title: m.columns.effect, width: 120, render: (_, r) => <Tag className={r.activity_since ? 'engagement-effect--yes' : 'engagement-effect--no'}>{r.activity_since ? m.yes : m.no}</Tag> },
          ]}
        />
      ) : null}
    </>
  );
}

const NUMBERS = [
  ['not_started_days', m.settings.notStartedDays, 1, 365],
  ['inactive_days', m.settings.inactiveDays, 1, 365],
  ['behind_margin_points', m.settings.behindMargin, 0, 100],
  ['reminder_interval_days', m.settings.interval, 1, 365],
  ['max_reminders', m.settings.max, 0, 20],
] as const;
const SWITCHES = [
  ['not_started_enabled', m.settings.notStarted],
  ['inactive_enabled', m.settings.inactive],
  ['behind_enabled', m.settings.behind],
] as const;

function SettingsTab() {
  const settings = useGetEngagementSettingsQuery();
  const [change, changing] = useChangeEngagementSettingsMutation();
  const [form] = Form.useForm<EngagementSettingsView>();
  const submit = async (values: EngagementSettingsView) => {
    try {
      await change(values).unwrap();
      toast('success', m.settings.saved);
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, [...NUMBERS.map(([n]) => n), ...SWITCHES.map(([n]) => n)]);
      toast('error', others[0] ?? described.message ?? m.failed);
    }
  };
  return (
    <>
      <p>{m.settings.intro}</p>
      <LoadState loading={settings.isLoading} failed={settings.isError} />
      {settings.data ? (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={settings.data} className="engagement-settings">
          {SWITCHES.map(([name, label]) => (
            <Form.Item key={name} name={name} label={m.settings.enabled(label)} htmlFor={`engagement-${name}`} valuePropName="checked">
              <Switch id={`engagement-${name}`} />
            </Form.Item>
          ))}
          {NUMBERS.map(([name, label, min, max]) => (
            <Form.Item key={name} name={name} label={label} htmlFor={`engagement-${name}`} rules={[{ required: true, type: 'integer', min, max, message: `${label} : un entier entre ${min} et ${max}.` }]}>
              <InputNumber id={`engagement-${name}`} min={min} max={max} precision={0} />
            </Form.Item>
          ))}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={changing.isLoading}>{m.settings.save}</Button>
            {settings.data.changed_at ? <span className="engagement-muted">{m.settings.changedAt(formatDateTime(settings.data.changed_at))}</span> : null}
          </Space>
        </Form>
      ) : null}
    </>
  );
}

/** « Alertes d’assiduité » (Qualiopi indicator 12): the learners in alert, the reminders sent and, for admins, the settings. */
export function AlertsPage({ area }: { area: Area }) {
  const [view, setView] = useState<View>('alerts');
  const views: View[] = area === 'admin' ? ['alerts', 'reminders', 'settings'] : ['alerts', 'reminders'];
  return (
    <WorkPage title={m.title} testId="engagement-alerts">
      <p>{m.intro}</p>
      <Segmented<View>
        className="engagement-views"
        aria-label={m.view}
        value={view}
        onChange={setView}
        options={views.map((value) => ({ value, label: m.tabs[value] }))}
      />
      <section className="engagement-view" aria-label={m.tabs[view]}>
        {view === 'alerts' ? <AlertsTab area={area} /> : view === 'reminders' ? <RemindersTab area={area} /> : <SettingsTab />}
      </section>
    </WorkPage>
  );
}
