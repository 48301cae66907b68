import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LESSON_PLAN_SCORE_BANDS, lessonPlanLevelOf } from '@hxk/contracts/lesson-plans';
import { LevelTag } from '../../../components/lesson-plans/LevelTag.tsx';

/** A template score out of full marks with the level its band gives (shown live while a form is filled). */
export function ScoreLevel({ score, full, testId }: { score: number; full: number; testId?: string }) {
  const { t } = useTranslation('lessonPlans');
  return (
    <Flex align="center" gap={8} wrap data-testid={testId ?? 'plan-score-level'}>
      <Typography.Text>{t('score.levelFromScore')}</Typography.Text>
      <Typography.Text strong data-testid={`${testId ?? 'plan-score-level'}-score`}>{t('score.ofFull', { score, full })}</Typography.Text>
      <LevelTag level={lessonPlanLevelOf(score, full)} />
    </Flex>
  );
}

/** The fixed bands of the levels, as a hint (decision 0033). */
export function BandsHint() {
  const { t } = useTranslation('lessonPlans');
  const [b1, b2, b3] = LESSON_PLAN_SCORE_BANDS;
  return <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('score.bands', { l1: b1.minPercent, l2: b2.minPercent, l3: b3.minPercent })}</Typography.Text>;
}
