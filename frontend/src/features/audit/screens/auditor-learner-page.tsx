import type { ReactNode } from 'react';
import { Alert, Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { EmptyText } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { downloadWithSession } from '../../../lib/download';
import { usePageTitle } from '../../../lib/hooks';
import { useGetAuditDocumentsQuery, useGetAuditTranscriptQuery, type IssuedDocumentSummary, type TranscriptView } from '../audit-api';
import { parisDateTime } from '../format';
import { auditMessages as m } from '../messages';

const positive = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

function download(document: IssuedDocumentSummary): Promise<void> {
  return downloadWithSession(`audit/documents/${document.id}/pdf/`, `${document.kind}-v${document.version}.pdf`, { failed: m.downloadFailed, done: m.downloaded });
}

function Documents({ course, student }: { course: number; student: number }) {
  const { data, error, isLoading } = useGetAuditDocumentsQuery({ course, student });
  const failure = error ? describeApiError(error) : null;
  const columns: TableColumnsType<IssuedDocumentSummary> = [
    { title: 'Document', dataIndex: 'kind', render: (kind: string, d) => `${m.kind[kind] ?? kind} — ${m.version} ${d.version}` },
    { title: 'État', dataIndex: 'status', render: (status: string) => <Tag className={`audit-tag audit-tag--${status === 'emis' ? 'ok' : 'muted'}`}>{m.status[status] ?? status}</Tag> },
    { title: m.issuedAt, dataIndex: 'issued_at', render: (at: string) => parisDateTime(at), responsive: ['sm'] },
    {
      title: <span className="visually-hidden">{m.download}</span>,
      key: 'download',
      render: (_, d) => (
        <Button icon={<DownloadOutlined />} onClick={() => void download(d)} aria-label={`${m.download} — ${m.kind[d.kind] ?? d.kind} ${m.version} ${d.version}`}>
          {m.download}
        </Button>
      ),
    },
  ];
  return (
    <Card title={m.documents} className="audit-card">
      {failure ? <Alert type="error" showIcon title={failure.message ?? m.loadFailed} role="alert" /> : null}
      <Table rowKey="id" size="small" loading={isLoading} columns={columns} dataSource={data ?? []} pagination={false} locale={{ emptyText: <EmptyText text={m.noDocuments} /> }} scroll={data?.length ? { x: true } : undefined} />
    </Card>
  );
}

/** The learner's dossier de preuves: what it holds, and the evidence feature's button (generate, then download). */
function Dossier({ children }: { children: ReactNode }) {
  return (
    <Card title={m.dossier} className="audit-card" data-testid="audit-dossier">
      <Typography.Paragraph>{m.dossierIntro}</Typography.Paragraph>
      {children}
    </Card>
  );
}

/**
 * /auditeur/cours/{course}/apprenants/{student}: the learner's transcript, documents and dossier de
 * preuves, read-only. The transcript's rendering and the dossier's button are the evidence feature's,
 * handed in by the auditor's area.
 */
export function AuditorLearnerPage({
  renderTranscript,
  renderDossier,
}: {
  renderTranscript: (transcript: TranscriptView) => ReactNode;
  renderDossier: (target: { course: number; student: number }) => ReactNode;
}) {
  usePageTitle(m.learnerTitle);
  const params = useParams();
  const course = positive(params.courseId);
  const student = positive(params.studentId);
  const { data, error, isLoading } = useGetAuditTranscriptQuery({ course, student }, { skip: !course || !student });
  const failure = error ? describeApiError(error) : null;
  return (
    <div className="audit-page" data-testid="auditor-learner">
      <Space orientation="vertical" size="large" className="audit-stack">
        <Link to="/auditeur">{m.back}</Link>
        <Typography.Title level={1}>{data ? `${m.learnerTitle} — ${data.student.fullname}` : m.learnerTitle}</Typography.Title>
        {data?.student.closed ? <Tag className="audit-tag audit-tag--muted">{m.closed}</Tag> : null}
        {isLoading ? <Typography.Paragraph>Chargement…</Typography.Paragraph> : null}
        {failure ? <Alert type="error" showIcon title={failure.message ?? m.loadFailed} role="alert" data-testid="audit-refusal" /> : null}
        {data ? <Documents course={course} student={student} /> : null}
        {data ? <Dossier>{renderDossier({ course, student })}</Dossier> : null}
        {data ? renderTranscript(data) : null}
      </Space>
    </div>
  );
}
