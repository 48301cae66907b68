import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TPlanProgress } from '@hxk/contracts/plans';
import { formatDateTime } from '../../../lib/format.ts';

type Row = TPlanProgress['courses'][number];

/** Per course of a plan: submitted evaluations, supervisors who attended, average score. */
export function CourseProgressTable({ rows, loading }: { rows: Row[] | undefined; loading: boolean }) {
  const { t } = useTranslation('plans');
  const columns: ColumnsType<Row> = [
    { title: t('courses.code'), dataIndex: 'code' },
    { title: t('courses.name'), dataIndex: 'name' },
    { title: t('courses.teacher'), key: 'teacher', render: (_, r) => r.teacher.name },
    { title: t('progress.evaluations'), dataIndex: 'evaluations', align: 'right' },
    { title: t('progress.supervisorsAttended'), dataIndex: 'supervisors', align: 'right' },
    { title: t('progress.averageScore'), dataIndex: 'averageScore', align: 'right', render: (v: number | null) => (v === null ? '—' : v.toFixed(1)) },
    { title: t('progress.lastEvaluated'), dataIndex: 'lastEvaluatedAt', render: (v: string | null) => formatDateTime(v) },
  ];
  return (
    <Table<Row>
      rowKey="courseId"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('progress.noCourses') }}
      pagination={rows && rows.length > 20 ? { pageSize: 20 } : false}
      data-testid="course-progress"
    />
  );
}
