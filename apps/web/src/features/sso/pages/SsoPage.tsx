import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { applySession } from '../../../lib/auth-state.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { PATHS } from '../../../lib/paths.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { completeSso } from '../api/complete-sso.ts';
import { startSso } from '../api/start-sso.ts';

/**
 * /SSO (front pages) and /SSOBS (back office), opened with no checks (spec section 2). Without a
 * ticket or code it sends the browser to the school's identity provider; back from it, the server
 * checks what the provider returned and signs the person in, and /loading takes over.
 */
export function SsoPage() {
  const { t } = useTranslation('auth');
  const { pathname, search } = useLocation();
  const entry = /SSOBS\/?$/.test(pathname) ? 'back' : 'front';
  const params = new URLSearchParams(search);
  const school = params.get('school') ?? undefined;
  const ticket = params.get('ticket');
  const code = params.get('code');
  const state = params.get('state');
  const returning = Boolean(ticket || (code && state));
  const [error, setError] = useState<string | null>(params.get('error') ? t('sso.providerRefused') : null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || error) return;
    started.current = true;
    const fail = (e: unknown) => setError(e instanceof Error ? e.message : String(e));
    if (returning) {
      completeSso({ entry, ...(school ? { school } : {}), ...(ticket ? { ticket } : { code: code ?? '', state: state ?? '' }) })
        .then((session) => {
          applySession(session);
          queryClient.clear();
          navigateTo(`${PATHS.loading}?entry=${session.entry}`, { replace: true });
        })
        .catch(fail);
    } else {
      startSso({ entry, ...(school ? { school } : {}) })
        .then((r) => window.location.assign(r.redirectUrl))
        .catch(fail);
    }
  }, [returning, entry, school, ticket, code, state, error]);

  if (error) {
    // Again from the start: the ticket or code in the address is spent.
    const again = `${import.meta.env.BASE_URL}${entry === 'back' ? 'SSOBS' : 'SSO'}${school ? `?school=${encodeURIComponent(school)}` : ''}`;
    return (
      <Result
        status="error"
        title={t('sso.failed')}
        subTitle={<span data-testid="sso-error">{error}</span>}
        extra={[
          <Button key="again" type="primary" onClick={() => window.location.assign(again)}>
            {t('sso.retry')}
          </Button>,
          <Button key="login" onClick={() => navigateTo(PATHS.login, { replace: true })}>
            {t('sso.toLogin')}
          </Button>,
        ]}
      />
    );
  }
  return (
    <div style={{ textAlign: 'center', padding: '48px 0' }} data-testid="sso-busy">
      <Spin size="large" />
      <div style={{ marginTop: 16 }}>{t(returning ? 'sso.completing' : 'sso.redirecting')}</div>
    </div>
  );
}
