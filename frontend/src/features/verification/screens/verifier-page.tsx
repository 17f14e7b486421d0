import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { InboxOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { RcFile } from 'antd/es/upload';
import { describeApiError } from '../../../lib/api-errors';
import { frenchDay } from '../../../lib/format';
import { compareWithManifest, DossierCheckError, hashBlob, hashZip, type DossierCheck, type FileCheck } from '../dossier-check';
import { checkEventChains, type EventChainCheck } from '../event-chain-check';
import { checkLedger, ledgersToCheck, publicLedger, type LedgerCheck } from '../ledger-check';
import { messages as m } from '../messages';
import { checkRowDigests, rowDigestsToCheck, type RowDigestCheck } from '../row-digest-check';
import { useGetPublicDossierQuery, useLazyGetPublicDocumentQuery, type PublicDocumentStatus } from '../verification-api';
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

function LedgerResult({ check }: { check: LedgerCheck }) {
  const okProofs = check.proofs.filter((p) => p.ok).length;
  return (
    <div className="verifier__ledger-check" data-testid="ledger-check">
      <Alert type={check.ok ? 'success' : 'error'} showIcon message={check.ok ? m.ledger.verified(check.proofs.length, check.seq!) : m.ledger.failed(check.problems.length, check.seq)} />
      {check.problems.length > 0 && (
        <ul className="verifier__problems" data-testid="ledger-problems">
          {check.problems.map((p) => <li key={p}>{p}</li>)}
        </ul>
      )}
      {check.seq !== null && (
        <Descriptions bordered size="small" column={1} layout="vertical" className="verifier__ledger-facts">
          <Descriptions.Item label={m.ledger.fields.manifest}><code className="verifier__path">{check.manifest}</code></Descriptions.Item>
          <Descriptions.Item label={m.ledger.fields.checkpoint}>{m.ledger.checkpointText(check.seq, check.at)}</Descriptions.Item>
          <Descriptions.Item label={m.ledger.fields.proofs}>{m.ledger.proofsText(okProofs, check.proofs.length)}</Descriptions.Item>
          <Descriptions.Item label={m.ledger.fields.published}>{check.published === null ? m.ledger.publishedText.unknown : check.published ? m.ledger.publishedText.same : m.ledger.publishedText.differs}</Descriptions.Item>
          <Descriptions.Item label={m.ledger.fields.signature}>{check.signature ? m.ledger.signatureText(check.signature.ok, check.signature.keyId) : m.ledger.signatureUnknown}</Descriptions.Item>
          <Descriptions.Item label={m.ledger.fields.timestamp}>{check.timestamp.present ? m.ledger.timestampText(check.timestamp.ok, check.timestamp.time, check.timestamp.authority) : m.ledger.timestampAbsent}</Descriptions.Item>
          <Descriptions.Item label={m.ledger.fields.events}>{check.headsInEvents ? m.ledger.eventsText(check.headsInEvents.found, check.headsInEvents.of) : m.ledger.eventsAbsent}</Descriptions.Item>
        </Descriptions>
      )}
      {check.proofs.length > 0 && (
        <ul className="verifier__proofs" aria-label={m.ledger.fields.proofs}>
          {check.proofs.map((p) => (
            <li key={p.stream}>
              <Tag className={p.ok ? VERDICT_CLASSES.conforme : VERDICT_CLASSES.modifie}>{p.ok ? m.ledger.proofOk : m.ledger.proofBad}</Tag> <code className="verifier__path">{p.leaf}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RowDigestResult({ check, several }: { check: RowDigestCheck; several: boolean }) {
  return (
    <div className="verifier__rows-check" data-testid="rows-check">
      {several && <Typography.Text strong>{m.rows.folder(check.folder)}</Typography.Text>}
      {check.unreadable ? (
        <Alert type="warning" showIcon message={check.unreadable} />
      ) : (
        <Alert type={check.ok ? 'success' : 'error'} showIcon message={check.ok ? m.rows.identical(check.beatGroups, check.commits) : m.rows.differing(check.problems.length)} />
      )}
      {check.problems.length > 0 && (
        <ul className="verifier__problems" data-testid="rows-problems">
          {check.problems.map((p) => (
            <li key={`${p.kind}:${p.where}:${p.eventId}`}>
              {m.rows.problem(p.kind, p.verdict, p.where)} <span className="verifier__detail">({m.rows.event(p.eventId)})</span>
            </li>
          ))}
        </ul>
      )}
      {!check.unreadable && <Typography.Paragraph className="verifier__detail">{m.rows.notCovered(check.notCovered.beats, check.notCovered.commits)}</Typography.Paragraph>}
    </div>
  );
}

function EventChainResult({ check, several }: { check: EventChainCheck; several: boolean }) {
  return (
    <div className="verifier__rows-check" data-testid="chain-check">
      {several && <Typography.Text strong>{m.rows.folder(check.folder)}</Typography.Text>}
      {check.unreadable ? (
        <Alert type="warning" showIcon message={check.unreadable} />
      ) : (
        <Alert type={check.ok ? 'success' : 'error'} showIcon message={check.ok ? m.chain.intact(check.events, check.streams) : m.chain.broken(check.problems.length, check.events)} />
      )}
      {check.problems.length > 0 && (
        <ul className="verifier__problems" data-testid="chain-problems">
          {check.problems.map((p) => (
            <li key={`${p.verdict}:${p.stream}:${p.version}:${p.eventId}`}>{m.chain.problem(p.verdict, p.type, p.stream, p.version, p.eventId)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whether the centre generated a dossier with exactly this manifest: what ties the files to the centre's records. */
function ManifestOrigin({ sha256 }: { sha256: string }) {
  const { data, isFetching, isError } = useGetPublicDossierQuery(sha256);
  const hash = <Typography.Text className="verifier__detail">{m.dossier.origin.hash(sha256)}</Typography.Text>;
  if (isFetching) return <Alert type="info" showIcon message={m.dossier.origin.checking} description={hash} />;
  if (isError || !data) return <Alert type="warning" showIcon message={m.dossier.origin.failed} description={hash} data-testid="manifest-origin" />;
  return data.status === 'connu' && data.dossier ? (
    <Alert type="success" showIcon message={m.dossier.origin.known(data.dossier.scope, frenchDay(data.dossier.generated_on))} description={hash} data-testid="manifest-origin" />
  ) : (
    <Alert type="warning" showIcon message={m.dossier.origin.unknown} description={hash} data-testid="manifest-origin" />
  );
}

function DossierResult({ check, ledgers, rows, chains }: { check: DossierCheck; ledgers: LedgerCheck[] | 'checking' | 'failed'; rows: RowDigestCheck[]; chains: EventChainCheck[] }) {
  const differing = check.files.filter((f) => f.verdict !== 'conforme').length;
  const ledger = check.manifest.ledger as { checkpoint?: unknown } | undefined;
  const carriesProofs = Boolean(ledger?.checkpoint) || check.manifest.learners !== undefined;
  return (
    <Space direction="vertical" size={16} className="verifier__result" data-testid="dossier-result">
      <Alert type={check.intact ? 'success' : 'error'} showIcon message={check.intact ? m.dossier.intact(check.files.length) : m.dossier.altered(differing)} />
      <ManifestOrigin sha256={check.manifestSha256} />
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
      <section aria-labelledby="verifier-chain" data-testid="chain-section">
        <Typography.Title level={3} id="verifier-chain" className="verifier__subtitle">{m.chain.title}</Typography.Title>
        <Typography.Paragraph>{m.chain.intro}</Typography.Paragraph>
        {chains.length === 0 ? (
          <Alert type="warning" showIcon message={m.rows.absent} />
        ) : (
          <Space direction="vertical" size={12} className="verifier__rows-checks">
            {chains.map((c) => <EventChainResult key={c.folder} check={c} several={chains.length > 1} />)}
          </Space>
        )}
      </section>
      <section aria-labelledby="verifier-rows" data-testid="rows-section">
        <Typography.Title level={3} id="verifier-rows" className="verifier__subtitle">{m.rows.title}</Typography.Title>
        <Typography.Paragraph>{m.rows.intro}</Typography.Paragraph>
        {rows.length === 0 ? (
          <Alert type="warning" showIcon message={m.rows.absent} />
        ) : (
          <Space direction="vertical" size={12} className="verifier__rows-checks">
            {rows.map((r) => <RowDigestResult key={r.folder} check={r} several={rows.length > 1} />)}
          </Space>
        )}
      </section>
      <Card
        size="small"
        title={<span><SafetyCertificateOutlined aria-hidden /> {m.ledger.title}</span>}
        className="verifier__ledger"
        data-testid="ledger-section"
      >
        {!carriesProofs && <Typography.Paragraph className="verifier__ledger-text">{m.ledger.pending}</Typography.Paragraph>}
        {carriesProofs && <Typography.Paragraph className="verifier__ledger-text">{m.ledger.intro}</Typography.Paragraph>}
        {carriesProofs && ledgers === 'checking' && <Spin tip={m.ledger.checking}><div className="verifier__spin" /></Spin>}
        {carriesProofs && ledgers === 'failed' && <Alert type="warning" showIcon message={m.ledger.unreadable} />}
        {carriesProofs && Array.isArray(ledgers) && (
          <Space direction="vertical" size={16} className="verifier__ledger-checks">
            {ledgers.map((l) => <LedgerResult key={l.manifest} check={l} />)}
          </Space>
        )}
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
  const [rows, setRows] = useState<RowDigestCheck[]>([]);
  const [chains, setChains] = useState<EventChainCheck[]>([]);
  const [ledgers, setLedgers] = useState<LedgerCheck[] | 'checking' | 'failed'>('checking');
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
      const compared = compareWithManifest(hashed, { exactPaths: zip });
      // The beats and commit rows against the digests their events carry (ADR 0040), all in the browser.
      const learners = rowDigestsToCheck(hashed);
      setRows(learners.map((l) => checkRowDigests(l.folder, l)));
      // The events' own hashes and links, recomputed (ADR 0040): an altered event is named, even re-hashed.
      setChains(learners.map((l) => checkEventChains(l.folder, l.events)));
      setCheck(compared);
      setLedgers('checking');
      setReading(false);
      // The proofs: each learner manifest against the published checkpoint and key (nothing of the dossier is sent).
      const source = publicLedger();
      try {
        setLedgers(await Promise.all(ledgersToCheck(hashed).map((l) => checkLedger(l.manifest, l.slot, l.events, source))));
      } catch {
        setLedgers('failed');
      }
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
          {check && <DossierResult check={check} ledgers={ledgers} rows={rows} chains={chains} />}
        </div>
      </Card>
    </div>
  );
}
