import { Typography } from 'antd';
import { Panel } from '../components/panel';
import { selectUsername } from '../app/auth-slice';
import { useAppSelector } from '../app/hooks';
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
