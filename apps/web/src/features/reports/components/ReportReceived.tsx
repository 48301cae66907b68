import { useState } from 'react';
import { Button, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { ZReceivedEvaluation } from '@hxk/contracts/evaluations';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useReceived, type ReceivedQuery } from '../api/get-received.ts';
import { classTime, periodsOnly } from '../../../lib/class-time.ts';
import { recordPath, reportPath } from './format.ts';

type Row = z.infer<typeof ZReceivedEvaluation>;

/** The evaluations of my classes, newest first, each with its record and its report. */
export function ReportReceived({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [query, setQuery] = useState<ReceivedQuery>({ pageNum: 1, pageSize: 10 });
  const page = useReceived(query, enabled);

  const columns: ColumnsType<Row> = [
    {
      title: t('received.class'),
      key: 'class',
      render: (_, r) => (
        <div style={{ minWidth: 160 }}>
          <Typography.Text strong>{r.class.courseName}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {classTime(t, periodsOnly(r.class), true)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('received.plan'),
      key: 'plan',
      render: (_, r) => (
        <Space size={[4, 4]} wrap>
          {r.planName ? r.planName : <Tag>{t(`evaluations:kind.${r.kind}`)}</Tag>}
          {r.byPatrol && <Tag color="volcano">{t('evaluations:byPatrol')}</Tag>}
        </Space>
      ),
      responsive: ['md'],
    },
    { title: t('history.evaluator'), key: 'evaluator', render: (_, r) => (r.evaluator ? r.evaluator.name : <Typography.Text type="secondary">{t('history.anonymous')}</Typography.Text>) },
    { title: t('history.score'), key: 'score', align: 'right', render: (_, r) => t('history.scoreValue', { score: r.totalScore, full: r.fullScore }) },
    { title: t('received.submitted'), key: 'submitted', render: (_, r) => formatDateTime(r.submittedAt), responsive: ['md'] },
    {
      title: t('courses.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(recordPath(r.evaluationId))} data-testid={`received-record-${r.evaluationId}`}>
            {t('history.view')}
          </Button>
          <Button type="link" size="small" onClick={() => void navigate(reportPath({ evaluationId: r.evaluationId }))} data-testid={`received-report-${r.evaluationId}`}>
            {t('action.report')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('filter.classKeyword')}
          style={{ flex: '1 1 200px', maxWidth: 280 }}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
          data-testid="received-search"
        />
      </Flex>
      <Table<Row>
        rowKey="evaluationId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('received.empty') }}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('received.total', { count: total }))}
        data-testid="report-received"
      />
    </>
  );
}
