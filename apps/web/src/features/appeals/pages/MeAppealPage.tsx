import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Popconfirm, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TAppealRow } from '@hxk/contracts/appeals';
import { appealClosed } from '@hxk/contracts/workflow';
import { DeleteLink } from '../../../components/DeleteLink.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useClearAppeals } from '../api/clear-appeals.ts';
import { useDeleteAppeals } from '../api/delete-appeals.ts';
import { useMyAppeals, type AppealQuery } from '../api/get-my-appeals.ts';
import { useWithdrawAppeal } from '../api/withdraw-appeal.ts';
import { appealColumns } from '../components/appeal-columns.tsx';
import { AppealFilters } from '../components/AppealFilters.tsx';
import { appealPath } from '../components/paths.ts';
import { useShown } from '../components/use-shown.ts';

/** /MeAppeal (kept alive): a teacher's appeals; withdraw pending ones, delete or clear handled ones. */
export function MeAppealPage() {
  const { t } = useTranslation('appeals');
  const navigate = useNavigate();
  const shown = useShown('/MeAppeal');
  const [query, setQuery] = useState<AppealQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const page = useMyAppeals(query, shown);
  const withdraw = useWithdrawAppeal();
  const remove = useDeleteAppeals();
  const clear = useClearAppeals();
  const open = (r: TAppealRow) => void navigate(appealPath(r.appealId));

  const onDelete = (ids: string[]) =>
    remove.mutateAsync(ids).then(() => {
      toastSuccess(t('list.deleted', { count: ids.length }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    });

  const columns: ColumnsType<TAppealRow> = [
    ...appealColumns(t, { teacher: false }),
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Button type="link" size="small" onClick={() => open(r)} data-testid={`appeal-detail-${r.appealId}`}>
            {t('action.detail')}
          </Button>
          {r.status === 'pending' && (
            <Popconfirm
              title={t('confirm.withdrawTitle')}
              description={t('confirm.withdrawText')}
              okText={t('action.withdraw')}
              cancelText={t('common:action.cancel')}
              onConfirm={() => withdraw.mutateAsync(r.appealId).then(() => toastSuccess(t('detail.withdrawn')))}
            >
              <Button type="link" size="small" data-testid={`appeal-withdraw-${r.appealId}`}>
                {t('action.withdraw')}
              </Button>
            </Popconfirm>
          )}
          {appealClosed(r.status) && (
            <DeleteLink label={t('action.delete')} title={t('confirm.deleteTitle', { count: 1 })} description={t('confirm.deleteText')} onConfirm={() => onDelete([r.appealId])} testId={`appeal-delete-${r.appealId}`} />
          )}
        </Space>
      ),
    },
  ];

  const actions = (
    <>
      <Popconfirm
        title={t('confirm.deleteTitle', { count: selected.length })}
        description={t('confirm.deleteText')}
        okText={t('action.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common:action.cancel')}
        disabled={selected.length === 0}
        onConfirm={() => onDelete(selected)}
      >
        <Button danger disabled={selected.length === 0} loading={remove.isPending} data-testid="appeals-delete-selected">
          {t('action.deleteSelected', { count: selected.length })}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('confirm.clearTitle')}
        description={t('confirm.clearText')}
        okText={t('action.clear')}
        okButtonProps={{ danger: true }}
        cancelText={t('common:action.cancel')}
        onConfirm={() =>
          clear.mutateAsync().then((r) => {
            toastSuccess(t('list.cleared', { count: r.cleared }));
            setSelected([]);
          })
        }
      >
        <Button loading={clear.isPending} data-testid="appeals-clear">
          {t('action.clear')}
        </Button>
      </Popconfirm>
    </>
  );

  return (
    <Card title={menuTitle(t, 'MeAppeal')} styles={{ body: { padding: 12 } }} data-testid="my-appeals-page">
      <AppealFilters onChange={(f) => setQuery((q) => ({ ...q, ...f, pageNum: 1 }))} extra={actions} />
      <Table<TAppealRow>
        rowKey="appealId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.emptyMine') }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          // Only handled or revoked appeals can be deleted.
          getCheckboxProps: (r) => ({ disabled: !appealClosed(r.status) }),
        }}
        onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' }, 'data-testid': `appeal-row-${r.appealId}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
    </Card>
  );
}
