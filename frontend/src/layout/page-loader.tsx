import { Flex, Spin } from 'antd';
import { messages as m } from './messages';

export function PageLoader() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }} role="status" aria-label={m.loading}>
      <Spin size="large" />
    </Flex>
  );
}
