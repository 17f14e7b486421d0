import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { messages as m } from '../messages';
import { useGradeHomeworkMutation } from '../tutoring-api';
import type { ConversationKey, Homework } from '../tutoring-types';

interface GradeValues {
  grade: number | null;
  feedback?: string;
}

const FEEDBACK_MAX = 5000;

/** « Noter »: a grade out of 20 by half points and optional feedback; the server tells the learner by e-mail (docs/adr/0044). */
export function GradeHomeworkDialog({ homework, conversation, onClose }: { homework: Homework; conversation: ConversationKey; onClose: () => void }) {
  const [form] = Form.useForm<GradeValues>();
  const [grade, { isLoading }] = useGradeHomeworkMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: GradeValues) => {
    setFailure(null);
    try {
      await grade({ ...conversation, id: homework.id, grade: values.grade!, feedback: values.feedback?.trim() ?? '' }).unwrap();
      toast('success', m.homework.gradeSaved, 3);
      onClose();
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, ['grade', 'feedback']);
      setFailure([described.message, ...others].filter(Boolean).join(' ') || m.homework.gradeFailed);
    }
  };

  return (
    <Modal
      open
      title={m.homework.gradeDialog(homework.title)}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {m.common.cancel}
        </Button>,
        <Button key="save" type="primary" loading={isLoading} onClick={() => form.submit()}>
          {m.common.save}
        </Button>,
      ]}
      destroyOnHidden
    >
      <Form
        form={form}
        name="grade-homework"
        layout="vertical"
        onFinish={onFinish}
        disabled={isLoading}
        initialValues={{ grade: homework.grade, feedback: homework.feedback ?? '' }}
      >
        <Form.Item label={m.homework.gradeField} name="grade" extra={m.homework.gradeHelp} rules={[{ required: true, type: 'number', min: 0, max: 20, message: m.homework.gradeRequired }]}>
          <InputNumber min={0} max={20} step={0.5} decimalSeparator="," className="homework__grade-input" />
        </Form.Item>
        <Form.Item label={m.homework.feedbackField} name="feedback">
          <Input.TextArea rows={5} maxLength={FEEDBACK_MAX} />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={m.homework.gradeFailed} description={failure} className="form-feedback" /> : null}
      </Form>
    </Modal>
  );
}
