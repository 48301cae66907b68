import { useState } from 'react';
import { Button, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { PlanCourse } from './course-ref.ts';

/** The courses chosen for the plan: count, remove one, clear all. */
export function SelectedCourses({ value = [], onChange, disabled }: { value?: PlanCourse[]; onChange?: (v: PlanCourse[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('plans');
  const [pageSize, setPageSize] = useState(5);
  const remove = (id: string) => onChange?.(value.filter((c) => c.courseId !== id));
  const columns: ColumnsType<PlanCourse> = [
    { title: t('courses.code'), dataIndex: 'code' },
    { title: t('courses.name'), dataIndex: 'name' },
    { title: t('courses.teacher'), key: 'teacher', render: (_, r) => r.teacher.name },
    { title: t('courses.department'), dataIndex: 'orgUnitName', render: (v: string | null) => v ?? '—', responsive: ['md'] },
    ...(onChange && !disabled
      ? [
          {
            title: t('field.actions'),
            key: 'remove',
            render: (_: unknown, r: PlanCourse) => (
              <Button type="link" size="small" danger onClick={() => remove(r.courseId)} data-testid={`selected-course-remove-${r.code}`}>
                {t('courses.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div data-testid="plan-selected-courses">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong data-testid="plan-selected-count">
          {t('courses.selectedCount', { count: value.length })}
        </Typography.Text>
        {onChange && !disabled && value.length > 0 && (
          <Button size="small" onClick={() => onChange([])} data-testid="selected-course-clear">
            {t('courses.clear')}
          </Button>
        )}
      </Flex>
      <Table<PlanCourse>
        rowKey="courseId"
        size="small"
        columns={columns}
        dataSource={value}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('courses.noneSelected') }}
        pagination={value.length > pageSize ? { pageSize, showSizeChanger: true, onShowSizeChange: (_c, s) => setPageSize(s), size: 'small' } : false}
      />
    </div>
  );
}
