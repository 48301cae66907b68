import type { HTMLAttributes } from 'react';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TSupervisorProgress } from '@hxk/contracts/plans';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ProgressCell } from './ProgressCell.tsx';

/** Per supervisor of a plan: attended / minimum, remaining, behind; `behindFirst` sorts those behind to the top. */
export function SupervisorProgressTable({ rows, loading, behindFirst }: { rows: TSupervisorProgress[] | undefined; loading: boolean; behindFirst?: boolean }) {
  const { t } = useTranslation('plans');
  const data = behindFirst && rows ? [...rows].sort((a, b) => Number(b.behind) - Number(a.behind) || b.remaining - a.remaining) : rows;
  const columns: ColumnsType<TSupervisorProgress> = [
    { title: t('progress.supervisor'), key: 'person', render: (_, r) => <PersonCell name={r.name} account={r.account} /> },
    { title: t('progress.group'), dataIndex: 'groupName', render: (v: string | null) => v ?? t('progress.direct') },
    { title: t('progress.attended'), key: 'attended', render: (_, r) => <ProgressCell done={r.attended} required={r.required} /> },
    { title: t('progress.remaining'), dataIndex: 'remaining', align: 'right' },
    {
      title: t('progress.state'),
      dataIndex: 'behind',
      render: (v: boolean) => (v ? <Tag color="red">{t('progress.behind')}</Tag> : <Tag color="green">{t('progress.onTrack')}</Tag>),
    },
    { title: t('progress.lastEvaluated'), dataIndex: 'lastEvaluatedAt', render: (v: string | null) => formatDateTime(v) },
  ];
  return (
    <Table<TSupervisorProgress>
      rowKey="userId"
      size="small"
      columns={columns}
      dataSource={data}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('progress.noSupervisors') }}
      onRow={(r) => ({ 'data-testid': `supervisor-progress-${r.account}` }) as HTMLAttributes<HTMLElement>}
      pagination={data && data.length > 20 ? { pageSize: 20 } : false}
      data-testid="supervisor-progress"
    />
  );
}
