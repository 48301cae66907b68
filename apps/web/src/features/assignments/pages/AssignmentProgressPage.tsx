import { useState } from 'react';
import { Card, Flex, Input, Progress, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TAssignmentProgress } from '@hxk/contracts/assignments';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useProgress, type ProgressQuery } from '../api/get-progress.ts';
import { TaskPicker } from '../components/TaskPicker.tsx';

/** Per supervisor of a task: what they are assigned, how many of those classes were held, and how many they attended vs the minimum. */
export function AssignmentProgressPage() {
  const { t } = useTranslation('assignments');
  const [query, setQuery] = useState<ProgressQuery>({ pageNum: 1, pageSize: 10, taskId: '' });
  const progress = useProgress(query);

  const columns: ColumnsType<TAssignmentProgress> = [
    { title: t('list.supervisor'), key: 'supervisor', render: (_, r) => <PersonCell name={r.supervisor.name} account={r.supervisor.account} /> },
    { title: t('progress.teachers'), dataIndex: 'teachers', align: 'right' },
    { title: t('progress.courses'), dataIndex: 'courses', align: 'right' },
    { title: t('progress.sessions'), dataIndex: 'sessions', align: 'right' },
    { title: <Tooltip title={t('progress.visibleHint')}>{t('progress.visible')}</Tooltip>, dataIndex: 'visible', align: 'right' },
    { title: <Tooltip title={t('progress.heldHint')}>{t('progress.held')}</Tooltip>, dataIndex: 'held', align: 'right' },
    {
      title: <Tooltip title={t('progress.attendedHint')}>{t('progress.attended')}</Tooltip>,
      key: 'attended',
      render: (_, r) => (
        <div style={{ minWidth: 200 }} data-testid={`progress-attended-${r.supervisor.account}`}>
          {t('progress.attendedOfMin', { attended: r.attended, min: r.minClasses })}
          <Progress
            size="small"
            percent={r.minClasses ? Math.min(100, Math.round((r.attended / r.minClasses) * 100)) : 100}
            status={r.attended >= r.minClasses ? 'success' : 'active'}
            aria-label={t('progress.attendedOfMin', { attended: r.attended, min: r.minClasses })}
          />
        </div>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'assignmentsProgress')} data-testid="assignment-progress">
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <TaskPicker value={query.taskId || undefined} onChange={(taskId) => setQuery((q) => ({ ...q, taskId: taskId ?? '', pageNum: 1 }))} />
        <Input.Search allowClear placeholder={t('progress.search')} style={{ width: 240 }} onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))} />
      </Flex>
      <Table<TAssignmentProgress>
        rowKey={(r) => r.supervisor.userId}
        size="middle"
        columns={columns}
        dataSource={progress.data?.list}
        loading={progress.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query.taskId ? t('progress.empty') : t('task.none') }}
        pagination={serverPagination(query, setQuery, progress.data?.total, (total) => t('list.total', { count: total }))}
      />
    </Card>
  );
}
