import { Card, Typography } from 'antd';
import { selectUsername } from '../app/auth-slice';
import { useAppSelector } from '../app/hooks';
import { messages as m } from './messages';

/** Heading of a role dashboard: "Bonjour, {username}". */
export function AreaGreeting({ intro }: { intro: string }) {
  const username = useAppSelector(selectUsername) ?? '';
  return (
    <Card variant="outlined" className="page-card">
      <Typography.Title level={1} className="page-title" data-testid="dashboard-greeting">
        {m.greeting(username)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
    </Card>
  );
}
