import { Form, Input } from 'antd';
import { messages } from '../messages';

const m = messages.improvements;

export interface ImprovementValues {
  description?: string;
  owner?: string;
  due_on?: string;
}

/** The fields of a new improvement action: description, owner, due day. */
export function ImprovementFormFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <Form.Item name="description" label={m.description} htmlFor={`${idPrefix}-description`} rules={[{ required: true, whitespace: true, message: m.descriptionRequired }, { max: 5000 }]}>
        <Input.TextArea id={`${idPrefix}-description`} rows={3} maxLength={5000} />
      </Form.Item>
      <Form.Item name="owner" label={m.owner} htmlFor={`${idPrefix}-owner`} rules={[{ max: 200 }]}>
        <Input id={`${idPrefix}-owner`} maxLength={200} />
      </Form.Item>
      <Form.Item name="due_on" label={m.dueOn} htmlFor={`${idPrefix}-due`}>
        <Input id={`${idPrefix}-due`} type="date" />
      </Form.Item>
    </>
  );
}
