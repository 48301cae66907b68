import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Anything a screen throws, including a chunk that failed to load (kept light: it ships with the entry). */
export function RootError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: '60vh', padding: 24, textAlign: 'center' }}>
      <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>{t('error.loadTitle')}</h2>
      <p style={{ margin: 0, color: 'rgba(0,0,0,0.6)' }}>{t('error.unknown')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('action.reload')}
      </Button>
    </Flex>
  );
}
