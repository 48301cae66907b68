import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TInvitation, TInvitationBox } from '@hxk/contracts/invitations';
import { formatDateTime } from '../../../lib/format.ts';
import { classLine } from './class-line.ts';
import { InvitationStatusTag } from './InvitationTags.tsx';

/**
 * One invitation as a compact block that fits a 390 px phone: the course, when and where, the other
 * person, the message, the state (with the refusal reason) and when things happened; actions below.
 */
export function InvitationCard({ inv, box, actions }: { inv: TInvitation; box: TInvitationBox; actions?: ReactNode }) {
  const { t } = useTranslation('invitations');
  const { token } = theme.useToken();
  const other = box === 'received' ? inv.inviter : inv.invitee;
  const times = [t('field.sentAt', { time: formatDateTime(inv.createdAt) })];
  if (inv.answeredAt) times.push(t(inv.status === 'rejected' ? 'field.rejectedAt' : 'field.agreedAt', { time: formatDateTime(inv.answeredAt) }));
  if (inv.withdrawnAt) times.push(t('field.withdrawnAt', { time: formatDateTime(inv.withdrawnAt) }));

  return (
    <div
      style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '10px 12px' }}
      data-testid={`invitation-${inv.invitationId}`}
      data-status={inv.status}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {inv.class.courseName}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginInlineStart: 6, fontSize: 13 }}>
            {inv.class.courseCode}
          </Typography.Text>
        </Typography.Text>
        <InvitationStatusTag inv={inv} />
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
        {classLine(t, inv.class)}
      </Typography.Text>
      <Typography.Text style={{ display: 'block', marginTop: 4 }}>
        {t(box === 'received' ? 'field.inviter' : 'field.invitee')}
        <Typography.Text strong>{other.name}</Typography.Text>
        <Typography.Text type="secondary"> ({other.account})</Typography.Text>
        {inv.class.teachingClass ? <Typography.Text type="secondary"> · {inv.class.teachingClass}</Typography.Text> : null}
      </Typography.Text>
      {inv.message ? (
        <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={`invitation-message-${inv.invitationId}`}>
          <Typography.Text type="secondary">{t('field.message')}</Typography.Text>
          {inv.message}
        </Typography.Paragraph>
      ) : null}
      {inv.reason ? (
        <Typography.Paragraph type="danger" style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={`invitation-reason-${inv.invitationId}`}>
          {t('field.reason')}
          {inv.reason}
        </Typography.Paragraph>
      ) : null}
      <Flex justify="space-between" align="end" gap={8} wrap style={{ marginTop: 6 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {times.join(' · ')}
        </Typography.Text>
        {actions ? (
          <Flex gap={8} wrap justify="end" style={{ marginInlineStart: 'auto' }}>
            {actions}
          </Flex>
        ) : null}
      </Flex>
    </div>
  );
}
