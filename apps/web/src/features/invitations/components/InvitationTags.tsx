import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TInvitation } from '@hxk/contracts/invitations';

const COLORS = { pending: 'processing', agreed: 'success', rejected: 'error', withdrawn: 'default', expired: 'warning' } as const;

/** The invitation's state; a pending one whose class has ended shows as expired. */
export function InvitationStatusTag({ inv }: { inv: Pick<TInvitation, 'status' | 'expired'> }) {
  const { t } = useTranslation('invitations');
  const shown = inv.status === 'pending' && inv.expired ? 'expired' : inv.status;
  return (
    <Tag color={COLORS[shown]} style={{ marginInlineEnd: 0 }} data-status={shown}>
      {t(`status.${shown}`)}
    </Tag>
  );
}
