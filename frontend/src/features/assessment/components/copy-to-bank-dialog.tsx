import { useState } from 'react';
import { Alert, AutoComplete, Form, Modal, Select } from 'antd';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { newKey } from '../../../lib/format';
import { useCopyToBankMutation, useGetBankCategoriesQuery } from '../assessment-api';
import type { Question } from '../assessment-types';
import { messages as m } from '../messages';

type Values = { category: string; tags?: string[] };

/**
 * « Copier dans la banque » on a quiz's question list: the question (text, answers, type,
 * explanation) becomes a question of the quiz's trainer's bank, filed in a category (ADR 0045).
 */
export function CopyToBankDialog({ question, number, quizTitle, onClose }: { question: Question; number: number; quizTitle: string; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [copy, copying] = useCopyToBankMutation();
  const { data: categories } = useGetBankCategoriesQuery();
  const [failure, setFailure] = useState<string | null>(null);
  // One key per dialog: « Copier » clicked twice, or sent again after a lost answer, makes one copy.
  const [requestKey] = useState(newKey);
  const submit = async (values: Values) => {
    setFailure(null);
    try {
      await copy({ questionId: question.id, body: { category: values.category.trim(), tags: values.tags ?? [], request_key: requestKey } }).unwrap();
      toast('success', m.copyToBank.done(values.category.trim()));
      onClose();
    } catch (error) {
      setFailure(describeApiError(error).message ?? m.copyToBank.failed);
    }
  };
  return (
    <Modal
      open
      title={m.copyToBank.title(number)}
      okText={m.copyToBank.ok}
      cancelText={m.common.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={copying.isLoading}
      destroyOnHidden
    >
      <p className="quiz-muted">{question.questions}</p>
      <Form form={form} layout="vertical" name={`copy-to-bank-${question.id}`} initialValues={{ category: quizTitle.slice(0, 100), tags: [] }} onFinish={(values) => void submit(values)}>
        <Form.Item label={m.bank.category} name="category" rules={[{ required: true, whitespace: true, message: m.bank.categoryRequired }]} extra={m.bank.categoryHint}>
          <AutoComplete
            options={(categories ?? []).map((c) => ({ value: c.category }))}
            maxLength={100}
            filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
          />
        </Form.Item>
        <Form.Item label={m.bank.tags} name="tags" extra={m.bank.tagsHint}>
          <Select mode="tags" tokenSeparators={[',']} maxCount={10} open={false} suffixIcon={null} aria-label={m.bank.tags} />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon role="alert" title={failure} /> : null}
    </Modal>
  );
}
