import type { HTMLAttributes, SetStateAction } from 'react';
import { Button, Card, Flex, Input, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { TReadableReportCourseRow } from '@hxk/contracts/reports';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useMyAccess } from '../../../lib/my-access.ts';
import { useSemesters } from '../../../lib/reference/get-semesters.ts';
import { useReadableCourses, type ReadableCourseQuery } from '../api/get-readable-courses.ts';
import { percentText, reportPath } from './format.ts';

const PAGE_SIZE = 10;
/** Plan managers open every course's report, so the list names the teachers (server: reports.service.ts). */
const PLAN_MANAGER = 'supervisionScheme';

/** The list's search, semester and page live in the address, so going back from a report returns to them. */
function queryOf(params: URLSearchParams): ReadableCourseQuery {
  const n = (key: string, fallback: number) => Math.max(1, Number.parseInt(params.get(key) ?? '', 10) || fallback);
  return { pageNum: n('page', 1), pageSize: n('size', PAGE_SIZE), keyword: params.get('keyword') || undefined, semesterId: params.get('semesterId') || undefined };
}

function paramsOf(q: ReadableCourseQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.keyword) out.keyword = q.keyword;
  if (q.semesterId) out.semesterId = q.semesterId;
  if (q.pageNum > 1) out.page = String(q.pageNum);
  if (q.pageSize !== PAGE_SIZE) out.size = String(q.pageSize);
  return out;
}

/**
 * /CourseEvaluationReport without a course (the menu entry): the courses whose report I may open
 * (those I teach; every course for plan managers), searched and paged on the server; one opens its
 * report with the course in the address.
 */
export function ReportCoursePicker() {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const semesters = useSemesters();
  const everyTeacher = useMyAccess().can(PLAN_MANAGER);
  const query = queryOf(params);
  const page = useReadableCourses(query);
  const setQuery = (next: SetStateAction<ReadableCourseQuery>) => setParams(paramsOf(typeof next === 'function' ? next(query) : next), { replace: true });
  const open = (r: TReadableReportCourseRow) => void navigate(reportPath({ courseId: r.courseId }));

  const columns: ColumnsType<TReadableReportCourseRow> = [
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
    ...(everyTeacher ? [{ title: t('report.teacher'), key: 'teacher', render: (_: unknown, r: TReadableReportCourseRow) => r.teacher.name }] : []),
    { title: t('courses.semester'), dataIndex: 'semesterName', render: (v: string | null) => v ?? '—', responsive: ['lg'] },
    { title: t('courses.department'), dataIndex: 'orgUnitName', render: (v: string | null) => v ?? '—', responsive: ['xl'] },
    { title: t('courses.count'), dataIndex: 'evaluationCount', align: 'right', responsive: ['sm'] },
    { title: t('courses.average'), key: 'average', align: 'right', render: (_, r) => <Typography.Text strong>{percentText(r.averagePercent)}</Typography.Text> },
    { title: t('courses.last'), key: 'last', render: (_, r) => formatDateTime(r.lastEvaluatedAt), responsive: ['md'] },
    {
      title: t('courses.actions'),
      key: 'actions',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            open(r);
          }}
          data-testid={`report-pick-${r.courseId}`}
        >
          {t('action.report')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'CourseEvaluationReport')} styles={{ body: { padding: 12 } }} data-testid="report-picker">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('pick.hint')}
      </Typography.Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('filter.semester')}
          aria-label={t('filter.semester')}
          style={{ flex: '0 1 220px', minWidth: 160 }}
          loading={semesters.isLoading}
          value={query.semesterId}
          options={(semesters.data ?? []).map((s) => ({ value: s.value, label: s.label }))}
          onChange={(semesterId?: string) => setQuery((q) => ({ ...q, semesterId, pageNum: 1 }))}
          data-testid="report-pick-semester"
        />
        <Input.Search
          allowClear
          defaultValue={query.keyword}
          placeholder={everyTeacher ? t('pick.keyword') : t('filter.keyword')}
          aria-label={everyTeacher ? t('pick.keyword') : t('filter.keyword')}
          style={{ flex: '1 1 220px', maxWidth: 320 }}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
          data-testid="report-pick-search"
        />
      </Flex>
      <Table<TReadableReportCourseRow>
        rowKey="courseId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('courses.empty') }}
        onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' }, 'data-testid': `report-pick-row-${r.courseId}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('courses.total', { count: total }))}
      />
    </Card>
  );
}
