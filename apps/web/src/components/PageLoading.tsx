import { Flex, Spin } from 'antd';

export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullscreen ? '100vh' : 240, width: '100%' }}>
      <Spin size="large" />
    </Flex>
  );
}
