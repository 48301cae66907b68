import { Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Statistic, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { TCourseReport } from '@hxk/contracts/reports';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useCourseReport, type CourseReportQuery } from '../api/get-course-report.ts';
import { classTime } from '../../../lib/class-time.ts';
import { percentText } from '../components/format.ts';
import { HistoryChart } from '../components/HistoryChart.tsx';
import { HistoryTable } from '../components/HistoryTable.tsx';
import { IndicatorBars } from '../components/IndicatorBars.tsx';
import { ReportComments } from '../components/ReportComments.tsx';
import { ReportCoursePicker } from '../components/ReportCoursePicker.tsx';
import '../../../components/print/print-view.css';

/** Where a report goes back to when it was opened from a link: the courses one may open. */
const COURSES = '/CourseEvaluationReport';

/**
 * /CourseEvaluationReport?courseId= or ?evaluationId=: a course's (or one evaluation's) report,
 * printable on A4. Without either (the menu entry): the courses whose report one may open.
 */
export function CourseEvaluationReportPage() {
  const [params] = useSearchParams();
  const courseId = params.get('courseId');
  const evaluationId = params.get('evaluationId');
  const query: CourseReportQuery | null = evaluationId ? { evaluationId } : courseId ? { courseId } : null;
  return query ? <CourseReport query={query} /> : <ReportCoursePicker />;
}

function CourseReport({ query }: { query: CourseReportQuery }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const report = useCourseReport(query);

  if (report.isError) {
    return <Result status="404" title={t('report.notFound')} extra={<Button onClick={() => void navigate(COURSES)}>{t('report.toCourses')}</Button>} data-testid="report-not-found" />;
  }
  if (!report.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  return <ReportView r={report.data} />;
}

function ReportView({ r }: { r: TCourseReport }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? void navigate(-1) : void navigate(COURSES));
  const one = r.evaluationId ? r.history.find((h) => h.evaluationId === r.evaluationId) : undefined;

  return (
    <Flex vertical gap={12} className="print-root" data-testid="course-report">
      <Card
        size="small"
        title={
          <Flex align="center" gap={4} style={{ minWidth: 0 }}>
            <Button type="text" className="print-hidden" icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('report.back')} data-testid="report-back" />
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{menuTitle(t, 'CourseEvaluationReport')}</span>
          </Flex>
        }
        extra={
          <Button className="print-hidden" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
            {t('report.print')}
          </Button>
        }
        styles={{ body: { padding: 12 } }}
      >
        <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="report-course">
          {r.course.name} <Typography.Text type="secondary">({r.course.code})</Typography.Text>
        </Typography.Title>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('report.teacher')}>{r.course.teacher.name}</Descriptions.Item>
          <Descriptions.Item label={t('report.semester')}>{r.course.semesterName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('report.department')}>{r.course.orgUnitName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('report.generatedAt')}>{formatDateTime(r.generatedAt)}</Descriptions.Item>
        </Descriptions>
        {one && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="report-one">
            {t('report.oneEvaluation', { time: classTime(t, one, true), evaluator: one.evaluator?.name ?? t('history.anonymous') })}
          </Typography.Paragraph>
        )}
      </Card>

      <Card size="small" title={t('summary.title')} styles={{ body: { padding: 12 } }} className="print-avoid-break">
        <Row gutter={[12, 12]} data-testid="report-summary">
          <Col xs={12} md={6}>
            <Statistic title={t('summary.count')} value={r.summary.evaluationCount} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={one ? t('summary.thisPercent') : t('summary.average')} value={percentText(one ? one.percent : r.summary.averagePercent)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('summary.schoolAverage')} value={percentText(r.summary.schoolAveragePercent)} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('summary.appealed')} value={r.summary.appealedCount} />
          </Col>
        </Row>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 13 }}>
          {t('summary.note')}
        </Typography.Text>
      </Card>

      <Card size="small" title={one ? t('indicators.titleOne') : t('indicators.title')} styles={{ body: { padding: 12 } }}>
        <IndicatorBars indicators={r.indicators} />
      </Card>

      <Card size="small" title={t('history.title')} styles={{ body: { padding: 12 } }}>
        <Flex vertical gap={12}>
          <HistoryChart history={r.history} highlight={r.evaluationId} />
          <HistoryTable history={r.history} highlight={r.evaluationId} />
        </Flex>
      </Card>

      <Card size="small" title={t('comments.title')} styles={{ body: { padding: 12 } }}>
        <ReportComments history={r.history} />
      </Card>
    </Flex>
  );
}
