import type { ReactNode } from 'react';
import { Alert, Flex, Spin, Typography } from 'antd';
import { Panel } from '../../../components/panel';
import { messages as m } from '../messages';

/** The frame of a profile page: its title, then a spinner, a load error, or the form. */
export function ProfileCard({ title, loading, failed, children }: { title: string; loading: boolean; failed: boolean; children: () => ReactNode }) {
  return (
    <Panel className="page-card">
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      {loading ? (
        <Flex justify="center">
          <Spin />
        </Flex>
      ) : failed ? (
        <Alert type="error" showIcon title={m.common.loadError} />
      ) : (
        children()
      )}
    </Panel>
  );
}
