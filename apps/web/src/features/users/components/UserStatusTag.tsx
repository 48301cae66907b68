import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Member } from '../api/get-users.ts';

export function UserStatusTag({ status }: { status: Member['status'] }) {
  const { t } = useTranslation('users');
  return <Tag color={status === 'approved' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>;
}
