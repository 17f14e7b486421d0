import { Button, Form, Upload, type FormRule, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** antd Upload → Form value. */
export function fileListFromEvent(event: { fileList?: UploadFile[] } | UploadFile[]): UploadFile[] {
  return Array.isArray(event) ? event : (event.fileList ?? []);
}

export function pickedFile(list: UploadFile[] | undefined): File | null {
  return list?.[0]?.originFileObj ?? null;
}

/** One file kept in the form (never sent by antd itself: the form's save sends it, with progress). */
export function FileField({
  name,
  label,
  accept,
  button,
  rules,
  extra,
}: {
  name: string;
  label: string;
  accept?: string;
  button: string;
  rules?: FormRule[];
  extra?: ReactNode;
}) {
  return (
    <Form.Item label={label} name={name} valuePropName="fileList" getValueFromEvent={fileListFromEvent} rules={rules} extra={extra}>
      <Upload accept={accept} maxCount={1} beforeUpload={() => false}>
        <Button icon={<UploadOutlined />}>{button}</Button>
      </Upload>
    </Form.Item>
  );
}
