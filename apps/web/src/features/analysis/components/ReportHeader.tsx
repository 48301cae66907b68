import type { ReactNode } from 'react';
import { Alert, Card, Descriptions, Flex, Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TClassReport } from '@hxk/contracts/analysis';
import { formatDateTime } from '../../../lib/format.ts';
import { clock } from './moments.ts';

const STATUS_COLOR = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/** Who, where and when, the analysis's state and, while it runs, that the figures are not complete yet. */
export function ReportHeader({ report, actions }: { report: TClassReport; actions?: ReactNode }) {
  const { t } = useTranslation('analysis');
  const a = report.analysis;
  const progress = a?.progress && a.progress.total ? Math.round((a.progress.done / a.progress.total) * 100) : null;
  return (
    <Card title={<span data-testid="report-title" style={{ whiteSpace: 'normal' }}>{t('report.title', { course: report.courseName })}</span>}>
      <Flex vertical gap={12}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={[
          { key: 'course', label: t('report.course'), children: report.courseName },
          { key: 'teacher', label: t('report.teacher'), children: report.teacherName },
          { key: 'room', label: t('report.room'), children: report.classroomName ?? '—' },
          { key: 'date', label: t('report.date'), children: report.lessonDate },
          ...(a ? [
            { key: 'status', label: t('report.status'), children: <Tag color={STATUS_COLOR[a.status]} data-testid="report-status">{t(`status.${a.status}`)}</Tag> },
            { key: 'source', label: t('report.source'), children: t(`source.${a.source}`) },
            { key: 'started', label: t('report.startedAt'), children: formatDateTime(a.startedAt) },
            { key: 'duration', label: t('report.duration'), children: a.durationSeconds === null ? '—' : clock(a.durationSeconds) },
          ] : []),
        ]} />
        {a && (a.status === 'queued' || a.status === 'running') ? (
          <Alert type="info" showIcon data-testid="report-generating" title={t('report.generating')}
            description={progress !== null ? <Progress percent={progress} size="small" style={{ maxWidth: 360 }} /> : t('report.generatingWait')} />
        ) : null}
        {actions}
        {a?.status === 'failed' ? <Alert type="error" showIcon title={t('report.failed')} description={a.errorKey ?? undefined} data-testid="report-failed" /> : null}
      </Flex>
    </Card>
  );
}
