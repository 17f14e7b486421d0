import { useEffect } from 'react';
import { message, Modal } from 'antd';
import { deliverTo } from '../lib/feedback';

/** Shows the toasts and dialogs asked through lib/feedback.ts (loaded with the first of them). */
export default function FeedbackHost() {
  const [messages, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  useEffect(
    () =>
      deliverTo((request) => {
        if (request.kind === 'dialog') modal.error({ title: request.title, content: request.content });
        else void messages[request.kind](request.content, request.seconds);
      }),
    [messages, modal],
  );
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
