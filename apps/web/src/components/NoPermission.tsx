import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function NoPermission() {
  const { t } = useTranslation();
  return <Result status="403" title={t('noPermission.title')} subTitle={t('noPermission.description')} data-testid="no-permission" />;
}
