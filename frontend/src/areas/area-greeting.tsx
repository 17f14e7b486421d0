import { Suspense, type ReactNode } from 'react';
import { Typography } from 'antd';
import { Panel } from '../components/panel';
import { selectUsername } from '../lib/auth-slice';
import { useAppSelector, usePageTitle } from '../lib/hooks';
import type { Role } from '../lib/session';
import { useFullName } from '../features/identity';
import { messages as m } from './messages';

/**
 * Heading of a role dashboard: "Bonjour, Léa Dubois". `fullName` is undefined while the profile
 * loads (the heading then says "Bonjour" alone) and null when there is none: the username stands in.
 */
export function AreaGreeting({ intro, fullName = null }: { intro: string; fullName?: string | null }) {
  const username = useAppSelector(selectUsername);
  const name = fullName === undefined ? null : (fullName ?? username);
  return (
    <Panel className="page-card">
      <Typography.Title level={1} className="page-title" data-testid="dashboard-greeting">
        {m.greeting(name)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
    </Panel>
  );
}

/** A role's dashboard: the greeting, then what the features show there (loaded with their code). */
export function AreaDashboard({ role, title, intro, children }: { role: Exclude<Role, 'admin' | 'auditor'>; title: string; intro: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="dashboard-stack">
      <AreaGreeting intro={intro} fullName={useFullName(role)} />
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}
