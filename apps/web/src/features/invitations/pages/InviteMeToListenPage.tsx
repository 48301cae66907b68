import { useState } from 'react';
import { Card, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ZInvitationBox, type TInvitationBox } from '@hxk/contracts/invitations';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useMyAccess } from '../../../lib/my-access.ts';
import { ReceivedBox } from '../components/ReceivedBox.tsx';
import { SentBox } from '../components/SentBox.tsx';

const PATH = '/InviteMeToListen';

/**
 * /InviteMeToListen (kept alive): invitations to me (a supervisor's inbox) and the ones I sent (a
 * teacher's). Opens on ?tab= when given (a notification's link), else on what this person mostly does.
 */
export function InviteMeToListenPage() {
  const { t } = useTranslation('invitations');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const access = useMyAccess();
  const shown = pathname === PATH;
  const parsed = ZInvitationBox.safeParse(params.get('tab'));
  const urlTab = shown && parsed.success ? parsed.data : null;
  const [state, setState] = useState<{ tab: TInvitationBox | null; fromUrl: TInvitationBox | null }>({ tab: null, fromUrl: null });

  // Adjusting state while rendering: a link with ?tab= switches the kept-alive screen to that tab.
  let tab = state.tab;
  if (urlTab && urlTab !== state.fromUrl) {
    tab = urlTab;
    setState({ tab, fromUrl: urlTab });
  }

  if (!access.ready) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const active: TInvitationBox = tab ?? (access.can('LessonEvaluationRecord') ? 'received' : 'sent');
  const change = (key: string) => {
    const next = key === 'sent' ? 'sent' : 'received';
    setState({ tab: next, fromUrl: next });
    void navigate(`${PATH}?tab=${next}`, { replace: true });
  };

  return (
    <Card title={menuTitle(t, 'InviteMeToListen')} styles={{ body: { paddingTop: 4 } }} data-testid="invitations-page" data-tab={active}>
      <Tabs
        activeKey={active}
        onChange={change}
        items={[
          { key: 'received', label: <span data-testid="invitations-tab-received">{t('tab.received')}</span>, children: <ReceivedBox enabled={shown && active === 'received'} /> },
          { key: 'sent', label: <span data-testid="invitations-tab-sent">{t('tab.sent')}</span>, children: <SentBox enabled={shown && active === 'sent'} /> },
        ]}
      />
    </Card>
  );
}
