import { Alert, Button, Select, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { EmptyText } from '../../../components/work-page';
import { downloadWithSession } from '../../../lib/download';
import { toast } from '../../../lib/feedback';
import { describeApiError } from '../../../lib/api-errors';
import { frenchDay } from '../../../lib/format';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { useGetServiceFaitQuery, useSetLearnerReasonMutation, type ServiceFait, type ServiceFaitLine, type SessionLearnerReason } from './sessions-api';
import { sessionMessages as m } from './sessions-messages';

const REASONS: SessionLearnerReason[] = ['abandon', 'absence', 'interruption', 'force_majeure', 'autre'];

function ReasonSelect({ sessionId, line }: { sessionId: number; line: ServiceFaitLine }) {
  const [save, { isLoading }] = useSetLearnerReasonMutation();
  return (
    <Select<SessionLearnerReason | ''>
      className="sessions-reason"
      aria-label={m.reasonLabel(line.full_name)}
      value={(line.reason as SessionLearnerReason | null) ?? ''}
      loading={isLoading}
      popupMatchSelectWidth={false}
      options={[{ value: '', label: m.noReason }, ...REASONS.map((r) => ({ value: r, label: m.reasons[r] }))]}
      onChange={(value) => {
        save({ id: sessionId, studentId: line.student_id, reason: value === '' ? null : value })
          .unwrap()
          .then(
            () => toast('success', m.reasonSaved),
            (error: unknown) => toast('error', describeApiError(error).message ?? m.loadFailed),
          );
      }}
    />
  );
}

const hours = (minutes: number | null) => (minutes === null ? '—' : m.hours(minutes));
const rate = (perMille: number | null) => (perMille === null ? '—' : m.percent(perMille));
const dates = (line: ServiceFaitLine) => `${frenchDay(line.entry_date, '?')} – ${frenchDay(line.exit_date, '?')}`;

/** On a phone: one card per learner, the figures as a list of terms, nothing scrolls sideways. */
function ServiceFaitCards({ data }: { data: ServiceFait }) {
  return (
    <ul className="sessions-cards" aria-label={m.serviceFait}>
      {data.lines.map((line) => (
        <li key={line.student_id} className="sessions-card">
          <strong>{line.full_name}</strong>
          <small className="sessions-muted">{line.left_at ? m.left(frenchDay(line.exit_date)) : m.stillIn}</small>
          <dl>
            <dt>{m.dossier}</dt>
            <dd>{line.dossier_number ?? m.notSet}</dd>
            <dt>{m.dates}</dt>
            <dd>{dates(line)}</dd>
            <dt>{m.planned}</dt>
            <dd>{hours(line.planned_minutes)}</dd>
            <dt>{m.realised}</dt>
            <dd>{hours(line.realised_minutes)}</dd>
            <dt>{m.notCompleted}</dt>
            <dd>{hours(line.not_completed_minutes)}</dd>
            <dt>{m.rate}</dt>
            <dd>{rate(line.completion_per_mille)}</dd>
          </dl>
          <ReasonSelect sessionId={data.session_id} line={line} />
        </li>
      ))}
    </ul>
  );
}

/** The session's « service fait » (EDOF): the figures per learner, the admin's reason, the XLSX. */
export function ServiceFaitSection({ sessionId }: { sessionId: number }) {
  const { data, error } = useGetServiceFaitQuery(sessionId);
  const narrow = useNarrowScreen('md');
  const columns: TableColumnsType<ServiceFaitLine> = [
    {
      title: m.learners,
      key: 'name',
      render: (_, l) => (
        <>
          <div>{l.full_name}</div>
          <small className="sessions-muted">{l.dossier_number ? `${m.dossier} ${l.dossier_number}` : m.notSet}</small>
        </>
      ),
    },
    { title: m.dates, key: 'dates', render: (_, l) => dates(l) },
    { title: m.planned, dataIndex: 'planned_minutes', align: 'right', render: hours },
    { title: m.realised, dataIndex: 'realised_minutes', align: 'right', render: hours },
    { title: m.notCompleted, dataIndex: 'not_completed_minutes', align: 'right', render: hours },
    { title: m.rate, dataIndex: 'completion_per_mille', align: 'right', render: rate },
    { title: m.reason, key: 'reason', render: (_, l) => <ReasonSelect sessionId={sessionId} line={l} /> },
  ];
  return (
    <section className="sessions-section" aria-labelledby="session-service-fait" data-testid="service-fait">
      <h2 id="session-service-fait">{m.serviceFait}</h2>
      <p className="sessions-intro">{m.serviceFaitIntro}</p>
      <Button
        icon={<DownloadOutlined />}
        className="sessions-export"
        data-testid="service-fait-export"
        onClick={() => void downloadWithSession(`admin/sessions/${sessionId}/service-fait/export`, 'service-fait.xlsx', { failed: m.exportFailed, done: m.exportDone })}
      >
        {m.exportServiceFait}
      </Button>
      {error ? <Alert type="error" showIcon title={describeApiError(error).message ?? m.loadFailed} role="alert" /> : null}
      {data && data.planned_minutes === null ? <Alert type="warning" showIcon title={m.unknownPlanned} className="sessions-alert" /> : null}
      {data && narrow ? (
        data.lines.length === 0 ? <EmptyText text={m.noLearners} /> : <ServiceFaitCards data={data} />
      ) : (
        <Table rowKey="student_id" loading={!data && !error} columns={columns} dataSource={data?.lines ?? []} pagination={false} scroll={{ x: true }} locale={{ emptyText: <EmptyText text={m.noLearners} /> }} />
      )}
    </section>
  );
}
