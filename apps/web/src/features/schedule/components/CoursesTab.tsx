import { useState } from 'react';
import { Button, Grid, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../components/Permission.tsx';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCourses, type Course, type CourseQuery } from '../api/get-courses.ts';
import { useDeleteCourses } from '../api/delete-courses.ts';
import { CourseDrawer, type CourseDrawerMode } from './CourseDrawer.tsx';
import { CourseStateTag } from './CourseStateTag.tsx';
import { CoursesToolbar, type CourseFilters } from './CoursesToolbar.tsx';
import { slotParts } from './labels.ts';

/** Courses of the chosen semester: filters, server-side pages, add/edit drawer, delete with confirmation. */
export function CoursesTab({ semesterId, weekCount }: { semesterId: string | undefined; weekCount: number }) {
  const { t } = useTranslation('schedule');
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<Omit<CourseQuery, 'semesterId'>>({ pageNum: 1, pageSize: 10 });
  const [drawer, setDrawer] = useState<CourseDrawerMode | null>(null);
  const list = useCourses({ ...query, semesterId }, !!semesterId);
  const remove = useDeleteCourses();
  const wide = Grid.useBreakpoint().md ?? true;

  const filter = (patch: CourseFilters) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const confirmDelete = (c: Course) =>
    modal.confirm({
      title: t('courses.deleteTitle'),
      content: t('courses.deleteConfirm', { name: c.name, count: c.sessionCount }),
      okText: t('action.delete'),
      okButtonProps: { danger: true, 'data-testid': 'course-delete-ok' },
      cancelText: t('common:action.cancel'),
      onOk: () => remove.mutateAsync([c.id]).then(() => toastSuccess(t('courses.deleted'))),
    });

  const columns: ColumnsType<Course> = [
    {
      // The code under the name: one column less, so the timetable and Today fit beside the sticky Actions.
      title: t('courses.name'),
      dataIndex: 'name',
      render: (v: string, r) => (
        <Space orientation="vertical" size={0} style={{ minWidth: 140 }}>
          <span>{v}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[r.code, r.teachingClass].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('courses.department'), dataIndex: 'orgUnitName', render: (v: string | null) => v ?? '—' },
    { title: t('courses.teacher'), dataIndex: 'teacherName', render: (_, r) => <div style={{ whiteSpace: 'nowrap' }}><PersonCell name={r.teacherName} account={r.teacherAccount} /></div> },
    { title: t('courses.studentCount'), dataIndex: 'studentCount', align: 'right', width: 80 },
    {
      title: t('courses.schedule'),
      dataIndex: 'slots',
      render: (_, r) =>
        r.slots.length ? (
          <div style={{ minWidth: 200 }}>
            {r.slots.map((s, i) => (
              // Lines break between weeks, weekday, sessions and room, never inside one ("Sessions 1-|2").
              <div key={i}>
                {slotParts(t, s).map((part, j) => (
                  <span key={j}>
                    {j > 0 && ' · '}
                    <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
                  </span>
                ))}
              </div>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('courses.noSessions')}</Typography.Text>
        ),
    },
    { title: t('courses.stateToday'), dataIndex: 'state', width: 120, render: (_, r) => <CourseStateTag state={r.state} none={t('courses.noClassToday')} /> },
    {
      title: t('courses.actions'),
      key: 'actions',
      // Kept in view beside the wide timetable column on a desktop; a phone scrolls the whole row.
      fixed: wide ? 'right' : undefined,
      render: (_, r) => (
        <Permission code="course:edit">
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDrawer({ kind: 'edit', id: r.id })} data-testid="course-edit">
              {t('action.edit')}
            </Button>
            <Button type="link" size="small" danger onClick={() => confirmDelete(r)} data-testid="course-delete">
              {t('action.delete')}
            </Button>
          </Space>
        </Permission>
      ),
    },
  ];

  return (
    <div data-testid="courses-tab">
      <CoursesToolbar
        filters={query}
        weekCount={weekCount}
        onChange={filter}
        actions={
          <>
            <Permission code="course:edit">
              <Button type="primary" disabled={!semesterId} onClick={() => setDrawer({ kind: 'add' })} data-testid="course-add">
                {t('courses.add')}
              </Button>
            </Permission>
            {/* Import and export of courses (kind "courses") go here: components/import/ImportExportButtons.tsx. */}
          </>
        }
      />
      <Table<Course>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        // The table takes the card's width and the timetable column wraps, so every column shows
        // beside the sticky Actions on a desktop; a narrower screen scrolls sideways from 900 px.
        tableLayout="auto"
        scroll={{ x: 900 }}
        locale={{ emptyText: semesterId ? t('courses.empty') : t('semesters.none') }}
        pagination={serverPagination(query, setQuery, list.data?.total, (total) => t('courses.total', { count: total }))}
        data-testid="courses-table"
      />
      {semesterId && <CourseDrawer mode={drawer} semesterId={semesterId} weekCount={weekCount} onClose={() => setDrawer(null)} />}
      {modalHolder}
    </div>
  );
}
