import { useMemo, type HTMLAttributes } from 'react';
import { Button, Card, Col, List, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TEvaluationStats, TStatsGroupRow, TStatsTeacherRank } from '@hxk/contracts/statistics';
import { EChart } from '../../../components/charts/EChart.tsx';
import { ChartCard } from './ChartCard.tsx';
import { supervisorsOption } from './stats-charts.ts';
import { percentText } from './format.ts';

/** The scope by department or by teacher; a row opens the next level down. */
export function GroupsTable({ data, onOpen }: { data: TEvaluationStats; onOpen: (row: TStatsGroupRow) => void }) {
  const { t } = useTranslation('statistics');
  const byUnit = data.groupBy === 'unit';
  const columns: ColumnsType<TStatsGroupRow> = [
    {
      title: byUnit ? t('col.unit') : t('col.teacher'),
      key: 'name',
      render: (_, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(r)} data-testid={`stats-open-${r.id}`}>
          {r.name}
        </Button>
      ),
    },
    byUnit
      ? { title: t('col.college'), dataIndex: 'parentName', render: (v: string | null) => v ?? '—', responsive: ['md'] }
      : { title: t('col.account'), dataIndex: 'account', render: (v: string | null) => v ?? '—', responsive: ['md'] },
    { title: t('col.evaluations'), dataIndex: 'evaluations', align: 'right', sorter: (a, b) => a.evaluations - b.evaluations },
    ...(byUnit ? [{ title: t('col.coverage'), key: 'coverage', align: 'right' as const, render: (_: unknown, r: TStatsGroupRow) => `${percentText(r.coverage)} (${r.teachersEvaluated}/${r.teachersTeaching})` }] : []),
    { title: t('col.mean'), dataIndex: 'meanPercent', align: 'right', render: percentText, sorter: (a, b) => (a.meanPercent ?? -1) - (b.meanPercent ?? -1) },
    { title: t('col.vsSchool'), key: 'vs', align: 'right', render: (_, r) => diffText(r.meanPercent, data.school.meanPercent) },
  ];
  return (
    <Card size="small" title={byUnit ? t('groups.units') : t('groups.teachers')} data-testid="stats-groups" className="print-avoid-break">
      <Table<TStatsGroupRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data.groups}
        pagination={data.groups.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        onRow={(r) => ({ 'data-testid': `stats-group-${r.id}` }) as HTMLAttributes<HTMLElement>}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
        <Typography.Text type="secondary" strong style={{ fontSize: 12 }}>{t('how.title')}</Typography.Text> {byUnit ? t('how.units') : t('how.teachers')}
      </Typography.Paragraph>
    </Card>
  );
}

function diffText(v: number | null, school: number | null): string {
  if (v === null || school === null) return '—';
  const d = Math.round((v - school) * 10) / 10;
  return `${d > 0 ? '+' : ''}${d.toFixed(1)}`;
}

/** The five highest and five lowest teachers of the scope by mean percent. */
export function RankLists({ data, onOpen }: { data: TEvaluationStats; onOpen: (teacherId: string) => void }) {
  const { t } = useTranslation('statistics');
  if (data.ownOnly) return null;
  const list = (title: string, rows: TStatsTeacherRank[], testId: string) => (
    <Col xs={24} md={12}>
      <Card size="small" title={title} data-testid={testId} className="print-avoid-break">
        <List
          size="small"
          dataSource={rows}
          locale={{ emptyText: t('empty') }}
          renderItem={(r, i) => (
            <List.Item extra={<Typography.Text strong>{percentText(r.meanPercent)}</Typography.Text>}>
              <span>
                {i + 1}.{' '}
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(r.teacher.userId)}>{r.teacher.name}</Button>{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('rank.detail', { unit: r.orgUnitName ?? '—', count: r.evaluations })}</Typography.Text>
              </span>
            </List.Item>
          )}
        />
      </Card>
    </Col>
  );
  return (
    <Row gutter={[12, 12]}>
      {list(t('rank.top'), data.top, 'stats-top')}
      {list(t('rank.bottom'), data.bottom, 'stats-bottom')}
    </Row>
  );
}

/** Supervisors of the semester's plans: classes attended against the plans' minimums. */
export function SupervisorsCard({ data }: { data: TEvaluationStats }) {
  const { t } = useTranslation('statistics');
  const rows = useMemo(() => data.supervisors ?? [], [data.supervisors]);
  const option = useMemo(() => supervisorsOption(rows, { attended: t('col.attended'), required: t('col.required') }), [rows, t]);
  if (data.supervisors === null) return null;
  return (
    <ChartCard
      title={t('chart.supervisors')}
      how={t('how.supervisors')}
      asOf={data.asOf}
      empty={rows.length === 0}
      testId="stats-supervisors"
      chart={<EChart option={option} label={t('chart.supervisors')} testId="chart-stats-supervisors" height={Math.max(220, 40 + rows.length * 40)} />}
      table={
        <Table
          size="small"
          rowKey={(r) => r.supervisor.userId}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('col.supervisor'), key: 'name', render: (_, r) => r.supervisor.name },
            { title: t('col.plans'), dataIndex: 'plans', align: 'right' },
            { title: t('col.attended'), dataIndex: 'attended', align: 'right' },
            { title: t('col.required'), dataIndex: 'required', align: 'right' },
          ]}
        />
      }
    />
  );
}
