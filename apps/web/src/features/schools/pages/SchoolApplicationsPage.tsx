import { useState } from 'react';
import { Modal, Button, Card, Flex, Input, Segmented, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { IDENTITY_NAMES } from '@hxk/contracts/permissions';
import { Permission } from '../../../components/Permission.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useMemberships, type MembershipItem, type MembershipQuery, type MembershipStatus } from '../api/get-memberships.ts';
import { useReviewMembership } from '../api/review-membership.ts';
import { MembershipStatusTag } from '../components/MembershipStatusTag.tsx';
import { RejectDialog } from '../components/RejectDialog.tsx';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';

type StatusFilter = MembershipStatus | 'all';

/** Administrators review applications to bind to their school (server-side paging, filter, search). */
export function SchoolApplicationsPage() {
  const { t } = useTranslation('schools');
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<MembershipQuery>({ pageNum: 1, pageSize: 10, status: 'pending' });
  const [rejecting, setRejecting] = useState<MembershipItem | null>(null);
  const list = useMemberships(query);
  const review = useReviewMembership();

  const approve = (row: MembershipItem) =>
    modal.confirm({
      title: t('review.approveTitle', { name: row.name }),
      content: t('review.approveContent'),
      okText: t('review.approve'),
      cancelText: t('common:action.cancel'),
      onOk: () => review.mutateAsync({ id: row.id, approve: true }).then(() => toastSuccess(t('review.approved'))),
    });

  const columns: ColumnsType<MembershipItem> = [
    {
      title: t('table.name'),
      dataIndex: 'name',
      render: (_, r) => <PersonCell name={r.name} account={r.account} />,
    },
    { title: t('table.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—', responsive: ['md'] },
    { title: t('table.identity'), dataIndex: 'identity', render: (_, r) => <Tag>{t(`common:identity.${IDENTITY_NAMES[r.identity]}`)}</Tag> },
    { title: t('table.status'), dataIndex: 'status', render: (_, r) => <MembershipStatusTag status={r.status} /> },
    { title: t('table.appliedAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), responsive: ['lg'] },
    {
      title: t('table.review'),
      dataIndex: 'reviewedAt',
      responsive: ['lg'],
      render: (_, r) => (r.reviewedAt ? `${formatDateTime(r.reviewedAt)}${r.reviewNote ? ` · ${r.reviewNote}` : ''}` : '—'),
    },
    {
      title: t('table.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) =>
        r.status === 'pending' ? (
          <Permission code="school:membership:review">
            <Space>
              <Button type="link" size="small" onClick={() => approve(r)} data-testid={`approve-${r.account}`}>
                {t('review.approve')}
              </Button>
              <Button type="link" size="small" danger onClick={() => setRejecting(r)} data-testid={`reject-${r.account}`}>
                {t('review.reject')}
              </Button>
            </Space>
          </Permission>
        ) : null,
    },
  ];

  const status: StatusFilter = query.status ?? 'all';
  return (
    <Card title={t('applications.title')} data-testid="school-applications">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Segmented<StatusFilter>
          value={status}
          onChange={(v) => setQuery((q) => ({ ...q, pageNum: 1, status: v === 'all' ? undefined : v }))}
          options={(['pending', 'invited', 'approved', 'rejected', 'all'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('applications.search')}
          style={{ maxWidth: 280 }}
          onSearch={(keyword) => setQuery((q) => ({ ...q, pageNum: 1, keyword: keyword.trim() || undefined }))}
        />
      </Flex>
      <Table<MembershipItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('applications.empty') }}
        pagination={serverPagination(query, setQuery, list.data?.total, (total) => t('applications.total', { count: total }))}
      />
      {modalHolder}
      <RejectDialog
        open={rejecting !== null}
        name={rejecting?.name ?? ''}
        loading={review.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(note) =>
          rejecting &&
          review.mutate(
            { id: rejecting.id, approve: false, note },
            {
              onSuccess: () => {
                setRejecting(null);
                toastSuccess(t('review.rejected'));
              },
            },
          )
        }
      />
    </Card>
  );
}
