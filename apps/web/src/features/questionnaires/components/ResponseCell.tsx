import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** "12 / 30 answered" with a thin bar (responses against the course's students). */
export function ResponseCell({ responses, students, testId }: { responses: number; students: number; testId?: string }) {
  const { t } = useTranslation('questionnaires');
  const percent = students > 0 ? Math.min(100, Math.round((responses / students) * 100)) : 0;
  return (
    <div style={{ minWidth: 120 }} data-testid={testId} data-responses={responses}>
      <Typography.Text>{t('feedback.responsesOf', { count: responses, students })}</Typography.Text>
      <Progress percent={percent} size="small" showInfo={false} style={{ margin: 0 }} aria-label={t('feedback.responsesOf', { count: responses, students })} />
    </div>
  );
}

/** An average as a percent of full marks, or a dash without answers. */
export function percentText(v: number | null): string {
  return v === null ? '—' : `${Math.round(v * 10) / 10}%`;
}
