import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLiveLessonState } from '@hxk/contracts/live-lessons';

const COLORS: Record<TLiveLessonState, string> = { live: 'red', upcoming: 'blue', ended: 'default', cancelled: 'default' };

/** On air / upcoming / ended / cancelled. */
export function LessonStateTag({ state, testId }: { state: TLiveLessonState; testId?: string }) {
  const { t } = useTranslation('liveLessons');
  return (
    <Tag color={COLORS[state]} style={{ marginInlineEnd: 0 }} data-testid={testId} data-state={state}>
      {state === 'live' ? '● ' : ''}
      {t(`state.${state}`)}
    </Tag>
  );
}
