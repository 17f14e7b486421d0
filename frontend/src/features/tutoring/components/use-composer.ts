import { useState } from 'react';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { messages as m } from '../messages';

/** The server's limit on a message (docs/adr/0013). */
export const MESSAGE_MAX = 5000;
/** The success notice stays 3 s (01 §9, 02 §9). */
const SENT_NOTICE_SECONDS = 3;

export interface ComposerFeedback {
  kind: 'warning' | 'error';
  title: string;
  text?: string;
}

/**
 * A message being written (01 §4, §5; 02 §4, §5): blank text is refused here, before any call
 * ('Message vide'); sending is one at a time; success clears the text and shows the server's
 * notice for 3 s; a failure keeps the text and shows the server's message, else 'Erreur lors de l'envoi'.
 */
export function useComposer(deliver: (text: string) => Promise<{ bool: boolean; msg?: string }>) {
  const [text, setText] = useState('');
  const [feedback, setFeedback] = useState<ComposerFeedback | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (): Promise<boolean> => {
    if (sending) return false;
    if (!text.trim()) {
      setFeedback({ kind: 'warning', title: m.chat.emptyTitle, text: m.chat.emptyText });
      return false;
    }
    setFeedback(null);
    setSending(true);
    try {
      // Sent as written: the server keeps the text exactly, spaces and line breaks included.
      const answer = await deliver(text);
      if (!answer.bool) {
        setFeedback({ kind: 'error', title: answer.msg || m.chat.sendFailed });
        return false;
      }
      setText('');
      toast('success', answer.msg || m.chat.sent, SENT_NOTICE_SECONDS);
      return true;
    } catch (error) {
      setFeedback({ kind: 'error', title: describeApiError(error).message ?? m.chat.sendFailed });
      return false;
    } finally {
      setSending(false);
    }
  };

  const change = (value: string) => {
    setText(value);
    if (feedback?.kind === 'warning') setFeedback(null);
  };

  return { text, change, feedback, sending, submit };
}

export type Composer = ReturnType<typeof useComposer>;
