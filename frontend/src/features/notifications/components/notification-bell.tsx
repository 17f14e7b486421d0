import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { messages as m, sentence, target, when } from '../messages';
import { POLL_MS, useGetNotificationCountQuery, useGetNotificationsQuery, useMarkNotificationsSeenMutation } from '../notifications-api';
import type { BellRole, NotificationList } from '../notifications-types';
import { usePageVisible } from './use-page-visible';
import '../notifications.css';

function BellList({ list, role, onNavigate }: { list: NotificationList; role: BellRole; onNavigate: () => void }) {
  if (list.items.length === 0) return <p className="bell__empty">{m.empty}</p>;
  return (
    <ul className="bell__list">
      {list.items.map((item) => (
        <li key={item.position} className={item.unread ? 'bell__item is-unread' : 'bell__item'}>
          <Link to={target(item, role)} onClick={onNavigate} className="bell__link">
            <span className="bell__sentence">
              {item.unread ? <span className="bell__dot" aria-label={m.unread} role="img" /> : null}
              {sentence(item, role)}
            </span>
            <time className="bell__time" dateTime={item.occurred_at}>
              {when(item.occurred_at)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's bell (issue 30 item 1, docs/adr/0046): the unread count, asked at most every 60 s
 * while the tab is shown; opening it lists the latest 20 and marks what it shows as seen.
 */
export function NotificationBell({ role }: { role: BellRole }) {
  const visible = usePageVisible();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const count = useGetNotificationCountQuery(undefined, { pollingInterval: visible ? POLL_MS : 0, skipPollingIfUnfocused: false, refetchOnMountOrArgChange: POLL_MS / 1000 });
  const list = useGetNotificationsQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });
  const [markSeen] = useMarkNotificationsSeenMutation();
  const unread = count.data?.unread ?? 0;

  // What the opened bell shows is seen: its newest position, once the list has arrived.
  const shown = open && list.data && !list.isFetching ? list.data : null;
  useEffect(() => {
    if (shown && shown.latest > shown.seen_up_to) void markSeen(shown.latest);
  }, [shown, markSeen]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close(true);
  };

  const content = (
    <div id={panelId} className="bell__panel" role="region" aria-label={m.title} onKeyDown={onKeyDown}>
      {list.isError ? <p className="bell__empty">{m.error}</p> : list.data && !list.isFetching ? <BellList list={list.data} role={role} onNavigate={() => close(false)} /> : <Spin aria-label={m.loading} />}
    </div>
  );

  return (
    <Popover
      content={content}
      title={m.title}
      trigger="click"
      placement="bottomRight"
      // On a phone the panel is wider than the room left of the bell: shifted to stay on screen.
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      open={open}
      onOpenChange={setOpen}
      // Rendered after the button: the list comes next in the keyboard's order.
      getPopupContainer={(node) => node.parentElement ?? document.body}
      classNames={{ root: 'bell__popover' }}
    >
      <Button
        ref={button}
        type="text"
        shape="circle"
        className="bell"
        data-testid="notification-bell"
        aria-label={m.bell(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        icon={
          <Badge count={unread} overflowCount={99} size="small" aria-hidden>
            <BellOutlined className="bell__icon" aria-hidden />
          </Badge>
        }
      />
    </Popover>
  );
}
