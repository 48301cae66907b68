import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLicenceFeature } from '@hxk/contracts';

/**
 * A screen the reader may not open: with `feature`, because the deployment's licence leaves that
 * feature off (decision 0027) — a link to it says so rather than "no permission".
 */
export function NoPermission({ feature }: { feature?: TLicenceFeature | null | undefined }) {
  const { t } = useTranslation(['common', 'licence']);
  if (feature) {
    return <Result status="403" title={t('noPermission.notLicensedTitle')} subTitle={t('noPermission.notLicensed', { feature: t(`licence:feature.${feature}`) })} data-testid="not-licensed" />;
  }
  return <Result status="403" title={t('noPermission.title')} subTitle={t('noPermission.description')} data-testid="no-permission" />;
}
