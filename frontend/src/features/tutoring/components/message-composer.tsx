import { useId } from 'react';
import { Alert, Button, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { messages as m } from '../messages';
import { MESSAGE_MAX, type Composer } from './use-composer';

/** The 6-row text area (01 §9), what went wrong, and the buttons: Fermer and Envoyer (disabled while sending). */
export function MessageComposer({ composer, onClose, onSent }: { composer: Composer; onClose: () => void; onSent?: () => void }) {
  const id = useId();
  const send = async () => {
    if (await composer.submit()) onSent?.();
  };
  return (
    <div className="composer">
      <label htmlFor={id} className="composer__label">
        {m.chat.label}
      </label>
      <Input.TextArea
        id={id}
        rows={6}
        maxLength={MESSAGE_MAX}
        showCount
        placeholder={m.chat.placeholder}
        value={composer.text}
        onChange={(event) => composer.change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
        }}
      />
      {composer.feedback ? <Alert type={composer.feedback.kind} showIcon title={composer.feedback.title} description={composer.feedback.text} /> : null}
      <div className="composer__actions">
        <Button onClick={onClose}>{m.common.close}</Button>
        <Button type="primary" icon={<SendOutlined />} loading={composer.sending} disabled={composer.sending} onClick={() => void send()}>
          {m.chat.send}
        </Button>
      </div>
    </div>
  );
}
