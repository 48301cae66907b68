import { useState } from 'react';
import { Card, DatePicker, Flex, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useMyAccess } from '../../../lib/my-access.ts';
import { usePoints, type AssignedSession, type PointsQuery } from '../api/get-points.ts';
import { useTaskSupervisors } from '../api/get-task-supervisors.ts';
import { sessionSlot } from '../components/labels.ts';
import { TaskPicker } from '../components/TaskPicker.tsx';

const ISO = 'YYYY-MM-DD';

/**
 * The class sessions a supervisor is assigned to attend, by date. A supervisor sees their own; whoever
 * follows the progress of every supervisor picks one.
 */
export function AssignmentPointsPage() {
  const { t } = useTranslation('assignments');
  const access = useMyAccess();
  const canPick = access.can('assignmentsProgress');
  const [query, setQuery] = useState<PointsQuery>({ pageNum: 1, pageSize: 10 });
  const supervisors = useTaskSupervisors(query.taskId, canPick);
  const points = usePoints(query);
  const setRange = (range: [Dayjs | null, Dayjs | null] | null) =>
    setQuery((q) => ({ ...q, pageNum: 1, from: range?.[0]?.format(ISO), to: range?.[1]?.format(ISO) }));

  const columns: ColumnsType<AssignedSession> = [
    { title: t('session.date'), dataIndex: 'lessonDate' },
    { title: t('session.slotTitle'), key: 'slot', render: (_, s) => sessionSlot(t, s) },
    {
      title: t('session.course'),
      key: 'course',
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{s.courseName}</Typography.Text>
          <Typography.Text type="secondary">{s.courseCode}</Typography.Text>
        </Space>
      ),
    },
    { title: t('session.teacher'), key: 'teacher', render: (_, s) => <PersonCell name={s.teacher.name} account={s.teacher.account} /> },
    { title: t('session.classroom'), dataIndex: 'classroomName', render: (v: string | null) => v ?? '—' },
    { title: t('session.task'), dataIndex: 'taskName', responsive: ['lg'] },
  ];

  return (
    <Card title={menuTitle(t, 'assignmentsPoint')} data-testid="assignment-points">
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <TaskPicker optional value={query.taskId} onChange={(taskId) => setQuery((q) => ({ ...q, taskId, supervisorId: undefined, pageNum: 1 }))} />
        {canPick && (
          <Select<string>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={!query.taskId}
            placeholder={query.taskId ? t('points.supervisor') : t('points.pickTaskFirst')}
            style={{ minWidth: 220 }}
            loading={supervisors.isFetching}
            value={query.supervisorId}
            onChange={(supervisorId) => setQuery((q) => ({ ...q, supervisorId, pageNum: 1 }))}
            options={supervisors.data?.map((p) => ({ value: p.userId, label: `${p.name} (${p.account})` }))}
            data-testid="points-supervisor"
          />
        )}
        <span data-testid="points-dates">
          <DatePicker.RangePicker allowEmpty={[true, true]} onChange={(r) => setRange(r)} />
        </span>
      </Flex>
      {!query.supervisorId && <Typography.Paragraph type="secondary">{t('points.mine')}</Typography.Paragraph>}
      <Table<AssignedSession>
        rowKey={(s) => `${s.taskId}:${s.sessionId}`}
        size="middle"
        columns={columns}
        dataSource={points.data?.list}
        loading={points.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('points.empty') }}
        pagination={serverPagination(query, setQuery, points.data?.total, (total) => t('list.total', { count: total }))}
      />
    </Card>
  );
}
