import { useLayoutEffect, useRef } from 'react';
import { Spin } from 'antd';
import { StatusMessage } from '../../../components/status';
import { messages as m } from '../messages';
import { formatTime } from '../format';
import type { Message, Side } from '../tutoring-types';

const MINE: Record<Side, Message['msg_from']> = { student: 'student', formateur: 'teacher' };

/**
 * A conversation's history, oldest first, scrolled to the newest: a live region (role log) that
 * reads out what arrives. Each text is shown as text, never as HTML, its line breaks kept.
 * The student's chat is at most 400 px high, the trainer's list 500 px (01 §9, 02 §9).
 */
export function MessageLog({
  messages,
  loading,
  failed,
  side,
  otherName,
  size,
}: {
  messages: Message[] | undefined;
  loading: boolean;
  failed: boolean;
  side: Side;
  otherName: string;
  size: 'student' | 'trainer';
}) {
  const box = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [count]);

  return (
    // Scrollable, so it takes the focus for keyboard users (axe: scrollable-region-focusable).
    <div ref={box} className={`message-log message-log--${size}`} role="log" aria-label={m.chat.history} tabIndex={0}>
      {loading ? (
        <div className="message-log__state">
          <Spin aria-label={m.chat.loading} />
        </div>
      ) : failed ? (
        <StatusMessage kind="failure" title={m.chat.loadFailed} />
      ) : count === 0 ? (
        <p className="message-log__state">{m.chat.empty}</p>
      ) : (
        <ol className="message-log__list">
          {messages!.map((message) => {
            const mine = message.msg_from === MINE[side];
            return (
              <li key={message.id} className={mine ? 'message message--mine' : 'message'} data-testid="message">
                <div className="message__meta">
                  <span className="message__author">{mine ? m.chat.you : otherName}</span>
                  <time dateTime={message.msg_time}>{formatTime(message.msg_time)}</time>
                  {message.group ? <span className="message__group">{m.chat.group}</span> : null}
                </div>
                <p className="message__text">{message.msg_to}</p>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
