import { Alert, Breadcrumb, Button, Card, Descriptions, Flex, Space, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TSensitiveClassHits } from '@hxk/contracts/statistics-sensitive';
import { classClock } from '../../../components/analysis/clock.ts';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { formatLessonDay } from '../../../lib/class-time.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSensitiveHits } from '../api/get-sensitive-hits.ts';
import { ExportButton } from './ExportButton.tsx';
import { SEVERITY_TAG } from './severity.ts';
import '../../../components/print/print-view.css';
import { SENSITIVE_PATHS, sensitiveHref, useSensitiveUrl } from './sensitive-url.ts';

type Hit = TSensitiveClassHits['hits'][number];

/** The hit's context with its word marked. */
function InContext({ hit }: { hit: Hit }) {
  const i = hit.context.indexOf(hit.word);
  if (i < 0) return <>{hit.context}</>;
  return (
    <>
      {hit.context.slice(0, i)}
      <Typography.Text mark strong>{hit.word}</Typography.Text>
      {hit.context.slice(i + hit.word.length)}
    </>
  );
}

/** The class's recording opened at a moment (as the AI report links it). */
const recordingAt = (courseSessionId: string, at: string | null) => {
  const q = new URLSearchParams({ courseSessionId });
  if (at) q.set('at', at);
  return `${PATHS.recording}?${q.toString()}`;
};

/** /back/sensitiveTopicDetails: one class's sensitive-word hits in context, each opening the recording at its moment. */
export function SensitiveTopicDetails() {
  const { t } = useTranslation('statistics');
  const navigate = useNavigate();
  const [url] = useSensitiveUrl();
  const hits = useSensitiveHits(url.courseSessionId);
  const d = hits.data;
  const listHref = sensitiveHref(SENSITIVE_PATHS.list, url, { courseSessionId: undefined });
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(listHref)} aria-label={t('back')} data-testid="sensitive-back" className="print-hidden" />
          <span>{menuTitle(t, 'sensitiveTopicDetails')}</span>
        </Flex>
      }
      className="print-root"
      extra={
        <Flex gap={8} wrap justify="flex-end" className="print-hidden">
          <ExportButton request={url.courseSessionId ? { view: 'sensitiveHits', query: { courseSessionId: url.courseSessionId } } : null} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="sensitive-details-print">{t('print')}</Button>
        </Flex>
      }
      styles={{ body: { padding: 12 } }}
      data-testid="sensitive-details-page"
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Breadcrumb items={[{ key: 'list', title: <Link to={listHref} data-testid="sensitive-crumb-list">{menuTitle(t, 'sensitiveTopic')}</Link> }, { key: 'class', title: d?.course.name ?? '…' }]} />
        {!url.courseSessionId ? <Alert type="warning" showIcon message={t('sensitive.missing')} action={<Link to={listHref}>{menuTitle(t, 'sensitiveTopic')}</Link>} /> : null}
        {hits.isError ? <Alert type="error" showIcon message={hits.error.message} data-testid="sensitive-error" /> : null}
        {!d && hits.isLoading ? <PageLoading /> : null}
        {d ? (
          <>
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2, lg: 3 }}
              data-testid="sensitive-class"
              items={[
                { key: 'course', label: t('col.course'), children: `${d.course.name} ${d.course.code}` },
                { key: 'teacher', label: t('col.teacher'), children: d.teacher.name },
                { key: 'lesson', label: t('col.lesson'), children: `${formatLessonDay(d.lessonDate, true)} · ${t('week', { week: d.week })} · ${t('threeRate.session', { n: d.session })}` },
                { key: 'room', label: t('threeRate.by.classroom'), children: [d.buildingName, d.classroomName].filter(Boolean).join(' · ') || '—' },
                { key: 'unit', label: t('col.unit'), children: d.orgUnitName ?? '—' },
                {
                  key: 'report',
                  label: t('threeRate.source'),
                  children: (
                    <Space>
                      <Tag>{t(`threeRate.sourceOf.${d.source}`)}</Tag>
                      <Link to={`${PATHS.classroomReport}?${new URLSearchParams({ courseSessionId: d.courseSessionId }).toString()}`} data-testid="sensitive-report">{t('threeRate.report')}</Link>
                    </Space>
                  ),
                },
              ]}
            />
            <Card size="small" title={t('sensitive.hitsTitle', { count: d.hits.length })} data-testid="sensitive-hit-list">
              <Table<Hit>
                size="small"
                rowKey="id"
                pagination={d.hits.length > 50 ? { pageSize: 50 } : false}
                scroll={{ x: 'max-content' }}
                dataSource={d.hits}
                locale={{ emptyText: t('sensitive.noHits') }}
                columns={[
                  {
                    title: t('sensitive.col.moment'),
                    key: 'moment',
                    render: (_, h) => <Link to={recordingAt(d.courseSessionId, h.at)} data-testid={`sensitive-moment-${h.id}`}>{classClock(h.start)}</Link>,
                  },
                  { title: t('sensitive.col.word'), dataIndex: 'word', render: (w: string) => <Typography.Text strong>{w}</Typography.Text> },
                  { title: t('sensitive.col.category'), dataIndex: 'category' },
                  { title: t('sensitive.filter.severity'), key: 'severity', render: (_, h) => <Tag color={SEVERITY_TAG[h.severity]}>{t(`sensitive.level.${h.severity}`)}</Tag> },
                  { title: t('sensitive.col.context'), key: 'context', render: (_, h) => <span>… <InContext hit={h} /> …</span> },
                ]}
              />
              <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
                <Typography.Text type="secondary" strong style={{ fontSize: 12 }}>{t('how.title')}</Typography.Text> {t('sensitive.how.hits')}
              </Typography.Paragraph>
            </Card>
          </>
        ) : null}
      </Space>
    </Card>
  );
}
