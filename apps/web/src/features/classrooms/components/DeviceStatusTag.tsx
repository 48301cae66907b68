import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TRecorder } from '@hxk/contracts/classrooms';

const COLORS: Record<TRecorder['status'], string> = { online: 'success', offline: 'error', unknown: 'default' };

export function DeviceStatusTag({ status, testId }: { status: TRecorder['status']; testId?: string }) {
  const { t } = useTranslation('classrooms');
  return (
    <Tag color={COLORS[status]} data-testid={testId}>
      {t(`status.${status}`)}
    </Tag>
  );
}
