import { useState } from 'react';
import { Button, Card, Flex, Input, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TAssignmentTask } from '@hxk/contracts/assignments';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeleteTasks } from '../api/delete-tasks.ts';
import { useTasks, type TaskQuery } from '../api/get-tasks.ts';
import { TaskFormModal } from '../components/TaskFormModal.tsx';
import { DeleteLink } from '../../../components/DeleteLink.tsx';

/** Assignment tasks (rounds): search, add, edit, delete one or several. */
export function AssignmentTasksPage() {
  const { t } = useTranslation('assignments');
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<TaskQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ task: TAssignmentTask | null } | null>(null);
  const page = useTasks(query);
  const remove = useDeleteTasks();

  const removeIds = (ids: string[]) =>
    remove.mutateAsync(ids).then(() => {
      toastSuccess(t('task.deleted'));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    });
  const batchDelete = () =>
    modal.confirm({
      title: t('task.batchDeleteConfirm', { count: selected.length }),
      content: t('task.deleteHint'),
      okButtonProps: { danger: true },
      okText: t('task.delete'),
      cancelText: t('common:action.cancel'),
      onOk: () => removeIds(selected),
    });

  const columns: ColumnsType<TAssignmentTask> = [
    { title: t('task.name'), dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: t('task.semester'), dataIndex: 'semesterName' },
    { title: t('task.period'), key: 'period', render: (_, r) => `${r.startDate} ~ ${r.endDate}` },
    { title: t('task.minClassesShort'), dataIndex: 'minClasses', align: 'right' },
    { title: t('task.supervisorCount'), dataIndex: 'supervisorCount', align: 'right' },
    { title: t('task.description'), dataIndex: 'description', ellipsis: true, render: (v: string | null) => v || '—', responsive: ['xxl'] },
    {
      title: t('task.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Permission code="assignment:edit">
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ task: r })} data-testid={`task-edit-${r.name}`}>
              {t('task.edit')}
            </Button>
            <DeleteLink
              label={t('task.delete')}
              title={t('task.deleteConfirm', { name: r.name })}
              description={t('task.deleteHint')}
              onConfirm={() => removeIds([r.taskId])}
            />
          </Space>
        </Permission>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'assignmentsTask')} data-testid="assignment-tasks">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('task.search')} style={{ maxWidth: 280 }} onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))} />
        <Permission code="assignment:edit">
          <Space wrap>
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={batchDelete}>
              {t('task.batchDelete')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ task: null })} data-testid="task-add">
              {t('task.add')}
            </Button>
          </Space>
        </Permission>
      </Flex>
      <Table<TAssignmentTask>
        rowKey="taskId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('task.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
      <TaskFormModal open={editing !== null} task={editing?.task ?? null} onClose={() => setEditing(null)} />
      {modalHolder}
    </Card>
  );
}
