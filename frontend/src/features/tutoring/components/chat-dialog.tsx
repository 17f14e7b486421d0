import { useState } from 'react';
import { Modal } from 'antd';
import { messages as m } from '../messages';
import { useSendMessageMutation } from '../tutoring-api';
import type { ConversationKey, Side } from '../tutoring-types';
import { MessageComposer } from './message-composer';
import { MessageLog } from './message-log';
import { useComposer } from './use-composer';
import { useConversation } from './use-conversation';

interface ChatProps {
  conversation: ConversationKey;
  /** Who writes from this screen. */
  side: Side;
  /** The other side's name, over their messages and in the title. */
  otherName: string;
  onClose: () => void;
}

function Chat({ conversation, side, otherName, onClose, thread }: ChatProps & { thread: ReturnType<typeof useConversation> }) {
  const [send] = useSendMessageMutation();
  const composer = useComposer((text) => send({ ...conversation, side, text }).unwrap());
  return (
    <div className="chat">
      <MessageLog messages={thread.messages} loading={thread.loading} failed={thread.failed} side={side} otherName={otherName} size={side === 'student' ? 'student' : 'trainer'} />
      <MessageComposer composer={composer} onClose={onClose} onSent={() => void thread.refresh().catch(() => undefined)} />
    </div>
  );
}

/**
 * A conversation in a dialog: the history, updated while it is open, and a message to send.
 * The conversation is followed here, outside the dialog's content (which antd stops rendering
 * once closed), so that closing stops the polling at once.
 */
function ChatDialog({ open, ...chat }: ChatProps & { open: boolean }) {
  const thread = useConversation(chat.conversation, chat.side, open);
  return (
    <Modal open={open} onCancel={chat.onClose} title={m.chat.title(chat.otherName)} footer={null} destroyOnHidden width={640}>
      <Chat {...chat} thread={thread} />
    </Modal>
  );
}

/**
 * A screen's chat: `openChat(conversation, otherName)` opens it, `dialog` is to render. The
 * conversation stays while the dialog plays its closing animation.
 */
export function useChatDialog(side: Side) {
  const [chat, setChat] = useState<{ conversation: ConversationKey; otherName: string; open: boolean } | null>(null);
  const openChat = (conversation: ConversationKey, otherName: string) => setChat({ conversation, otherName, open: true });
  const dialog = chat ? (
    <ChatDialog
      key={`${chat.conversation.teacherId}-${chat.conversation.studentId}`}
      open={chat.open}
      conversation={chat.conversation}
      side={side}
      otherName={chat.otherName}
      onClose={() => setChat({ ...chat, open: false })}
    />
  ) : null;
  return { openChat, dialog };
}
