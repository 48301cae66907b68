import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TPlan } from '@hxk/contracts/plans';
import { PersonCell } from '../../../components/PersonCell.tsx';

type Row = TPlan['supervisors'][number];

/** A plan's supervisors and the group each came through (or chosen one by one). */
export function PlanSupervisorsTable({ rows }: { rows: Row[] }) {
  const { t } = useTranslation('plans');
  const columns: ColumnsType<Row> = [
    { title: t('progress.supervisor'), key: 'person', render: (_, r) => <PersonCell name={r.name} account={r.account} /> },
    { title: t('progress.group'), dataIndex: 'groupName', render: (v: string | null) => (v ? <Tag color="blue">{v}</Tag> : <Tag>{t('progress.direct')}</Tag>) },
  ];
  return (
    <Table<Row>
      rowKey={(r) => `${r.userId}-${r.groupId ?? ''}`}
      size="small"
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('progress.noSupervisors') }}
      pagination={rows.length > 20 ? { pageSize: 20 } : false}
      data-testid="plan-supervisors-table"
    />
  );
}
