import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { Panel } from '../../../components/panel';

/** Centred card of the login and registration screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="auth-page">
      <Panel className={wide ? 'auth-card auth-card--wide' : 'auth-card'}>
        <Typography.Title level={1} className="auth-card__title">
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </Panel>
    </div>
  );
}
