import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TAppealRow } from '@hxk/contracts/appeals';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useMyAccess } from '../../../lib/my-access.ts';
import { useAppeals } from '../api/get-appeals.ts';
import type { AppealQuery } from '../api/get-my-appeals.ts';
import { appealColumns } from '../components/appeal-columns.tsx';
import { AppealFilters } from '../components/AppealFilters.tsx';
import { appealPath } from '../components/paths.ts';

/** /Evaluate/Appeal: every appeal of the school for the handlers, pending first. */
export function EvaluateAppealPage() {
  const { t } = useTranslation('appeals');
  const navigate = useNavigate();
  const access = useMyAccess();
  const canHandle = access.can('appeal:handle');
  // Nobody judges an appeal of their own evaluation or their own class: those rows open as a detail.
  const handles = (r: TAppealRow) => r.status === 'pending' && canHandle && r.evaluator?.userId !== access.userId && r.teacher.userId !== access.userId;
  const [query, setQuery] = useState<AppealQuery>({ pageNum: 1, pageSize: 10 });
  const page = useAppeals(query);
  const open = (r: TAppealRow) => void navigate(appealPath(r.appealId));

  const columns: ColumnsType<TAppealRow> = [
    ...appealColumns(t, { teacher: true }),
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            open(r);
          }}
          data-testid={`appeal-detail-${r.appealId}`}
        >
          {handles(r) ? t('action.handle') : t('action.detail')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'EvaluateAppeal')} styles={{ body: { padding: 12 } }} data-testid="appeals-page">
      <AppealFilters onChange={(f) => setQuery((q) => ({ ...q, ...f, pageNum: 1 }))} />
      <Table<TAppealRow>
        rowKey="appealId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' }, 'data-testid': `appeal-row-${r.appealId}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
    </Card>
  );
}
