import { useState } from 'react';
import { Button, Card, Flex, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_TRANSITIONS, type TAssignmentAction, type TAssignmentKind, type TAssignmentStatus } from '@hxk/contracts/assignments';
import { Permission } from '../../../components/Permission.tsx';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useChangeAssignments } from '../api/change-assignments.ts';
import { useAssignments, type Assignment, type AssignmentQuery } from '../api/get-assignments.ts';
import { AssignModal } from './AssignModal.tsx';
import { STATUS_COLORS } from './labels.ts';
import { TaskPicker } from './TaskPicker.tsx';

const ACTIONS: TAssignmentAction[] = ['withdraw', 'reassign', 'remove'];
const MENU: Record<TAssignmentKind, string> = { teacher: 'assignmentsTeacher', course: 'assignmentsCourse', session: 'assignmentsSection' };

/** Assignments of one kind in a task: filter, assign, and withdraw / give back / remove one or many. */
export function AssignmentList({ kind }: { kind: TAssignmentKind }) {
  const { t } = useTranslation('assignments');
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<AssignmentQuery>({ pageNum: 1, pageSize: 10, taskId: '' });
  const [selected, setSelected] = useState<Assignment[]>([]);
  const [assigning, setAssigning] = useState(false);
  const list = useAssignments(kind, query);
  const change = useChangeAssignments();

  const run = (rows: Assignment[], action: TAssignmentAction) =>
    change.mutateAsync({ ids: rows.map((r) => r.assignmentId), action }).then(() => {
      toastSuccess(t(`action.done.${action}`, { count: rows.length }));
      setSelected([]);
    });
  const batch = (action: TAssignmentAction) =>
    modal.confirm({
      title: t(`action.confirmMany.${action}`, { count: selected.length }),
      content: action === 'remove' ? t('action.removeFinal') : undefined,
      okButtonProps: { danger: action !== 'reassign' },
      okText: t(`action.${action}`),
      cancelText: t('common:action.cancel'),
      onOk: () => run(selected, action),
    });
  const allows = (rows: Assignment[], action: TAssignmentAction) => rows.length > 0 && rows.every((r) => ASSIGNMENT_TRANSITIONS[r.status][action]);

  const columns: ColumnsType<Assignment> = [
    { title: t('list.supervisor'), key: 'supervisor', render: (_, r) => <PersonCell name={r.supervisor.name} account={r.supervisor.account} /> },
    {
      title: t(`list.target.${kind}`),
      key: 'target',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{r.target.title}</Typography.Text>
          {r.target.detail && <Typography.Text type="secondary">{r.target.detail}</Typography.Text>}
        </Space>
      ),
    },
    ...(kind === 'teacher' ? [] : [{ title: t('list.teacher'), key: 'teacher', render: (_: unknown, r: Assignment) => r.target.teacherName ?? '—' }]),
    { title: t('list.status'), dataIndex: 'status', render: (s: TAssignmentStatus) => <Tag color={STATUS_COLORS[s]}>{t(`status.${s}`)}</Tag> },
    { title: t('list.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v), responsive: ['lg'] },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Permission code="assignment:edit">
          <Space size={0}>
            {ACTIONS.filter((a) => ASSIGNMENT_TRANSITIONS[r.status][a]).map((a) => (
              <Popconfirm
                key={a}
                title={t(`action.confirmOne.${a}`, { name: r.supervisor.name, target: r.target.title })}
                description={a === 'remove' ? t('action.removeFinal') : undefined}
                okText={t(`action.${a}`)}
                okButtonProps={{ danger: a !== 'reassign' }}
                cancelText={t('common:action.cancel')}
                onConfirm={() => run([r], a)}
              >
                <Button type="link" size="small" danger={a === 'remove'} data-testid={`assignment-${a}-${r.assignmentId}`}>
                  {t(`action.${a}`)}
                </Button>
              </Popconfirm>
            ))}
          </Space>
        </Permission>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, MENU[kind])} data-testid={`assignments-${kind}`}>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Space wrap>
          <TaskPicker value={query.taskId || undefined} onChange={(taskId) => { setSelected([]); setQuery((q) => ({ ...q, taskId: taskId ?? '', pageNum: 1 })); }} />
          <Select<TAssignmentStatus>
            allowClear
            placeholder={t('list.statusFilter')}
            style={{ width: 150 }}
            options={(['assigning', 'withdrawn', 'removed'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(status) => setQuery((q) => ({ ...q, status, pageNum: 1 }))}
            data-testid="assignment-status-filter"
          />
          <Input.Search allowClear placeholder={t('list.search')} style={{ width: 240 }} onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))} />
        </Space>
        <Permission code="assignment:edit">
          <Space wrap>
            {ACTIONS.map((a) => (
              <Button key={a} danger={a === 'remove'} disabled={!allows(selected, a)} onClick={() => batch(a)} data-testid={`assignment-batch-${a}`}>
                {t(`action.batch.${a}`)}
              </Button>
            ))}
            <Button type="primary" disabled={!query.taskId} onClick={() => setAssigning(true)} data-testid="assignment-add">
              {t(`assign.button.${kind}`)}
            </Button>
          </Space>
        </Permission>
      </Flex>
      <Table<Assignment>
        rowKey="assignmentId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query.taskId ? t('list.empty') : t('task.none') }}
        rowSelection={{ selectedRowKeys: selected.map((s) => s.assignmentId), onChange: (_keys, rows) => setSelected(rows), getCheckboxProps: (r) => ({ disabled: r.status === 'removed' }) }}
        pagination={serverPagination(query, setQuery, list.data?.total, (total) => t('list.total', { count: total }))}
      />
      {query.taskId && <AssignModal open={assigning} kind={kind} taskId={query.taskId} onClose={() => setAssigning(false)} />}
      {modalHolder}
    </Card>
  );
}
