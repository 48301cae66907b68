import { useState, type HTMLAttributes } from 'react';
import { Button, Flex, Input, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TReportCourseRow } from '@hxk/contracts/reports';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useReportCourses, type ReportCourseQuery } from '../api/get-report-courses.ts';
import { useSemesters } from '../../../lib/reference/get-semesters.ts';
import { percentText, reportPath } from './format.ts';

/** My courses with evaluations: count, average and the latest, each opening the course's report. */
export function ReportCourses({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const semesters = useSemesters();
  const [query, setQuery] = useState<ReportCourseQuery>({ pageNum: 1, pageSize: 10 });
  const page = useReportCourses(query, enabled);
  const open = (r: TReportCourseRow) => void navigate(reportPath({ courseId: r.courseId }));

  const columns: ColumnsType<TReportCourseRow> = [
    {
      title: t('courses.course'),
      key: 'course',
      render: (_, r) => (
        <div style={{ minWidth: 160 }}>
          <Typography.Text strong>{r.courseName}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {r.courseCode}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('courses.semester'), dataIndex: 'semesterName', render: (v: string | null) => v ?? '—', responsive: ['md'] },
    { title: t('courses.department'), dataIndex: 'orgUnitName', render: (v: string | null) => v ?? '—', responsive: ['lg'] },
    { title: t('courses.count'), dataIndex: 'evaluationCount', align: 'right' },
    { title: t('courses.average'), key: 'average', align: 'right', render: (_, r) => <Typography.Text strong>{percentText(r.averagePercent)}</Typography.Text> },
    { title: t('courses.last'), key: 'last', render: (_, r) => formatDateTime(r.lastEvaluatedAt), responsive: ['md'] },
    {
      title: t('courses.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            open(r);
          }}
          data-testid={`report-course-${r.courseId}`}
        >
          {t('action.report')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('filter.semester')}
          style={{ flex: '0 1 220px', minWidth: 160 }}
          loading={semesters.isLoading}
          options={(semesters.data ?? []).map((s) => ({ value: s.value, label: s.label }))}
          onChange={(semesterId?: string) => setQuery((q) => ({ ...q, semesterId, pageNum: 1 }))}
          aria-label={t('filter.semester')}
          data-testid="report-semester"
        />
        <Input.Search
          allowClear
          placeholder={t('filter.keyword')}
          style={{ flex: '1 1 200px', maxWidth: 280 }}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
          data-testid="report-search"
        />
      </Flex>
      <Table<TReportCourseRow>
        rowKey="courseId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('courses.empty') }}
        onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' }, 'data-testid': `report-course-row-${r.courseId}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('courses.total', { count: total }))}
      />
    </>
  );
}
