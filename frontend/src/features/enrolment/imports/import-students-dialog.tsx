import { useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { api } from '../../../lib/api';
import { describeApiError } from '../../../lib/api-errors';
import { downloadWithSession, saveBlob } from '../../../lib/download';
import { newKey } from '../../../lib/format';
import { useAppDispatch } from '../../../lib/hooks';
import { useGetImportQuery, usePreviewImportMutation, useStartImportMutation, useTakeImportLinksMutation, type ActivationLink, type ImportPreview, type ImportRow } from './imports-api';
import { importMessages as m } from './imports-messages';
import './imports.css';

/** A CSV of the links for the admin (UTF-8 with BOM, « ; »: what Excel opens in French). */
function linksCsv(links: ActivationLink[]): Blob {
  const cell = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const lines = [['Ligne', 'Prénom', 'Nom', "Lien d'activation"].map(cell).join(';'), ...links.map((l) => [String(l.line), l.prenom, l.nom, l.link].map(cell).join(';'))];
  return new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const columns: TableColumnsType<ImportRow> = [
    { key: 'line', title: m.line, dataIndex: 'line', width: 70 },
    { key: 'name', title: m.name, render: (_, row) => `${row.prenom} ${row.nom}`.trim() || '—' },
    { key: 'email', title: m.email, render: (_, row) => row.email ?? <span className="import-muted">{m.noEmail}</span> },
    {
      key: 'problems',
      title: m.problems,
      render: (_, row) =>
        row.problems.length === 0 ? (
          <Tag color="green">{m.ok}</Tag>
        ) : (
          <ul className="import-problems">
            {row.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ),
    },
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{m.shownRows(preview.rows.length, preview.total)}</Typography.Paragraph>
      <Table<ImportRow>
        rowKey="line"
        size="small"
        columns={columns}
        dataSource={preview.rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        rowClassName={(row) => (row.problems.length > 0 ? 'import-row--faulty' : '')}
        data-testid="import-preview"
      />
    </>
  );
}

function ImportResult({ id, onDone }: { id: string; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [finished, setFinished] = useState(false);
  const { data } = useGetImportQuery(id, { pollingInterval: finished ? 3000 : 1000 });
  const [takeLinks, taking] = useTakeImportLinksMutation();
  const [links, setLinks] = useState<ActivationLink[] | null>(null);
  if (data && data.status !== 'queued' && !finished) {
    setFinished(true);
    // The students' list shows the new learners.
    dispatch(api.util.invalidateTags([{ type: 'Student', id: 'ADMIN-LIST' }]));
    onDone();
  }
  if (!data || data.status === 'queued') {
    const percent = data?.progress && data.progress.total > 0 ? Math.floor((100 * data.progress.done) / data.progress.total) : 0;
    return (
      <div role="status" aria-live="polite">
        <Typography.Paragraph>{data?.progress ? m.running : m.queued}</Typography.Paragraph>
        <Progress percent={percent} aria-label={m.progressLabel} />
      </div>
    );
  }
  if (data.status === 'failed') {
    return <Alert type="error" showIcon role="alert" title={m.failed} description={data.failure} />;
  }
  return (
    <Space direction="vertical" className="import-result">
      <Alert type="success" showIcon role="status" title={m.imported(data.total)} />
      {data.emails && data.emails.total > 0 ? (
        <div>
          <Typography.Paragraph>{m.emails(data.emails.done, data.emails.total)}</Typography.Paragraph>
          <Progress percent={Math.floor((100 * data.emails.done) / data.emails.total)} aria-label={m.emails(data.emails.done, data.emails.total)} />
        </div>
      ) : null}
      {links === null && data.links_pending > 0 ? (
        <>
          <Alert type="warning" showIcon title={m.linksPending(data.links_pending)} />
          <Button type="primary" loading={taking.isLoading} onClick={() => void takeLinks(id).unwrap().then(setLinks)}>
            {m.showLinks}
          </Button>
        </>
      ) : null}
      {links && links.length > 0 ? (
        <>
          <Alert type="warning" showIcon title={m.linksOnce} />
          <Button icon={<DownloadOutlined />} onClick={() => saveBlob(linksCsv(links), 'liens-activation.csv')}>
            {m.downloadLinks}
          </Button>
          <Table<ActivationLink>
            rowKey="line"
            size="small"
            pagination={false}
            dataSource={links}
                columns={[
              { key: 'line', title: m.line, dataIndex: 'line', width: 70 },
              { key: 'name', title: m.name, render: (_, l) => `${l.prenom} ${l.nom}` },
              { key: 'link', title: m.link, render: (_, l) => <Typography.Text copyable className="import-link">{l.link}</Typography.Text> },
            ]}
          />
        </>
      ) : null}
    </Space>
  );
}

/**
 * « Importer des étudiants » (issue 29 item 3, docs/adr/0052): a file, its preview with every
 * row's problems in French, « Importer » (all or nothing, on the job queue) with its progress,
 * then the result with the links of the learners without e-mail, shown once.
 */
export function ImportStudentsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [requestKey, setRequestKey] = useState(newKey);
  const [check, checking] = usePreviewImportMutation();
  const [start, starting] = useStartImportMutation();
  const [running, setRunning] = useState(false);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setFailure(null);
    setImportId(null);
    setRequestKey(newKey());
  };
  const close = () => {
    if (running) return;
    reset();
    onClose();
  };
  const choose = (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    setFailure(null);
    return false;
  };
  const runCheck = async () => {
    if (!file) return;
    setFailure(null);
    try {
      setPreview(await check(file).unwrap());
    } catch (error) {
      setFailure(describeApiError(error).message ?? m.failure);
    }
  };
  const runImport = async () => {
    if (!file) return;
    setFailure(null);
    try {
      const started = await start({ file, requestKey }).unwrap();
      setRunning(true);
      setImportId(started.id);
    } catch (error) {
      const body = (error as { data?: { preview?: ImportPreview } }).data;
      if (body?.preview) setPreview(body.preview);
      setFailure(describeApiError(error).message ?? m.failure);
    }
  };

  let content;
  if (importId) content = <ImportResult id={importId} onDone={() => setRunning(false)} />;
  else
    content = (
      <>
        <Typography.Paragraph>{m.intro}</Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void downloadWithSession('admin/student-imports/template', 'modele-import-etudiants.xlsx', { failed: m.templateFailed, done: m.templateDone })}
        >
          {m.template}
        </Button>
        <Upload.Dragger
          className="import-drop"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          showUploadList={false}
          beforeUpload={choose}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{file ? m.chosen(file.name) : m.drop}</p>
          <p className="ant-upload-hint">{m.dropHint}</p>
        </Upload.Dragger>
        {failure ? <Alert type="error" showIcon role="alert" title={failure} className="import-alert" /> : null}
        {preview ? (
          <div className="import-preview">
            <Typography.Paragraph strong role="status">
              {m.summary(preview.total, preview.rows_with_problems)}
            </Typography.Paragraph>
            {preview.file_problems.length > 0 ? (
              <Alert
                type="error"
                showIcon
                title={m.fileProblems}
                description={
                  <ul className="import-problems">
                    {preview.file_problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                }
              />
            ) : null}
            {preview.importable ? <Alert type="success" showIcon title={m.ready} /> : <Alert type="warning" showIcon title={m.fixAndRetry} />}
            {preview.rows.length > 0 ? <PreviewTable preview={preview} /> : null}
          </div>
        ) : null}
      </>
    );

  const footer = importId
    ? [
        <Button key="close" type="primary" onClick={close} disabled={running}>
          {m.close}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={close}>
          {m.cancel}
        </Button>,
        preview?.importable ? (
          <Button key="import" type="primary" icon={<UploadOutlined />} loading={starting.isLoading} onClick={() => void runImport()}>
            {m.import(preview.total)}
          </Button>
        ) : (
          <Button key="check" type="primary" disabled={!file} loading={checking.isLoading} onClick={() => void runCheck()}>
            {checking.isLoading ? m.checking : m.check}
          </Button>
        ),
      ];

  return (
    <Modal open={open} title={m.title} onCancel={close} footer={footer} width={880} destroyOnHidden maskClosable={false} closable={!running}>
      {content}
    </Modal>
  );
}
