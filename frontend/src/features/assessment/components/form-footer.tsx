import { Alert, Button, Space } from 'antd';
import { messages as m } from '../messages';

/** A quiz form's failure and its buttons (a dialog has its own buttons). */
export function FormFooter({ failure, sending, hideButtons, onCancel }: { failure: string | null; sending: boolean; hideButtons?: boolean; onCancel?: () => void }) {
  return (
    <>
      {failure ? <Alert type="error" showIcon title={failure} className="quiz-feedback" /> : null}
      {hideButtons ? null : (
        <Space>
          <Button type="primary" htmlType="submit" loading={sending}>
            {m.common.save}
          </Button>
          {onCancel ? (
            <Button onClick={onCancel} disabled={false}>
              {m.common.cancel}
            </Button>
          ) : null}
        </Space>
      )}
    </>
  );
}
