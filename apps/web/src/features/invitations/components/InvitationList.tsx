import { useState, type ReactNode } from 'react';
import { Empty, Flex, Input, Pagination, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TInvitation, TInvitationBox } from '@hxk/contracts/invitations';
import { INVITATION_STATUSES, type TInvitationStatus } from '@hxk/contracts/workflow';
import { useInvitations, type InvitationQuery } from '../api/get-invitations.ts';
import { InvitationCard } from './InvitationCard.tsx';

/** One box of invitations with its filters (status, keyword) and server-side paging. */
export function InvitationList({
  box,
  enabled,
  actions,
  extra,
}: {
  box: TInvitationBox;
  enabled: boolean;
  actions: (inv: TInvitation) => ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('invitations');
  const [query, setQuery] = useState<InvitationQuery>({ pageNum: 1, pageSize: 10, box });
  const page = useInvitations(query, enabled);
  const list = page.data?.list ?? [];
  const total = page.data?.total ?? 0;

  return (
    <Flex vertical gap={12} data-testid={`invitations-${box}`}>
      <Flex gap={8} wrap align="center">
        <Select<TInvitationStatus>
          allowClear
          placeholder={t('filter.status')}
          style={{ flex: '0 1 150px', minWidth: 120 }}
          options={INVITATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(status) => setQuery((q) => ({ ...q, status, pageNum: 1 }))}
          aria-label={t('filter.status')}
          data-testid={`invitations-${box}-status`}
        />
        <Input.Search
          allowClear
          placeholder={t(box === 'received' ? 'filter.keywordReceived' : 'filter.keywordSent')}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
          data-testid={`invitations-${box}-search`}
        />
        {extra ? <div style={{ marginInlineStart: 'auto' }}>{extra}</div> : null}
      </Flex>
      {page.isLoading ? (
        <Spin style={{ display: 'block', margin: '32px auto' }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(query.status || query.keyword ? 'empty.filtered' : `empty.${box}`)} data-testid={`invitations-${box}-empty`} />
      ) : (
        <Spin spinning={page.isFetching && !page.isLoading}>
          <Flex vertical gap={8}>
            {list.map((inv) => (
              <InvitationCard key={inv.invitationId} inv={inv} box={box} actions={actions(inv)} />
            ))}
          </Flex>
        </Spin>
      )}
      {total > 0 && (
        <Pagination
          style={{ justifyContent: 'flex-end' }}
          size="small"
          current={query.pageNum}
          pageSize={query.pageSize}
          total={total}
          showSizeChanger
          showTotal={(n) => t('total', { count: n })}
          onChange={(pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize }))}
        />
      )}
    </Flex>
  );
}
