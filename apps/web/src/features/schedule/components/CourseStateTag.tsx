import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCourseState } from '@hxk/contracts/calendar-rules';
import { STATE_COLORS } from './labels.ts';

/** The course state of spec section 4; nothing to show without a class today. */
export function CourseStateTag({ state, none }: { state: TCourseState | null; none?: string }) {
  const { t } = useTranslation('schedule');
  if (!state) return <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{none ?? '—'}</span>;
  return (
    <Tag color={STATE_COLORS[state]} data-testid={`state-${state}`}>
      {t(`state.${state}`)}
    </Tag>
  );
}
