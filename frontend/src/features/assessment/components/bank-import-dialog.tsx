import { useState } from 'react';
import { Alert, Button, Modal, Table, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { downloadWithSession } from '../../../lib/download';
import { toast } from '../../../lib/feedback';
import { newKey } from '../../../lib/format';
import { BANK_IMPORT_TEMPLATE_PATH, useImportBankQuestionsMutation, usePreviewBankImportMutation } from '../assessment-api';
import type { BankImportPreview, BankImportRow } from '../assessment-types';
import { messages as m } from '../messages';

const im = m.bankImport;

/** The server's French refusal, else the screen's own. */
const refusal = (error: unknown, fallback: string) => describeApiError(error).message ?? fallback;

/**
 * « Importer » on /question-bank (ADR 0045): the trainer picks an .xlsx or .csv file, reads every
 * row's problems (the server's preview; nothing is written), corrects the file and picks it again,
 * then imports all its questions at once (or none).
 */
export function BankImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BankImportPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [read, reading] = usePreviewBankImportMutation();
  const [send, sending] = useImportBankQuestionsMutation();
  // One key per dialog: « Importer » sent again after a lost answer adds nothing (ADR 0022). A refused import wrote nothing: the key stays good.
  const [requestKey] = useState(newKey);

  const choose = async (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    setFailure(null);
    try {
      setPreview(await read(chosen).unwrap());
    } catch (error) {
      setFailure(refusal(error, im.readFailed));
    }
  };
  const importAll = async () => {
    if (!file) return;
    setFailure(null);
    try {
      const { created } = await send({ file, requestKey }).unwrap();
      toast('success', im.done(created));
      onClose();
    } catch (error) {
      setFailure(refusal(error, im.importFailed));
    }
  };
  const ready = preview !== null && preview.total > 0 && preview.valid === preview.total;
  const wrong = preview ? preview.rows.filter((row) => row.problems.length > 0) : [];
  const columns: TableColumnsType<BankImportRow> = [
    { key: 'line', title: im.line, dataIndex: 'line', width: 70 },
    { key: 'question', title: im.question, render: (_, row) => row.questions || <span className="quiz-muted">{im.noQuestion}</span> },
    {
      key: 'problems',
      title: im.problems,
      render: (_, row) => (
        <ul className="bank-import__problems">
          {row.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={im.title}
      okText={preview && ready ? im.importN(preview.total) : im.import}
      cancelText={m.common.cancel}
      okButtonProps={{ disabled: !ready }}
      onOk={() => void importAll()}
      onCancel={onClose}
      confirmLoading={sending.isLoading}
      destroyOnHidden
      width={760}
    >
      <p>{im.intro}</p>
      <ul className="bank-import__rules">
        {im.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <div className="bank-import__pick">
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void downloadWithSession(BANK_IMPORT_TEMPLATE_PATH, 'modele-import-questions.xlsx', { failed: im.templateFailed, done: im.templateDone })}>
          {im.template}
        </Button>
        <Upload
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            void choose(chosen);
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined aria-hidden />} loading={reading.isLoading}>
            {file ? im.chooseAgain : im.choose}
          </Button>
        </Upload>
      </div>
      {file ? <p className="quiz-muted">{im.chosen(file.name)}</p> : null}
      {failure ? <Alert type="error" showIcon role="alert" title={failure} /> : null}
      {preview ? (
        <div role="status" aria-live="polite">
          {ready ? (
            <Alert type="success" showIcon title={im.allGood(preview.total)} />
          ) : (
            <>
              <Alert type="warning" showIcon title={im.someWrong(wrong.length, preview.total)} description={im.fixThenRetry} />
              <Table<BankImportRow>
                rowKey="line"
                columns={columns}
                dataSource={wrong}
                size="small"
                pagination={wrong.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                className="bank-import__table"
              />
            </>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
