import { useState } from 'react';
import { Button, Card, Drawer, Popconfirm, Progress, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TLessonPlanCollection } from '@hxk/contracts/lesson-plans';
import { DeleteLink } from '../../../components/DeleteLink.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCollections, useDeleteCollection, useRemind } from '../api/collections.ts';
import { ReleaseCollectionModal } from '../components/ReleaseCollectionModal.tsx';
import { StatisticsView } from '../components/StatisticsView.tsx';

/** /lessonPlanManagement: release collections, follow their hand-ins, remind those who owe plans, withdraw one. */
export function LessonPlanManagementPage() {
  const { t } = useTranslation('lessonPlans');
  const list = useCollections();
  const remove = useDeleteCollection();
  const remind = useRemind();
  const [releasing, setReleasing] = useState(false);
  const [open, setOpen] = useState<TLessonPlanCollection | null>(null);

  const columns: ColumnsType<TLessonPlanCollection> = [
    {
      title: t('field.name'),
      key: 'name',
      render: (_, c) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{c.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t(`type.${c.type}`)} · {t(`target.${c.targetKind}`)}</Typography.Text>
        </Space>
      ),
    },
    { title: t('field.deadline'), key: 'deadline', render: (_, c) => formatDateTime(c.deadline) },
    { title: t('field.template'), key: 'template', render: (_, c) => c.template?.name ?? <Typography.Text type="secondary">{t('release.templateNone')}</Typography.Text> },
    { title: t('field.creator'), key: 'creator', render: (_, c) => c.creator.name },
    { title: t('field.releasedAt'), key: 'releasedAt', render: (_, c) => formatDateTime(c.releasedAt) },
    {
      title: t('stats.rate'),
      key: 'rate',
      render: (_, c) => (
        <Space direction="vertical" size={0} style={{ minWidth: 160 }}>
          <Progress percent={c.due ? Math.round((c.handedIn / c.due) * 100) : 0} size="small" aria-label={t('list.counts', { handedIn: c.handedIn, due: c.due, late: c.late, evaluated: c.evaluated })} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('list.counts', { handedIn: c.handedIn, due: c.due, late: c.late, evaluated: c.evaluated })}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('field.actions'),
      key: 'actions',
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(c)} data-testid={`plan-collection-stats-${c.collectionId}`}>{t('action.handIns')}</Button>
          <Popconfirm
            title={t('remind.title')}
            description={t('remind.text', { count: c.due - c.handedIn })}
            okText={t('action.remind')}
            cancelText={t('common:action.cancel')}
            disabled={c.due === c.handedIn}
            onConfirm={() => remind.mutateAsync(c.collectionId).then((r) => toastSuccess(t('remind.done', { count: r.reminded })))}
          >
            <Button type="link" size="small" disabled={c.due === c.handedIn} data-testid={`plan-collection-remind-${c.collectionId}`}>{t('action.remind')}</Button>
          </Popconfirm>
          <DeleteLink label={t('action.withdraw')} title={t('withdraw.title')} description={t('withdraw.text')} onConfirm={() => remove.mutateAsync(c.collectionId).then(() => toastSuccess(t('withdraw.done')))} testId={`plan-collection-delete-${c.collectionId}`} />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={menuTitle(t, 'lessonPlanManagement')}
      extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setReleasing(true)} data-testid="plan-release-open">{t('action.release')}</Button>}
      styles={{ body: { padding: 12 } }}
      data-testid="lesson-plan-management-page"
    >
      <Table<TLessonPlanCollection>
        rowKey="collectionId"
        size="middle"
        columns={columns}
        dataSource={list.data}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('list.emptyCollections') }}
      />
      {releasing && <ReleaseCollectionModal onClose={() => setReleasing(false)} />}
      <Drawer open={!!open} onClose={() => setOpen(null)} title={open?.name} width="min(1100px, 96vw)" destroyOnHidden>
        {open && <StatisticsView collectionId={open.collectionId} />}
      </Drawer>
    </Card>
  );
}
