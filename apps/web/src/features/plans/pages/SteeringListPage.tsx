import { useState } from 'react';
import { Card, Checkbox, Flex, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ZSteeringRow } from '@hxk/contracts/plans';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useSteering, type SteeringQuery } from '../api/get-steering.ts';
import { GroupFilter } from '../components/GroupSelect.tsx';
import { ProgressCell } from '../components/ProgressCell.tsx';

type Row = z.infer<typeof ZSteeringRow>;

/** The roster of supervisors in plans in progress, with their totals and the plans they are behind in. */
export function SteeringListPage() {
  const { t } = useTranslation('plans');
  const [query, setQuery] = useState<SteeringQuery>({ pageNum: 1, pageSize: 10 });
  const page = useSteering(query);
  const set = (patch: Partial<SteeringQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));

  const columns: ColumnsType<Row> = [
    { title: t('progress.supervisor'), key: 'person', render: (_, r) => <PersonCell name={r.name} account={r.account} /> },
    {
      title: t('steering.groups'),
      dataIndex: 'groups',
      render: (v: string[]) =>
        v.length ? (
          <Space size={[0, 4]} wrap style={{ maxWidth: 260 }}>
            {v.map((g) => (
              <Tag key={g}>{g}</Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t('steering.plans'), dataIndex: 'planCount', align: 'right' },
    { title: t('progress.attended'), key: 'attended', render: (_, r) => <ProgressCell done={r.attended} required={r.required} /> },
    {
      title: t('steering.behindPlans'),
      dataIndex: 'behindPlans',
      render: (v: number) => (v > 0 ? <Tag color="red">{t('steering.behindIn', { count: v })}</Tag> : <Tag color="green">{t('progress.onTrack')}</Tag>),
    },
  ];

  return (
    <Card title={menuTitle(t, 'SteeringList')} data-testid="steering-page">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('steering.search')} style={{ width: 220 }} onSearch={(v) => set({ keyword: v.trim() || undefined })} data-testid="steering-search" />
        <GroupFilter value={query.groupId} onChange={(groupId) => set({ groupId })} style={{ width: 200 }} data-testid="steering-group" />
        <Checkbox checked={query.behindOnly === true} onChange={(e) => set({ behindOnly: e.target.checked || undefined })} data-testid="steering-behind-only">
          {t('steering.behindOnly')}
        </Checkbox>
      </Flex>
      <Table<Row>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('steering.empty') }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
    </Card>
  );
}
