import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLessonPlanDue } from '@hxk/contracts/lesson-plans';
import { formatDateTime } from '../../../lib/format.ts';
import { LevelTag } from '../../../components/lesson-plans/LevelTag.tsx';
import { PlanFiles } from '../../../components/lesson-plans/PlanFiles.tsx';
import { AppealInfo } from './AppealInfo.tsx';
import { FilledFormButton } from './FilledFormModal.tsx';

/** A due's description and, once handed in, its files (with earlier versions'), its grade and its appeal. */
export function PlanDetail({ due }: { due: TLessonPlanDue }) {
  const { t } = useTranslation('lessonPlans');
  const plan = due.plan;
  return (
    <div data-testid={`plan-detail-${due.dueId}`}>
      {due.collection.description && <Typography.Paragraph type="secondary">{due.collection.description}</Typography.Paragraph>}
      {plan ? (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label={t('field.version')}>{plan.version}</Descriptions.Item>
            <Descriptions.Item label={t('field.firstSubmittedAt')}>{formatDateTime(plan.submittedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('field.level')}><LevelTag level={plan.level} /></Descriptions.Item>
            {due.collection.template && (
              <Descriptions.Item label={t('field.template')}>
                <span data-testid="plan-template-name">{due.collection.template.name}</span>
              </Descriptions.Item>
            )}
            {plan.score !== null && due.collection.template && (
              <Descriptions.Item label={t('field.score')}>
                <span data-testid="plan-score">{t('score.ofFull', { score: plan.score, full: due.collection.template.totalScore })}</span>
                <span style={{ marginInlineStart: 8 }}><FilledFormButton due={due} /></span>
              </Descriptions.Item>
            )}
            {plan.evaluator && <Descriptions.Item label={t('field.evaluator')}>{plan.evaluator.name} · {formatDateTime(plan.evaluatedAt)}</Descriptions.Item>}
            {plan.comment && <Descriptions.Item label={t('field.comment')} span={2}><span data-testid="plan-comment">{plan.comment}</span></Descriptions.Item>}
          </Descriptions>
          {plan.appeal && <AppealInfo appeal={plan.appeal} />}
          <PlanFiles plan={plan} history />
        </>
      ) : (
        <Typography.Text type="secondary">{t('list.notHandedIn')}</Typography.Text>
      )}
    </div>
  );
}
