import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLessonPlanAppeal } from '@hxk/contracts/lesson-plans';
import { formatDateTime } from '../../../lib/format.ts';

const TYPE = { pending: 'warning', resolved: 'success', unresolved: 'info' } as const;

/** A plan's appeal: the reason, and once handled the decision (new level or score, or why not). */
export function AppealInfo({ appeal }: { appeal: TLessonPlanAppeal }) {
  const { t } = useTranslation('lessonPlans');
  const decision = appeal.status === 'resolved'
    ? appeal.scoreAfter !== null
      ? t('appeal.resolvedScoreText', { from: appeal.score, to: appeal.scoreAfter, levelFrom: appeal.level, levelTo: appeal.levelAfter, handler: appeal.handler?.name ?? '' })
      : t('appeal.resolvedText', { from: appeal.level, to: appeal.levelAfter, handler: appeal.handler?.name ?? '' })
    : appeal.status === 'unresolved' ? t('appeal.unresolvedText', { handler: appeal.handler?.name ?? '' }) : t('appeal.pendingText');
  return (
    <Alert
      type={TYPE[appeal.status]}
      showIcon
      style={{ marginBottom: 8 }}
      title={<span data-testid={`plan-appeal-status-${appeal.status}`}>{decision}</span>}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
            <Typography.Text type="secondary">{t('appeal.reason')} ({formatDateTime(appeal.createdAt)}): </Typography.Text>{appeal.reason}
          </Typography.Paragraph>
          {appeal.opinion && (
            <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }} data-testid="plan-appeal-opinion-shown">
              <Typography.Text type="secondary">{t('appeal.opinion')}: </Typography.Text>{appeal.opinion}
            </Typography.Paragraph>
          )}
        </>
      }
      data-testid="plan-appeal-info"
    />
  );
}
