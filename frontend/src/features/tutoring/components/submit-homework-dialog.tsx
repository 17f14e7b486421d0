import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { messages as m } from '../messages';
import { useSubmitHomeworkMutation } from '../tutoring-api';
import type { Homework } from '../tutoring-types';

interface SubmissionValues {
  answer?: string;
  upload?: UploadFile[];
}

/** The server's limits (docs/adr/0044): it checks them again, and each file's content. */
const ANSWER_MAX = 20_000;
const FILES_MAX = 5;
const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.png,.jpg,.jpeg,.gif,.webp,.txt,.csv,.zip';
const fileList = (event: { fileList?: UploadFile[] } | UploadFile[]) => (Array.isArray(event) ? event : event?.fileList);

/** « Rendre mon travail »: an answer and/or files, sent once per key (a double click answers the first). */
export function SubmitHomeworkDialog({ homework, onClose }: { homework: Homework; onClose: () => void }) {
  const [form] = Form.useForm<SubmissionValues>();
  const [submit, { isLoading }] = useSubmitHomeworkMutation();
  const [key] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: SubmissionValues) => {
    const answer = values.answer?.trim() ?? '';
    const files = (values.upload ?? []).map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => Boolean(f));
    if (!answer && files.length === 0) {
      setFailure(m.homework.emptySubmission);
      return;
    }
    setFailure(null);
    try {
      await submit({ id: homework.id, answer, files, key }).unwrap();
      toast('success', m.homework.submitted, 3);
      onClose();
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, ['answer', 'upload']);
      setFailure([described.message, ...others].filter(Boolean).join(' ') || m.homework.submitFailed);
    }
  };

  // A refusal speaks of what was sent: once the answer or the files change, it no longer applies.
  const forgetRefusal = (changed: SubmissionValues) => {
    setFailure(null);
    for (const name of Object.keys(changed) as (keyof SubmissionValues)[]) form.setFields([{ name, errors: [] }]);
  };

  return (
    <Modal
      open
      title={m.homework.submitTitle(homework.title)}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {m.common.cancel}
        </Button>,
        <Button key="send" type="primary" loading={isLoading} onClick={() => form.submit()}>
          {m.homework.send}
        </Button>,
      ]}
      destroyOnHidden
    >
      <p>{m.homework.submitIntro}</p>
      <Form form={form} name="submit-homework" layout="vertical" onFinish={onFinish} onValuesChange={forgetRefusal} disabled={isLoading}>
        <Form.Item label={m.homework.answer} name="answer">
          <Input.TextArea rows={6} maxLength={ANSWER_MAX} />
        </Form.Item>
        <Form.Item label={m.homework.files} name="upload" valuePropName="fileList" getValueFromEvent={fileList}>
          <Upload accept={ACCEPT} multiple maxCount={FILES_MAX} beforeUpload={() => false}>
            <Button icon={<UploadOutlined aria-hidden />}>{m.homework.chooseFiles}</Button>
          </Upload>
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={m.homework.submitFailed} description={failure} className="form-feedback" /> : null}
      </Form>
    </Modal>
  );
}
