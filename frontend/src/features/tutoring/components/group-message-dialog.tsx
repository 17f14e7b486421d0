import { Modal } from 'antd';
import { messages as m } from '../messages';
import { useSendGroupMessageMutation } from '../tutoring-api';
import { MessageComposer } from './message-composer';
import { useComposer } from './use-composer';

function GroupMessage({ teacherId, recipients, onClose }: { teacherId: number; recipients: number; onClose: () => void }) {
  const [send] = useSendGroupMessageMutation();
  const composer = useComposer((text) => send({ teacherId, text }).unwrap());
  return (
    <div className="chat">
      <p className="chat__intro">{m.students.groupIntro(recipients)}</p>
      <MessageComposer composer={composer} onClose={onClose} onSent={onClose} />
    </div>
  );
}

/** The trainer's message to every student they follow (02 §2): the server says how many got it. */
export function GroupMessageDialog({ open, ...props }: { open: boolean; teacherId: number; recipients: number; onClose: () => void }) {
  return (
    <Modal open={open} onCancel={props.onClose} title={m.students.groupTitle} footer={null} destroyOnHidden width={640}>
      <GroupMessage {...props} />
    </Modal>
  );
}
