import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS = { pending: 'gold', approved: 'green', rejected: 'red', disabled: 'default', invited: 'purple' } as const;

export function MembershipStatusTag({ status }: { status: keyof typeof COLORS }) {
  const { t } = useTranslation('schools');
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>;
}
