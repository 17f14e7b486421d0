import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { InboxOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { RcFile } from 'antd/es/upload';
import { describeApiError } from '../../../lib/api-errors';
import { compareWithManifest, DossierCheckError, hashBlob, hashZip, type DossierCheck, type FileCheck } from '../dossier-check';
import { messages as m } from '../messages';
import { useLazyGetPublicDocumentQuery, type PublicDocumentStatus } from '../verification-api';
import '../verification.css';

/** « 2026-03-02 » → « 02/03/2026 ». */
const day = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : m.code.unknownDate);

/** Tags in colours of AA contrast (antd's preset green and orange are 3.4:1 on their tint): verification.css. */
const VERDICT_CLASSES: Record<FileCheck['verdict'], string> = { conforme: 'verifier__tag verifier__tag--ok', modifie: 'verifier__tag verifier__tag--bad', absent: 'verifier__tag verifier__tag--bad', en_trop: 'verifier__tag verifier__tag--extra' };

function detailOf(check: FileCheck): string {
  if (check.verdict === 'modifie') return m.dossier.detail.modifie(check.expected!.sha256, check.found!.sha256, check.expected!.bytes, check.found!.bytes);
  return m.dossier.detail[check.verdict];
}

function CodeResult({ answer }: { answer: PublicDocumentStatus }) {
  const { status, document } = answer;
  const type = status === 'valide' ? 'success' : status === 'remplace' ? 'warning' : 'error';
  const text = status === 'valide' ? m.code.validText : status === 'remplace' ? m.code.replacedText(day(document?.replaced_on ?? null), document?.replaced_by_version ?? null) : m.code.unknownText;
  return (
    <Space direction="vertical" size={12} className="verifier__result" data-testid="code-result">
      <Alert type={type} showIcon message={m.code.status[status]} description={text} />
      {document && (
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label={m.code.fields.kind}>{document.kind_label}</Descriptions.Item>
          <Descriptions.Item label={m.code.fields.version}>{document.version}</Descriptions.Item>
          <Descriptions.Item label={m.code.fields.learner}>{document.learner_initials}</Descriptions.Item>
          <Descriptions.Item label={m.code.fields.course}>{document.course_title}</Descriptions.Item>
          <Descriptions.Item label={m.code.fields.start}>{day(document.training_start)}</Descriptions.Item>
          <Descriptions.Item label={m.code.fields.end}>{day(document.training_end)}</Descriptions.Item>
          <Descriptions.Item label={m.code.fields.issued}>{day(document.issued_on)}</Descriptions.Item>
          {document.replaced_on && <Descriptions.Item label={m.code.fields.replaced}>{day(document.replaced_on)}</Descriptions.Item>}
        </Descriptions>
      )}
    </Space>
  );
}

function DossierResult({ check }: { check: DossierCheck }) {
  const differing = check.files.filter((f) => f.verdict !== 'conforme').length;
  const ledger = check.manifest.ledger as { checkpoint?: unknown } | undefined;
  return (
    <Space direction="vertical" size={16} className="verifier__result" data-testid="dossier-result">
      <Alert type={check.intact ? 'success' : 'error'} showIcon message={check.intact ? m.dossier.intact(check.files.length) : m.dossier.altered(differing)} />
      <Table<FileCheck>
        size="small"
        rowKey={(f) => `${f.manifest}:${f.path}:${f.verdict}`}
        pagination={false}
        scroll={{ x: true }}
        dataSource={check.files}
        columns={[
          { key: 'file', title: m.dossier.columns.file, render: (_, f) => <code className="verifier__path">{f.path}</code> },
          { key: 'verdict', title: m.dossier.columns.verdict, render: (_, f) => <Tag className={VERDICT_CLASSES[f.verdict]}>{m.dossier.verdict[f.verdict]}</Tag> },
          { key: 'detail', title: m.dossier.columns.detail, render: (_, f) => <span className="verifier__detail">{detailOf(f)}</span> },
        ]}
      />
      {check.manifest.coverage && (
        <section aria-labelledby="verifier-coverage">
          <Typography.Title level={3} id="verifier-coverage" className="verifier__subtitle">{m.dossier.coverageTitle}</Typography.Title>
          <Typography.Paragraph>{m.dossier.coverageIntro}</Typography.Paragraph>
          <ul className="verifier__coverage">
            {check.manifest.coverage.map((c) => (
              <li key={c.path}>
                <code className="verifier__path">{c.path}</code> : <strong>{c.bound}</strong>
                {c.covered !== undefined ? ` (${m.dossier.coverageCount(c.covered)})` : ''}
                {(c.not_covered ?? []).map((n) => ` ; ${n.count.toLocaleString('fr-FR')} ${n.reason}`).join('')}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Card
        size="small"
        title={<span><SafetyCertificateOutlined aria-hidden /> {m.ledger.title}</span>}
        className="verifier__ledger"
        data-testid="ledger-section"
      >
        <Typography.Paragraph className="verifier__ledger-text">{ledger?.checkpoint ? m.ledger.present : m.ledger.pending}</Typography.Paragraph>
      </Card>
    </Space>
  );
}

/**
 * The public verification page (/verifier, /verification/{code} from a document's QR code; no
 * login; docs/adr/0040): a certificate's status by its code, and a dossier de preuves hashed in the
 * browser against its manifest.
 */
export function VerifierPage() {
  const fromPath = useParams().code;
  const [search] = useSearchParams();
  const initial = fromPath ?? search.get('code') ?? '';
  const [form] = Form.useForm<{ code: string }>();
  const [lookup, { data: answer, isFetching, error, isError }] = useLazyGetPublicDocumentQuery();
  const [reading, setReading] = useState(false);
  const [check, setCheck] = useState<DossierCheck | null>(null);
  const [dossierError, setDossierError] = useState<string | null>(null);

  useEffect(() => {
    if (initial) {
      form.setFieldsValue({ code: initial });
      void lookup(initial.trim());
    }
  }, [initial, form, lookup]);

  const readDropped = async (files: RcFile[]) => {
    setReading(true);
    setCheck(null);
    setDossierError(null);
    try {
      const zip = files.length === 1 && /\.zip$/i.test(files[0].name);
      const hashed = zip ? await hashZip(files[0]) : await Promise.all(files.map((f) => hashBlob(f.webkitRelativePath || f.name, f)));
      setCheck(compareWithManifest(hashed, { exactPaths: zip }));
    } catch (failure) {
      setDossierError(failure instanceof DossierCheckError ? failure.message : m.dossier.failed);
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="verifier">
      <Typography.Title level={1} className="verifier__title">{m.pageTitle}</Typography.Title>
      <Typography.Paragraph>{m.intro}</Typography.Paragraph>

      <Card title={<h2 className="verifier__card-title">{m.code.title}</h2>} className="verifier__card">
        <Form form={form} layout="vertical" onFinish={(v) => void lookup(v.code.trim())} requiredMark={false}>
          <Form.Item name="code" label={m.code.label} extra={m.code.help} rules={[{ required: true, whitespace: true, message: m.code.empty }]}>
            <Input placeholder={m.code.placeholder} autoComplete="off" spellCheck={false} maxLength={40} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isFetching}>{m.code.submit}</Button>
        </Form>
        <div aria-live="polite">
          {isError && <Alert type="error" showIcon className="verifier__result" message={describeApiError(error).message ?? m.code.failed} />}
          {answer && !isFetching && !isError && <CodeResult answer={answer} />}
        </div>
      </Card>

      <Card title={<h2 className="verifier__card-title">{m.dossier.title}</h2>} className="verifier__card">
        <Upload.Dragger
          multiple
          showUploadList={false}
          accept=".zip,.json,.pdf,.xlsx,application/zip,application/json"
          beforeUpload={(file, list) => {
            // Nothing is sent: the files are read here, once for the whole drop.
            if (file === list[0]) void readDropped(list);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
          <p className="ant-upload-text">{m.dossier.drop}</p>
          <p className="ant-upload-hint">{m.dossier.dropHint}</p>
        </Upload.Dragger>
        <div aria-live="polite">
          {reading && <Spin className="verifier__result" tip={m.dossier.reading}><div className="verifier__spin" /></Spin>}
          {dossierError && <Alert type="error" showIcon className="verifier__result" message={dossierError} />}
          {check && <DossierResult check={check} />}
        </div>
      </Card>
    </div>
  );
}
