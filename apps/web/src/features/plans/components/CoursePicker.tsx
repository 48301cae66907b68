import { useState, type HTMLAttributes } from 'react';
import { Button, Flex, Input, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TCourse } from '@hxk/contracts/courses';
import { serverPagination } from '../../../components/server-pagination.ts';
import { usePlanCourses, type CourseQuery } from '../api/get-plan-courses.ts';
import { useSemesters } from '../../../lib/reference/get-semesters.ts';
import { toPlanCourse, type PlanCourse } from './course-ref.ts';
import { OrgUnitSelect } from './OrgUnitSelect.tsx';
import { TeacherSelect } from './TeacherSelect.tsx';

type Props = { value: PlanCourse[]; onChange: (v: PlanCourse[]) => void; disabled?: boolean };

/**
 * The school's courses filtered by semester, department, teacher, week and keyword; the selection
 * is kept across pages and filter changes (the plan's list below shows all of it).
 */
export function CoursePicker({ value, onChange, disabled }: Props) {
  const { t } = useTranslation('plans');
  const semesters = useSemesters();
  const [query, setQuery] = useState<CourseQuery>({ pageNum: 1, pageSize: 10 });
  // Start on the current semester: a plan's courses belong to one semester.
  const current = semesters.data?.find((s) => s.current) ?? semesters.data?.[0];
  const effective: CourseQuery = { ...query, semesterId: query.semesterId ?? current?.value };
  const courses = usePlanCourses(effective, !semesters.isLoading);
  const set = (patch: Partial<CourseQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const weekCount = semesters.data?.find((s) => s.value === effective.semesterId)?.weekCount ?? 0;

  const selectedIds = value.map((c) => c.courseId);
  const pageRows = courses.data?.list ?? [];
  const addAll = () => {
    const ids = new Set(selectedIds);
    onChange([...value, ...pageRows.filter((c) => !ids.has(c.id)).map(toPlanCourse)]);
  };

  const columns: ColumnsType<TCourse> = [
    { title: t('courses.code'), dataIndex: 'code' },
    { title: t('courses.name'), dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: t('courses.teacher'), dataIndex: 'teacherName' },
    { title: t('courses.department'), dataIndex: 'orgUnitName', render: (v: string | null) => v ?? '—' },
    { title: t('courses.teachingClass'), dataIndex: 'teachingClass', render: (v: string | null) => v ?? '—', responsive: ['lg'] },
    { title: t('courses.sessions'), dataIndex: 'sessionCount', align: 'right', responsive: ['lg'] },
  ];

  return (
    <div data-testid="plan-course-picker">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select<string>
          value={effective.semesterId}
          onChange={(semesterId) => set({ semesterId, week: undefined })}
          loading={semesters.isLoading}
          options={(semesters.data ?? []).map((s) => ({ value: s.value, label: s.label }))}
          placeholder={t('courses.semester')}
          style={{ width: 200 }}
          popupMatchSelectWidth={false}
          data-testid="course-semester"
        />
        <OrgUnitSelect value={query.orgUnitId} onChange={(orgUnitId) => set({ orgUnitId })} testId="course-department" />
        <TeacherSelect value={query.teacherId} onChange={(teacherId) => set({ teacherId })} testId="course-teacher" />
        <Select<number>
          allowClear
          value={query.week}
          onChange={(week) => set({ week })}
          options={Array.from({ length: weekCount }, (_, i) => ({ value: i + 1, label: t('courses.weekN', { week: i + 1 }) }))}
          placeholder={t('courses.week')}
          style={{ width: 120 }}
          data-testid="course-week"
        />
        <Input.Search
          allowClear
          placeholder={t('courses.keyword')}
          style={{ width: 200 }}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
          data-testid="course-search"
        />
        <Button onClick={addAll} disabled={disabled || pageRows.length === 0} data-testid="course-select-page">
          {t('courses.selectPage')}
        </Button>
      </Flex>
      <Table<TCourse>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={pageRows}
        loading={courses.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('courses.empty') }}
        rowSelection={{
          selectedRowKeys: selectedIds,
          preserveSelectedRowKeys: true,
          getCheckboxProps: () => ({ disabled: Boolean(disabled) }),
          onChange: (keys, rows) => {
            // Keys of other pages come without rows: keep what the plan already knows about them.
            const known = new Map<string, PlanCourse>(value.map((c) => [c.courseId, c]));
            for (const r of rows) if (r) known.set(r.id, toPlanCourse(r));
            onChange(keys.flatMap((k) => (known.has(String(k)) ? [known.get(String(k))!] : [])));
          },
        }}
        onRow={(r) => ({ 'data-testid': `course-row-${r.code}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, courses.data?.total, (total) => t('list.total', { count: total }))}
      />
    </div>
  );
}
