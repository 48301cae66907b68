import { useState } from 'react';
import { Button, Flex, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TSemester } from '@hxk/contracts/calendar';
import { Permission } from '../../../components/Permission.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useDeleteSemester } from '../api/delete-semester.ts';
import { useSemesterList } from '../../../lib/reference/get-semester-list.ts';
import { SemesterFormModal } from './SemesterFormModal.tsx';

/** The school's semesters: start date, teaching weeks, courses; add, edit, delete (refused while it has courses). */
export function SemestersTab() {
  const { t } = useTranslation('schedule');
  const [modal, modalHolder] = Modal.useModal();
  const list = useSemesterList();
  const remove = useDeleteSemester();
  const [editing, setEditing] = useState<{ semester: TSemester | null } | null>(null);

  const confirmDelete = (s: TSemester) =>
    modal.confirm({
      title: t('semesters.deleteTitle'),
      content: t('semesters.deleteConfirm', { name: s.name }),
      okText: t('action.delete'),
      okButtonProps: { danger: true, 'data-testid': 'semester-delete-ok' },
      cancelText: t('common:action.cancel'),
      onOk: () => remove.mutateAsync(s.id).then(() => toastSuccess(t('semesters.deleted'))),
    });

  const columns: ColumnsType<TSemester> = [
    { title: t('semesters.name'), dataIndex: 'name', render: (v: string, r) => <Space>{v}{r.current && <Tag color="green">{t('semesters.current')}</Tag>}</Space> },
    { title: t('semesters.startDate'), dataIndex: 'startDate' },
    { title: t('semesters.endDate'), dataIndex: 'endDate' },
    { title: t('semesters.weekCount'), dataIndex: 'weekCount', align: 'right' },
    { title: t('semesters.courseCount'), dataIndex: 'courseCount', align: 'right' },
    {
      title: t('courses.actions'),
      key: 'actions',
      render: (_, r) => (
        <Permission code="calendar:edit">
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ semester: r })} data-testid="semester-edit">{t('action.edit')}</Button>
            <Button type="link" size="small" danger onClick={() => confirmDelete(r)} data-testid="semester-delete">{t('action.delete')}</Button>
          </Space>
        </Permission>
      ),
    },
  ];

  return (
    <div data-testid="semesters-tab">
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <Permission code="calendar:edit">
          <Button type="primary" onClick={() => setEditing({ semester: null })} data-testid="semester-add">{t('semesters.add')}</Button>
        </Permission>
      </Flex>
      <Table<TSemester>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('semesters.empty') }}
        data-testid="semesters-table"
      />
      <SemesterFormModal open={editing !== null} semester={editing?.semester ?? null} onClose={() => setEditing(null)} />
      {modalHolder}
    </div>
  );
}
