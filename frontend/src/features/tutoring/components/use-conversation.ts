import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../lib/hooks';
import { appendNews, tutoringApi, useGetMessagesQuery, useMarkMessagesReadMutation } from '../tutoring-api';
import type { ConversationKey, Message, Side } from '../tutoring-types';

/** How often an open chat asks for new messages (docs/adr/0013: polling, no server push). */
export const POLL_MS = 4000;

/** The messages the other side wrote, as the history names them. */
const OTHER_SIDE: Record<Side, Message['msg_from']> = { student: 'teacher', formateur: 'student' };

/**
 * A conversation while `open`: its history, then every POLL_MS the messages after the last one.
 * Closed, it stops at once and forgets the history. What the other side wrote is marked read as
 * it shows. `refresh()` asks for news at once (after sending).
 */
export function useConversation(key: ConversationKey, side: Side, open: boolean) {
  const dispatch = useAppDispatch();
  const history = useGetMessagesQuery(key, { skip: !open });
  const messages = history.data;
  const lastId = useRef(0);
  lastId.current = messages?.at(-1)?.id ?? 0;
  const { teacherId, studentId } = key;

  const refresh = useCallback(async () => {
    const conversation = { teacherId, studentId };
    const request = dispatch(tutoringApi.endpoints.getNewMessages.initiate({ ...conversation, after: lastId.current }, { subscribe: false, forceRefetch: true }));
    const news = await request.unwrap();
    if (news.length) dispatch(tutoringApi.util.updateQueryData('getMessages', conversation, (list) => appendNews(list, news)));
  }, [dispatch, teacherId, studentId]);

  const polling = open && history.isSuccess;
  useEffect(() => {
    if (!polling) return;
    // A failed poll is tried again at the next tick.
    const timer = window.setInterval(() => void refresh().catch(() => undefined), POLL_MS);
    return () => window.clearInterval(timer);
  }, [polling, refresh]);

  const [markRead] = useMarkMessagesReadMutation();
  const markedUpTo = useRef(0);
  const newestFromOther = messages?.findLast((message) => message.msg_from === OTHER_SIDE[side])?.id ?? 0;
  useEffect(() => {
    if (newestFromOther <= markedUpTo.current) return;
    markedUpTo.current = newestFromOther;
    void markRead({ teacherId, studentId, side });
  }, [newestFromOther, markRead, teacherId, studentId, side]);

  return { messages, loading: history.isLoading, failed: history.isError, refresh };
}
