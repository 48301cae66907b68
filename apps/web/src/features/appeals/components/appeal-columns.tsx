import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { TAppealRow } from '@hxk/contracts/appeals';
import { formatDateTime } from '../../../lib/format.ts';
import { AppealStatusTag } from './AppealStatusTag.tsx';
import { classTime, periodsOnly } from '../../../lib/class-time.ts';
import { EvaluatorName } from './EvaluatorName.tsx';

export const scoreText = (t: TFunction, score: number | null, full: number) => (score === null ? '—' : t('appeals:field.scoreValue', { score, full }));

/** The columns both appeal lists share; the handlers' list also shows the teacher. */
export function appealColumns(t: TFunction, opts: { teacher: boolean }): ColumnsType<TAppealRow> {
  return [
    {
      title: t('field.course'),
      key: 'course',
      render: (_, r) => (
        <div style={{ minWidth: 160 }}>
          <Typography.Text strong>{r.class.courseName}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {classTime(t, periodsOnly(r.class), true)}
          </Typography.Text>
        </div>
      ),
    },
    ...(opts.teacher ? [{ title: t('field.teacher'), key: 'teacher', render: (_: unknown, r: TAppealRow) => r.teacher.name }] : []),
    {
      title: t('field.evaluator'),
      key: 'evaluator',
      render: (_, r) => <EvaluatorName appeal={r} />,
    },
    { title: t('field.score'), key: 'score', align: 'right', render: (_, r) => scoreText(t, r.score, r.fullScore) },
    {
      title: t('field.scoreAfter'),
      key: 'scoreAfter',
      align: 'right',
      render: (_, r) => <span data-testid={`appeal-score-after-${r.appealId}`}>{scoreText(t, r.scoreAfter, r.fullScore)}</span>,
    },
    { title: t('field.status'), key: 'status', render: (_, r) => <AppealStatusTag status={r.status} testId={`appeal-status-${r.appealId}`} /> },
    { title: t('field.createdAt'), key: 'createdAt', render: (_, r) => formatDateTime(r.createdAt), responsive: ['md'] },
  ];
}
