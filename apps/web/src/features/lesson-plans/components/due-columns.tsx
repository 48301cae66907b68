import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { TLessonPlanDue } from '@hxk/contracts/lesson-plans';
import { formatDateTime } from '../../../lib/format.ts';
import { LevelTag } from '../../../components/lesson-plans/LevelTag.tsx';

const APPEAL_COLOR = { pending: 'gold', resolved: 'green', unresolved: 'default' } as const;

/** Whether a due is handed in, late, or still owed (overdue past the deadline). */
export function DueStatus({ due, t, now }: { due: TLessonPlanDue; t: TFunction; now: number }) {
  if (due.plan) return due.plan.late ? <Tag color="orange">{t('status.late')}</Tag> : <Tag color="green">{t('status.handedIn')}</Tag>;
  return new Date(due.collection.deadline).getTime() < now ? <Tag color="red">{t('status.overdue')}</Tag> : <Tag>{t('status.due')}</Tag>;
}

/** The columns every list of dues shares: collection, course, teacher (optional), deadline, state, level. */
export function dueColumns(t: TFunction, opts: { teacher: boolean; now: number }): ColumnsType<TLessonPlanDue> {
  return [
    {
      title: t('field.collection'),
      key: 'collection',
      render: (_, d) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{d.collection.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t(`type.${d.collection.type}`)}</Typography.Text>
        </Space>
      ),
    },
    { title: t('field.course'), key: 'course', render: (_, d) => `${d.course.name} (${d.course.code})` },
    ...(opts.teacher ? [{
      title: t('field.teacher'),
      key: 'teacher',
      render: (_: unknown, d: TLessonPlanDue) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{d.teacher.name}</Typography.Text>
          {d.teacher.department && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{d.teacher.department}</Typography.Text>}
        </Space>
      ),
    }] : []),
    { title: t('field.deadline'), key: 'deadline', render: (_, d) => formatDateTime(d.collection.deadline) },
    { title: t('field.status'), key: 'status', render: (_, d) => <DueStatus due={d} t={t} now={opts.now} /> },
    { title: t('field.submittedAt'), key: 'submittedAt', render: (_, d) => (d.plan ? formatDateTime(d.plan.updatedAt) : '—') },
    { title: t('field.timesCited'), key: 'cited', render: (_, d) => d.plan?.timesCited ?? '—' },
    {
      title: t('field.level'),
      key: 'level',
      render: (_, d) => (d.plan ? (
        <Space size={4} wrap>
          <LevelTag level={d.plan.level} />
          {d.plan.score !== null && d.collection.template && (
            <Typography.Text type="secondary" data-testid={`plan-score-${d.dueId}`}>{t('score.ofFull', { score: d.plan.score, full: d.collection.template.totalScore })}</Typography.Text>
          )}
          {d.plan.appeal && <Tag color={APPEAL_COLOR[d.plan.appeal.status]} data-testid={`plan-appeal-tag-${d.dueId}`}>{t(`appeal.status.${d.plan.appeal.status}`)}</Tag>}
        </Space>
      ) : '—'),
    },
  ];
}
