import { useEffect } from 'react';
import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { takeRedirect } from '../../lib/auth-state.ts';
import { myAccessQueryOptions } from '../../lib/my-access.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { HOME_ROUTE, PATHS } from '../../lib/paths.ts';
import { ROUTES } from '../routes.tsx';

/** The first back-office screen the person may open (/SSOBS lands there), else the front page. */
export function backOfficeLanding(permissions: readonly string[]): string {
  return ROUTES.find((r) => r.layout === 'shell' && r.path.startsWith('/back/') && permissions.includes(r.access))?.path ?? HOME_ROUTE;
}

/** /loading: shown while a single sign-on completes; once the person's access is known, on to where they land. */
export function LoadingRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const info = useQuery(myAccessQueryOptions());
  useEffect(() => {
    if (!info.data) return;
    const target = !info.data.schoolId ? PATHS.userInfo : params.get('entry') === 'back' ? backOfficeLanding(info.data.permissions) : HOME_ROUTE;
    navigateTo(takeRedirect() ?? target, { replace: true });
  }, [info.data, params]);
  return (
    <div style={{ textAlign: 'center', padding: '48px 0' }} data-testid="sso-loading">
      <Spin size="large" />
      <div style={{ marginTop: 16 }}>{t('sso.loading')}</div>
    </div>
  );
}
