import { useState } from 'react';
import { Button, Card, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TInvitation } from '@hxk/contracts/invitations';
import { useMyAccess } from '../../../lib/my-access.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { AgreeButton } from './AgreeButton.tsx';
import { classLine } from './class-line.ts';
import { RejectModal } from './RejectModal.tsx';

const SHOWN = 5;
const LIST_PATH = '/InviteMeToListen?tab=received';

/**
 * The front page's invitations to me still waiting for an answer, with quick Agree / Reject. Only
 * for people who both see the invitations screen and evaluate lessons; nothing for anyone else.
 */
export function FrontInvitations() {
  const access = useMyAccess();
  if (!access.ready || !access.can('InviteMeToListen') || !access.can('LessonEvaluationRecord')) return null;
  return <PendingInvitations />;
}

function PendingInvitations() {
  const { t } = useTranslation('invitations');
  const [rejecting, setRejecting] = useState<TInvitation | null>(null);
  const page = useInvitations({ pageNum: 1, pageSize: SHOWN, box: 'received', status: 'pending' });
  // Pending ones whose class has ended can no longer be answered: they are not a to-do.
  const list = (page.data?.list ?? []).filter((i) => !i.expired);
  const total = page.data?.total ?? 0;

  return (
    <Card
      size="small"
      title={t('front.title')}
      extra={<Link to={LIST_PATH}>{total > SHOWN ? t('front.allCount', { count: total }) : t('front.all')}</Link>}
      data-testid="front-invitations"
    >
      {page.isLoading ? (
        <Spin style={{ display: 'block', margin: '16px auto' }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('front.empty')} />
      ) : (
        <Flex vertical gap={10}>
          {list.map((inv) => (
            <div key={inv.invitationId} data-testid={`front-invitation-${inv.invitationId}`}>
              <Typography.Text strong style={{ display: 'block' }} ellipsis>
                {inv.class.courseName}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                {classLine(t, inv.class)}
              </Typography.Text>
              <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 4 }}>
                <Typography.Text type="secondary" style={{ fontSize: 13, minWidth: 0 }} ellipsis>
                  {t('front.from', { name: inv.inviter.name })}
                </Typography.Text>
                <Flex gap={6} style={{ flexShrink: 0 }}>
                  <Button size="small" danger onClick={() => setRejecting(inv)} data-testid={`invitation-reject-${inv.invitationId}`}>
                    {t('action.reject')}
                  </Button>
                  <AgreeButton inv={inv} size="small" />
                </Flex>
              </Flex>
            </div>
          ))}
        </Flex>
      )}
      <RejectModal target={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
