import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Anything a screen throws, including a chunk that failed to load (kept light: it ships with the entry). */
export function RootError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: '60vh', padding: 24, textAlign: 'center' }}>
      <Typography.Title level={4}>{t('error.loadTitle')}</Typography.Title>
      <Typography.Text type="secondary">{t('error.unknown')}</Typography.Text>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('action.reload')}
      </Button>
    </Flex>
  );
}
