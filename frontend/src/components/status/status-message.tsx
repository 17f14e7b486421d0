import type { ReactNode } from 'react';
import { FileSearchOutlined, HourglassOutlined, WarningOutlined } from '@ant-design/icons';

/** What a status message tells: a missing page or item, content still being written, a failure. */
export type StatusKind = 'not-found' | 'preparing' | 'failure';

const ICONS: Record<StatusKind, ReactNode> = {
  'not-found': <FileSearchOutlined />,
  preparing: <HourglassOutlined />,
  failure: <WarningOutlined />,
};

/**
 * A centred icon, title, sentence and action, in the brand's colours: what antd's Result showed,
 * without its blue default and its illustrations (kept out of the first page's JavaScript).
 */
export function StatusMessage({
  kind,
  title,
  text,
  extra,
  level = 2,
}: {
  kind: StatusKind;
  title: ReactNode;
  text?: ReactNode;
  extra?: ReactNode;
  /** 1 when the message is the whole page (a 404), else 2. */
  level?: 1 | 2;
}) {
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    <div className={`status-message status-message--${kind}`}>
      <span className="status-message__icon" aria-hidden>
        {ICONS[kind]}
      </span>
      <Title className="status-message__title">{title}</Title>
      {text ? <p className="status-message__text">{text}</p> : null}
      {extra ? <div className="status-message__extra">{extra}</div> : null}
    </div>
  );
}
