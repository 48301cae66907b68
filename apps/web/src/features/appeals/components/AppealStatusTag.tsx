import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAppealStatus } from '@hxk/contracts/workflow';

const COLORS: Record<TAppealStatus, string> = { pending: 'processing', resolved: 'success', unresolved: 'warning', revoked: 'default' };

/** Pending processing, resolved, not to be resolved, revoked. */
export function AppealStatusTag({ status, testId }: { status: TAppealStatus; testId?: string }) {
  const { t } = useTranslation('appeals');
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }} data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
