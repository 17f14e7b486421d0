import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Modal, Select, Space, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { describeApiError } from '../../../lib/api-errors';
import { downloadWithSession } from '../../../lib/download';
import { toast } from '../../../lib/feedback';
import {
  useIssueDocumentMutation,
  useListDocumentsQuery,
  usePreviewDocumentQuery,
  type DocumentKind,
  type IssuedDocumentSummary,
  type PartialReason,
} from '../evidence-api';
import { formatDateTime } from '../format';
import { documentMessages as m } from '../documents-messages';

export type DocumentsArea = 'student' | 'trainer' | 'admin';

/** « 12 h 30 min » from minutes. */
export const hoursOf = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const min = minutes % 60;
  return h === 0 ? `${min} min` : min === 0 ? `${h} h` : `${h} h ${min} min`;
};
/** « 50 % », « 1,6 % » from per mille (rounded down by the server). */
export const rateOf = (perMille: number) => `${(perMille / 10).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`;
const codeOf = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

/** Downloads a document's PDF with the session's token, saved under the server's name. */
function downloadPdf(document: IssuedDocumentSummary): Promise<void> {
  return downloadWithSession(`evidence/documents/${document.id}/pdf/`, `${document.kind}-v${document.version}.pdf`, { failed: m.downloadFailed, done: m.downloaded });
}

function IssueDialog({ course, student, kind, again, onClose }: { course: number; student: number; kind: DocumentKind; again: boolean; onClose: (issued: boolean) => void }) {
  const { data, error, isLoading } = usePreviewDocumentQuery({ course, student, kind });
  const [issue, { isLoading: issuing }] = useIssueDocumentMutation();
  const [reason, setReason] = useState<PartialReason | undefined>();
  const [reasonError, setReasonError] = useState<string | null>(null);
  const failure = error ? describeApiError(error) : null;
  const partial = data?.hours.partial ?? false;

  const submit = async () => {
    if (partial && !reason) {
      setReasonError(m.reasonRequired);
      return;
    }
    try {
      const issued = await issue({ course, student, kind, partial_reason: partial ? (reason ?? null) : null }).unwrap();
      toast('success', issued.unchanged ? m.unchanged(issued.version) : m.issued(m.kinds[kind], issued.version));
      onClose(true);
    } catch (caught) {
      const described = describeApiError(caught);
      if (described.fieldErrors.partial_reason?.length) setReasonError(described.fieldErrors.partial_reason[0]!);
      else toast('error', described.message ?? m.issueFailed);
    }
  };

  const hours = data?.hours;
  return (
    <Modal
      open
      title={again ? m.issueAgainTitle(m.kinds[kind]) : m.issueTitle(m.kinds[kind])}
      okText={again ? m.issueAgain : m.issue}
      cancelText={m.cancel}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      confirmLoading={issuing}
      okButtonProps={{ disabled: !data }}
      width={640}
      destroyOnHidden
    >
      {isLoading ? <Spin /> : null}
      {failure ? <Alert type="error" showIcon title={failure.message ?? m.previewFailed} /> : null}
      {data && hours ? (
        <div data-testid="document-preview">
          <p>{m.previewIntro}</p>
          {data.centre_missing.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              className="documents__warning"
              title={m.centreMissing}
              description={
                <>
                  {data.centre_missing.map((field) => m.centreFields[field] ?? field).join(', ')}.{' '}
                  <Link to="/admin-centre">{m.centreLink}</Link>
                </>
              }
            />
          ) : null}
          <Descriptions column={1} size="small" bordered className="documents__figures">
            <Descriptions.Item label={m.figures.learner}>{data.learner_name}</Descriptions.Item>
            <Descriptions.Item label={m.figures.realised}>{hoursOf(hours.realised_minutes)}</Descriptions.Item>
            <Descriptions.Item label={m.figures.basis}>
              {m.bases[hours.basis] ?? hours.basis}
              {hours.undeclared_validated_steps > 0 ? ` — ${m.undeclared(hours.undeclared_validated_steps)}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={m.figures.planned}>{hours.planned_minutes === null ? m.notSet : hoursOf(hours.planned_minutes)}</Descriptions.Item>
            <Descriptions.Item label={m.figures.rate}>{hours.completion_per_mille === null ? m.rateUnknown : rateOf(hours.completion_per_mille)}</Descriptions.Item>
            {hours.partial && hours.not_completed_minutes !== null ? <Descriptions.Item label={m.figures.notCompleted}>{hoursOf(hours.not_completed_minutes)}</Descriptions.Item> : null}
            <Descriptions.Item label={m.figures.dates}>{m.dates(data.debut, data.fin)}</Descriptions.Item>
            <Descriptions.Item label={m.figures.funding}>
              {data.financeur ?? m.notSet} — {m.figures.dossier} {data.numero_dossier ?? m.notSet}
            </Descriptions.Item>
            {data.employeur ? <Descriptions.Item label={m.figures.employer}>{data.employeur}</Descriptions.Item> : null}
            {kind === 'attestation_fin_formation' ? (
              <Descriptions.Item label={m.figures.evaluation}>
                {data.evaluation.length === 0 ? m.noEvaluation : data.evaluation.map((line) => <div key={line.intitule}>{`${line.intitule} : ${line.resultat}`}</div>)}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {partial ? (
            <Form layout="vertical" className="documents__reason">
              <Form.Item label={m.reasonLabel} htmlFor="document-reason" required validateStatus={reasonError ? 'error' : undefined} help={reasonError ?? m.reasonHelp}>
                <Select
                  id="document-reason"
                  value={reason}
                  placeholder={m.reasonPlaceholder}
                  onChange={(value: PartialReason) => {
                    setReason(value);
                    setReasonError(null);
                  }}
                  options={(Object.keys(m.reasons) as PartialReason[]).map((value) => ({ value, label: m.reasons[value] }))}
                />
              </Form.Item>
            </Form>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * « Documents » of a learner × course (issue 26 item 6, docs/adr/0035): the issued versions with
 * their status and code, downloads; for an admin, issuing a certificate or an attestation (or a new
 * version of one) after seeing the figures it will print. The learner sees the versions in force.
 */
export function DocumentsPanel({ area, course, student }: { area: DocumentsArea; course: number; student?: number }) {
  const { data, error, isLoading, refetch } = useListDocumentsQuery({ course, student: area === 'student' ? undefined : student });
  const [dialog, setDialog] = useState<DocumentKind | null>(null);
  const failure = error ? describeApiError(error) : null;
  const current = (kind: DocumentKind) => (data ?? []).some((d) => d.kind === kind && d.status === 'emis');

  const columns: TableColumnsType<IssuedDocumentSummary> = [
    {
      key: 'kind',
      title: m.columns.kind,
      render: (_, d) => (
        <>
          {m.kinds[d.kind]}
          {/* On a phone, the columns hidden below md in one line under the kind. */}
          <span className="documents__phone-meta">{m.phoneMeta(d.version, formatDateTime(d.issued_at), codeOf(d.verification_code))}</span>
        </>
      ),
    },
    { key: 'version', title: m.columns.version, responsive: ['md'], render: (_, d) => d.version },
    {
      key: 'status',
      title: m.columns.status,
      render: (_, d) => (d.status === 'emis' ? <Tag className="transcript__tag transcript__tag--ok">{m.status.emis}</Tag> : <Tag>{m.status.remplace(d.replaced_by_version)}</Tag>),
    },
    { key: 'hours', title: m.columns.hours, responsive: ['md'], render: (_, d) => `${hoursOf(d.realised_minutes)} (${m.basesShort[d.hours_basis] ?? d.hours_basis})` },
    { key: 'issued', title: m.columns.issuedAt, responsive: ['md'], render: (_, d) => formatDateTime(d.issued_at) },
    { key: 'code', title: m.columns.code, responsive: ['md'], render: (_, d) => <code>{codeOf(d.verification_code)}</code> },
    {
      key: 'download',
      title: m.columns.download,
      render: (_, d) => (
        <Button icon={<DownloadOutlined />} onClick={() => void downloadPdf(d)} aria-label={m.downloadOf(m.kinds[d.kind], d.version)}>
          <span className="documents__download-text">{m.download}</span>
        </Button>
      ),
    },
  ];

  return (
    <Card title={<h2>{area === 'student' ? m.mine : m.title}</h2>} className="documents" data-testid="documents-panel">
      {area === 'admin' && student !== undefined ? (
        <Space wrap className="documents__actions">
          {(['certificat_realisation', 'attestation_fin_formation'] as const).map((kind) => (
            <Button key={kind} type={current(kind) ? 'default' : 'primary'} onClick={() => setDialog(kind)}>
              {current(kind) ? m.issueAgainOf(m.kinds[kind]) : m.issueOf[kind]}
            </Button>
          ))}
        </Space>
      ) : null}
      {isLoading ? <Spin /> : null}
      {failure ? <Alert type="error" showIcon title={failure.message ?? m.loadFailed} /> : null}
      {data ? (
        data.length === 0 ? (
          <p>{area === 'student' ? m.noneMine : m.none}</p>
        ) : (
          <div className="documents__scroll" tabIndex={0} role="region" aria-label={m.title}>
            <Table rowKey="id" size="small" columns={columns} dataSource={data} pagination={false} />
          </div>
        )
      ) : null}
      {dialog && student !== undefined ? (
        <IssueDialog
          course={course}
          student={student}
          kind={dialog}
          again={current(dialog)}
          onClose={(issued) => {
            setDialog(null);
            if (issued) void refetch();
          }}
        />
      ) : null}
    </Card>
  );
}
