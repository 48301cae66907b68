import { useState } from 'react';
import { Alert, Button, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPatrolClass } from '@hxk/contracts/patrol';
import { TemplatePickModal } from '../../../components/evaluation/TemplatePickModal.tsx';
import { useEvaluateFromVisit } from '../api/patrol.ts';

const recordHref = (evaluationId: string) => `${import.meta.env.BASE_URL.replace(/\/$/, '')}/TeachingRecordDetail?id=${evaluationId}`;

/**
 * Evaluate the class being watched with the evaluation flow (a temporary evaluation, marked on the
 * visit as done by patrol). The form opens in a new tab so the live picture keeps playing here.
 */
export function EvaluationTab({ cls, visitId }: { cls: TPatrolClass | null; visitId: string | null }) {
  const { t } = useTranslation('patrolDetail');
  const [picking, setPicking] = useState(false);
  const [evaluationId, setEvaluationId] = useState<string | null>(null);
  const start = useEvaluateFromVisit();
  if (!cls) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('evaluation.noClass')} />;

  return (
    <Flex vertical gap={8} align="flex-start">
      <Typography.Text type="secondary">{t('evaluation.hint')}</Typography.Text>
      {evaluationId ? (
        <Alert
          type="success"
          showIcon
          title={t('evaluation.started')}
          action={<Button size="small" type="primary" href={recordHref(evaluationId)} target="_blank" rel="noopener" data-testid="detail-evaluation-open">{t('evaluation.open')}</Button>}
          data-testid="detail-evaluation-started"
        />
      ) : (
        <Button type="primary" disabled={!visitId} onClick={() => setPicking(true)} data-testid="detail-evaluate">
          {t('evaluation.start')}
        </Button>
      )}
      <TemplatePickModal
        target={picking ? { courseName: cls.courseName, teacherName: cls.teacher.name, when: cls.startTime && cls.endTime ? `${cls.startTime}–${cls.endTime}` : cls.lessonDate } : null}
        title={t('evaluation.pick')}
        startText={t('evaluation.begin')}
        onCancel={() => setPicking(false)}
        onStart={(templateId) =>
          visitId && start.mutate({ visitId, templateId }, {
            onSuccess: (r) => {
              setPicking(false);
              setEvaluationId(r.evaluationId);
            },
          })
        }
        starting={start.isPending}
        testPrefix="detail-eval"
      />
    </Flex>
  );
}
