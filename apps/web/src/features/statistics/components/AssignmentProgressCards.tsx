import { useMemo, type HTMLAttributes } from 'react';
import { Button, Card, Col, Progress, Row, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TAssignmentFigures, TAssignmentStats, TAssignmentSupervisorRow, TAssignmentTaskRow } from '@hxk/contracts/statistics-assignments';
import { EChart } from '../../../components/charts/EChart.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { barsHeight, progressOption } from './assignment-charts.ts';
import { ChartCard } from './ChartCard.tsx';
import { percentText } from './format.ts';

const small = { size: 'small' as const, scroll: { x: 'max-content' } };

/** Attended of required, with a bar that fills to the credited share. */
function ProgressCell({ f, testId }: { f: TAssignmentFigures; testId: string }) {
  const { t } = useTranslation('statistics');
  return (
    <div style={{ minWidth: 140 }} data-testid={testId}>
      <Typography.Text>{percentText(f.progress)}</Typography.Text>
      <Progress size="small" showInfo={false} percent={f.progress ?? 0} status={f.required > 0 && f.credited >= f.required ? 'success' : 'normal'} aria-label={t('assignmentCharts.col.progress')} />
    </div>
  );
}

/** The period's totals: progress, attended of required, pairs that reached their minimum, classes held. */
export function AssignmentFigures({ data }: { data: TAssignmentStats }) {
  const { t } = useTranslation('statistics');
  const f = data.total;
  const cards = [
    { key: 'progress', value: percentText(f.progress), extra: t('assignmentCharts.figure.creditedOf', { credited: f.credited, required: f.required }) },
    { key: 'attended', value: String(f.attended), extra: t('assignmentCharts.figure.attendedOf', { attended: f.attended, held: f.held, visible: f.visible }) },
    { key: 'done', value: `${f.done} / ${f.pairs}`, extra: t('assignmentCharts.figure.doneOf', { done: f.done, pairs: f.pairs }) },
  ];
  return (
    <Card size="small" data-testid="assignment-figures" className="print-avoid-break">
      <Row gutter={[16, 12]}>
        {cards.map((c) => (
          <Col xs={24} sm={8} key={c.key}>
            <Statistic title={t(`assignmentCharts.figure.${c.key}`)} value={c.value} valueRender={() => <span data-testid={`assignment-${c.key}`}>{c.value}</span>} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{c.extra}</Typography.Text>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }} data-testid="assignment-figures-how">
        <Typography.Text type="secondary" strong style={{ fontSize: 12 }}>{t('how.title')}</Typography.Text> {t('assignmentCharts.how.figures')}
        {data.partial ? ` ${t('assignmentCharts.how.partial')}` : ''} {t('how.asOf', { at: formatDateTime(data.asOf) })}
      </Typography.Paragraph>
    </Card>
  );
}

function useBarLabels() {
  const { t } = useTranslation('statistics');
  return useMemo(() => ({ credited: t('assignmentCharts.series.credited'), missing: t('assignmentCharts.series.missing'), beyond: t('assignmentCharts.series.beyond') }), [t]);
}

/** Per task: attended against required, each task opening its supervisors. */
export function TaskProgress({ data, onOpen }: { data: TAssignmentStats; onOpen: (taskId: string) => void }) {
  const { t } = useTranslation('statistics');
  const labels = useBarLabels();
  const option = useMemo(() => progressOption(data.tasks.slice(0, 30).map((r) => ({ ...r, label: r.name })), labels), [data.tasks, labels]);
  const columns: ColumnsType<TAssignmentTaskRow> = [
    {
      title: t('assignmentCharts.col.task'),
      key: 'name',
      render: (_, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(r.taskId)} data-testid={`assignment-open-task-${r.taskId}`}>{r.name}</Button>
      ),
    },
    { title: t('assignmentCharts.col.period'), key: 'period', render: (_, r) => `${r.startDate} – ${r.endDate}`, responsive: ['lg'] },
    { title: t('assignmentCharts.col.minimum'), dataIndex: 'minClasses', align: 'right' },
    { title: t('assignmentCharts.col.supervisors'), key: 'pairs', align: 'right', render: (_, r) => t('assignmentCharts.doneOfPairs', { done: r.done, pairs: r.pairs }) },
    { title: t('col.attended'), dataIndex: 'attended', align: 'right' },
    { title: t('col.required'), dataIndex: 'required', align: 'right' },
    { title: t('assignmentCharts.col.progress'), key: 'progress', render: (_, r) => <ProgressCell f={r} testId={`assignment-task-progress-${r.taskId}`} /> },
  ];
  return (
    <ChartCard
      title={t('assignmentCharts.chart.tasks')}
      how={t('assignmentCharts.how.tasks')}
      asOf={data.asOf}
      empty={data.tasks.length === 0}
      emptyText={t('assignmentCharts.empty')}
      testId="assignment-tasks"
      stacked
      chart={<EChart option={option} label={t('assignmentCharts.chart.tasks')} testId="chart-assignment-tasks" height={barsHeight(Math.min(30, data.tasks.length))} />}
      table={
        <Table<TAssignmentTaskRow>
          {...small}
          rowKey="taskId"
          dataSource={data.tasks}
          columns={columns}
          pagination={data.tasks.length > 10 ? { pageSize: 10, size: 'small' } : false}
          onRow={(r) => ({ 'data-testid': `assignment-task-${r.taskId}` }) as HTMLAttributes<HTMLElement>}
        />
      }
    />
  );
}

/** Per supervisor: attended against required over the tasks counted, each opening the supervisor's classes. */
export function SupervisorProgress({ data, onOpen }: { data: TAssignmentStats; onOpen: (userId: string) => void }) {
  const { t } = useTranslation('statistics');
  const labels = useBarLabels();
  const option = useMemo(() => progressOption(data.supervisors.slice(0, 40).map((r) => ({ ...r, label: r.supervisor.name })), labels), [data.supervisors, labels]);
  const columns: ColumnsType<TAssignmentSupervisorRow> = [
    {
      title: t('col.supervisor'),
      key: 'supervisor',
      render: (_, r) => (
        <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onOpen(r.supervisor.userId)} data-testid={`assignment-open-supervisor-${r.supervisor.account}`}>
          {r.supervisor.name} <Typography.Text type="secondary" style={{ marginLeft: 4 }}>{r.supervisor.account}</Typography.Text>
        </Button>
      ),
    },
    { title: t('assignmentCharts.col.tasks'), dataIndex: 'pairs', align: 'right' },
    { title: t('assignmentCharts.col.visible'), dataIndex: 'visible', align: 'right', responsive: ['md'] },
    { title: t('assignmentCharts.col.held'), dataIndex: 'held', align: 'right', responsive: ['md'] },
    { title: t('col.attended'), dataIndex: 'attended', align: 'right' },
    { title: t('col.required'), dataIndex: 'required', align: 'right' },
    { title: t('assignmentCharts.col.progress'), key: 'progress', render: (_, r) => <ProgressCell f={r} testId={`assignment-supervisor-progress-${r.supervisor.account}`} /> },
  ];
  return (
    <ChartCard
      title={t('assignmentCharts.chart.supervisors')}
      how={t('assignmentCharts.how.supervisors')}
      asOf={data.asOf}
      empty={data.supervisors.length === 0}
      emptyText={t('assignmentCharts.empty')}
      testId="assignment-supervisors"
      stacked
      chart={<EChart option={option} label={t('assignmentCharts.chart.supervisors')} testId="chart-assignment-supervisors" height={barsHeight(Math.min(40, data.supervisors.length))} />}
      table={
        <Table<TAssignmentSupervisorRow>
          {...small}
          rowKey={(r) => r.supervisor.userId}
          dataSource={data.supervisors}
          columns={columns}
          pagination={data.supervisors.length > 10 ? { pageSize: 10, size: 'small' } : false}
          onRow={(r) => ({ 'data-testid': `assignment-supervisor-${r.supervisor.account}` }) as HTMLAttributes<HTMLElement>}
        />
      }
    />
  );
}
