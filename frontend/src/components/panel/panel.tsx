import type { ReactNode } from 'react';

/**
 * A white box with an optional title bar, looking like antd's outlined Card. antd's Card brings
 * Tabs, Menu and Dropdown with it (≈ 23 KB gzip on every page that shows one), for a `tabList`
 * this application never uses (docs/adr/0010).
 */
export function Panel({
  title,
  titleAs: Title = 'div',
  extra,
  className,
  bodyClassName,
  testId,
  children,
}: {
  title?: ReactNode;
  /** The title's element: a heading where the page's outline needs one. */
  titleAs?: 'div' | 'h2' | 'h3';
  extra?: ReactNode;
  className?: string;
  bodyClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `panel ${className}` : 'panel'} data-testid={testId}>
      {title !== undefined || extra ? (
        <div className="panel__head">
          <Title className="panel__title">{title}</Title>
          {extra}
        </div>
      ) : null}
      <div className={bodyClassName ? `panel__body ${bodyClassName}` : 'panel__body'}>{children}</div>
    </div>
  );
}
