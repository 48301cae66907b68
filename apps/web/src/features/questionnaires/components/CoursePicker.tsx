import { useState, type HTMLAttributes } from 'react';
import { Flex, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TCourse } from '@hxk/contracts/courses';
import { serverPagination } from '../../../components/server-pagination.ts';
import { useCourses, type CourseQuery } from '../api/get-courses.ts';
import { useSemesters } from '../../../lib/reference/get-semesters.ts';
import { TeacherSelect } from './TeacherSelect.tsx';

export type PickedCourse = { courseId: string; name: string; code: string; teacherName: string };

type Props = { value?: PickedCourse[]; onChange?: (v: PickedCourse[]) => void; disabled?: boolean };

const toPicked = (c: TCourse): PickedCourse => ({ courseId: c.id, name: c.name, code: c.code, teacherName: c.teacherName });

/** The courses whose students answer: filtered by semester, teacher and keyword; kept across pages. */
export function CoursePicker({ value = [], onChange, disabled }: Props) {
  const { t } = useTranslation('questionnaires');
  const semesters = useSemesters();
  const [query, setQuery] = useState<CourseQuery>({ pageNum: 1, pageSize: 10 });
  const current = semesters.data?.find((s) => s.current) ?? semesters.data?.[0];
  const effective: CourseQuery = { ...query, semesterId: query.semesterId ?? current?.value };
  const courses = useCourses(effective, !semesters.isLoading && !disabled);
  const set = (patch: Partial<CourseQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const selectedIds = value.map((c) => c.courseId);

  const columns: ColumnsType<TCourse> = [
    { title: t('courses.code'), dataIndex: 'code' },
    { title: t('courses.name'), dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: t('courses.teacher'), dataIndex: 'teacherName' },
    { title: t('courses.teachingClass'), dataIndex: 'teachingClass', render: (v: string | null) => v ?? '—', responsive: ['lg'] },
  ];

  return (
    <div data-testid="q-course-picker">
      {value.length > 0 && (
        <Flex gap={4} wrap style={{ marginBottom: 8 }} data-testid="q-courses-picked">
          {value.map((c) => (
            <Tag key={c.courseId} closable={!disabled} onClose={() => onChange?.(value.filter((x) => x.courseId !== c.courseId))} style={{ marginInlineEnd: 0 }}>
              {c.name} · {c.teacherName}
            </Tag>
          ))}
        </Flex>
      )}
      {!disabled && (
        <>
          <Flex gap={8} wrap style={{ marginBottom: 8 }}>
            <Select<string>
              value={effective.semesterId}
              onChange={(semesterId) => set({ semesterId })}
              loading={semesters.isLoading}
              options={(semesters.data ?? []).map((s) => ({ value: s.value, label: s.label }))}
              placeholder={t('courses.semester')}
              style={{ width: 200 }}
              popupMatchSelectWidth={false}
              data-testid="q-course-semester"
            />
            <TeacherSelect value={query.teacherId} onChange={(v) => set({ teacherId: typeof v === 'string' ? v : undefined })} style={{ width: 180 }} testId="q-course-teacher" />
            <Input.Search allowClear placeholder={t('courses.keyword')} style={{ width: 200 }} onSearch={(v) => set({ keyword: v.trim() || undefined })} data-testid="q-course-search" />
          </Flex>
          <Table<TCourse>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={courses.data?.list}
            loading={courses.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('courses.empty') }}
            rowSelection={{
              selectedRowKeys: selectedIds,
              preserveSelectedRowKeys: true,
              onChange: (keys, rows) => {
                // Keys of other pages come without rows: keep what is known about them.
                const known = new Map<string, PickedCourse>(value.map((c) => [c.courseId, c]));
                for (const r of rows) if (r) known.set(r.id, toPicked(r));
                onChange?.(keys.flatMap((k) => (known.has(String(k)) ? [known.get(String(k))!] : [])));
              },
            }}
            onRow={(r) => ({ 'data-testid': `q-course-row-${r.code}` }) as HTMLAttributes<HTMLElement>}
            pagination={serverPagination(query, setQuery, courses.data?.total, (total) => t('list.total', { count: total }))}
          />
        </>
      )}
    </div>
  );
}
