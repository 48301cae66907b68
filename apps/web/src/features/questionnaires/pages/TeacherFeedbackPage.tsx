import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { ZFeedbackRow } from '@hxk/contracts/questionnaires';
import { serverPagination } from '../../../components/server-pagination.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useFeedback, type FeedbackQuery } from '../api/get-feedback.ts';
import { detailsPath } from '../components/fill-path.ts';
import { QrModal, type QrTarget } from '../components/QrModal.tsx';
import { QuestionnaireStatusTag } from '../components/QuestionnaireStatusTag.tsx';
import { percentText, ResponseCell } from '../components/ResponseCell.tsx';

type Row = z.infer<typeof ZFeedbackRow>;

/** /teacherFeedback (kept alive): my courses' student questionnaires, their answers so far, the class QR. */
export function TeacherFeedbackPage() {
  const { t } = useTranslation('questionnaires');
  const navigate = useNavigate();
  // Kept alive: load only while showing.
  const shown = useLocation().pathname === '/teacherFeedback';
  const [query, setQuery] = useState<FeedbackQuery>({ pageNum: 1, pageSize: 10 });
  const page = useFeedback(query, shown);
  const [qr, setQr] = useState<QrTarget | null>(null);
  const rowKey = (r: Row) => `${r.questionnaireId}-${r.course.courseId}`;

  const columns: ColumnsType<Row> = [
    {
      title: t('feedback.questionnaire'),
      key: 'title',
      render: (_, r) => (
        <Space orientation="vertical" size={2} style={{ minWidth: 180 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {r.title}
          </Typography.Text>
          <QuestionnaireStatusTag status={r.status} />
        </Space>
      ),
    },
    {
      title: t('feedback.course'),
      key: 'course',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.course.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {r.course.code}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('feedback.responses'), key: 'responses', render: (_, r) => <ResponseCell responses={r.responseCount} students={r.course.studentCount} testId={`q-feedback-responses-${rowKey(r)}`} /> },
    { title: t('feedback.average'), key: 'average', align: 'right', render: (_, r) => <span data-testid={`q-feedback-average-${rowKey(r)}`}>{percentText(r.averagePercent)}</span> },
    { title: t('feedback.dates'), key: 'dates', render: (_, r) => t('feedback.dateRange', { start: r.startDate, end: r.endDate }), responsive: ['md'] },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => void navigate(detailsPath(r.questionnaireId, r.course.courseId))} data-testid={`q-feedback-details-${rowKey(r)}`}>
            {t('feedback.details')}
          </Button>
          {r.status === 'published' && (
            <Button
              type="link"
              size="small"
              icon={<QrcodeOutlined />}
              onClick={() => setQr({ questionnaireId: r.questionnaireId, title: r.title, course: { courseId: r.course.courseId, name: r.course.name, code: r.course.code } })}
              data-testid={`q-feedback-qr-${rowKey(r)}`}
            >
              {t('feedback.showQr')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'teacherFeedback')} styles={{ body: { padding: 12 } }} data-testid="q-feedback-page">
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('feedback.search')}
          style={{ flex: '1 1 200px', maxWidth: 300 }}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
          data-testid="q-feedback-search"
        />
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          {t('feedback.anonymousNote')}
        </Typography.Text>
      </Flex>
      <Table<Row>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('feedback.empty') }}
        onRow={(r) => ({ 'data-testid': `q-feedback-row-${r.title}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
      <QrModal target={qr} onClose={() => setQr(null)} />
    </Card>
  );
}
