import { useState } from 'react';
import { Flex, Input, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NAMES, type TIdentity } from '@hxk/contracts/permissions';
import type { TOrgPerson } from '@hxk/contracts/org';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { useOrgPeople, type OrgPeopleQuery } from '../api/get-org-people.ts';

/** People of the selected unit, paged on the server, optionally with its sub-units. */
export function OrgPeopleTable({ orgUnitId }: { orgUnitId: string }) {
  const { t } = useTranslation('org');
  const [query, setQuery] = useState<Omit<OrgPeopleQuery, 'orgUnitId'>>({ includeChildren: true, keyword: '', pageNum: 1, pageSize: 10 });
  const people = useOrgPeople({ ...query, orgUnitId });

  const columns: ColumnsType<TOrgPerson> = [
    { title: t('people.name'), dataIndex: 'name', render: (_, p) => <PersonCell name={p.name} account={p.account} /> },
    { title: t('people.phone'), dataIndex: 'phone', render: (v: string | null) => v || '—' },
    { title: t('people.identity'), dataIndex: 'identity', render: (v: number) => <Tag>{t(`common:identity.${IDENTITY_NAMES[v as TIdentity]}`)}</Tag> },
    { title: t('people.unit'), dataIndex: 'orgUnitName', render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('people.noUnit')}</Typography.Text>, responsive: ['md'] },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Input.Search
          allowClear
          placeholder={t('people.search')}
          style={{ maxWidth: 260 }}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() }))}
          data-testid="org-people-search"
        />
        <label>
          <Flex gap={8} align="center">
            <Switch
              size="small"
              checked={query.includeChildren}
              onChange={(v) => setQuery((q) => ({ ...q, pageNum: 1, includeChildren: v }))}
              data-testid="org-include-children"
            />
            {t('people.includeChildren')}
          </Flex>
        </label>
      </Flex>
      <Table<TOrgPerson>
        rowKey="userId"
        size="middle"
        columns={columns}
        dataSource={people.data?.list}
        loading={people.isFetching}
        locale={{ emptyText: t('people.empty') }}
        scroll={{ x: 'max-content' }}
        pagination={serverPagination(query, setQuery, people.data?.total, (total) => t('people.total', { count: total }))}
        data-testid="org-people"
      />
    </Flex>
  );
}
