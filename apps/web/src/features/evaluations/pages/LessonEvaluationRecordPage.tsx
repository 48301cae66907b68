import { useState, type HTMLAttributes } from 'react';
import { Button, Card, DatePicker, Flex, Input, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EVALUATION_KIND_VALUES, type TEvaluationKind, type TEvaluationRecord, type TEvaluationStatus } from '@hxk/contracts/evaluations';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useRecords, type RecordQuery } from '../api/get-records.ts';
import { classTime } from '../../../lib/class-time.ts';
import { KindTag, PatrolTag, StatusTag } from '../components/EvaluationTags.tsx';
import { recordPath } from '../components/ListenClassList.tsx';
import { useShown } from '../components/use-shown.ts';

/** /LessonEvaluationRecord: what I have evaluated (and drafts to finish), filtered and paged. */
export function LessonEvaluationRecordPage() {
  const { t } = useTranslation('evaluations');
  const navigate = useNavigate();
  const shown = useShown('/LessonEvaluationRecord');
  const [query, setQuery] = useState<RecordQuery>({ pageNum: 1, pageSize: 10 });
  const page = useRecords(query, shown);
  const open = (r: TEvaluationRecord) => void navigate(recordPath(r.evaluationId));

  const columns: ColumnsType<TEvaluationRecord> = [
    {
      title: t('field.class'),
      key: 'class',
      render: (_, r) => (
        <div style={{ minWidth: 160 }}>
          <Typography.Text strong>{r.class.courseName}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {classTime(t, r.class)}
          </Typography.Text>
          {/* With the class, which every width shows. */}
          {r.byPatrol && (
            <div style={{ marginTop: 4 }}>
              <PatrolTag testId={`record-patrol-${r.evaluationId}`} />
            </div>
          )}
        </div>
      ),
    },
    { title: t('field.teacher'), key: 'teacher', render: (_, r) => r.class.teacher.name },
    {
      title: t('field.kindOrPlan'),
      key: 'kind',
      render: (_, r) => (r.planName ? <Typography.Text style={{ overflowWrap: 'anywhere' }}>{r.planName}</Typography.Text> : <KindTag kind={r.kind} />),
      responsive: ['md'],
    },
    { title: t('field.template'), dataIndex: 'templateName', responsive: ['lg'] },
    {
      title: t('field.score'),
      key: 'score',
      align: 'right',
      render: (_, r) => (r.totalScore === null ? '—' : t('field.scoreValue', { score: r.totalScore, full: r.fullScore })),
    },
    { title: t('field.status'), dataIndex: 'status', render: (v: TEvaluationStatus) => <StatusTag status={v} /> },
    {
      title: t('field.updated'),
      key: 'updated',
      render: (_, r) => formatDateTime(r.submittedAt ?? r.updatedAt),
      responsive: ['md'],
    },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={(ev) => {
            ev.stopPropagation();
            open(r);
          }}
          data-testid={`record-open-${r.evaluationId}`}
        >
          {r.status === 'draft' ? t('action.continue') : t('action.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'LessonEvaluationRecord')} styles={{ body: { padding: 12 } }} data-testid="records-page">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('filter.classKeyword')}
          style={{ flex: '1 1 200px', maxWidth: 280 }}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
          data-testid="records-search"
        />
        <Select<TEvaluationKind>
          allowClear
          placeholder={t('filter.kind')}
          style={{ flex: '0 1 150px', minWidth: 120 }}
          options={EVALUATION_KIND_VALUES.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          onChange={(kind) => setQuery((q) => ({ ...q, kind, pageNum: 1 }))}
          aria-label={t('filter.kind')}
          data-testid="records-kind"
        />
        <Select<TEvaluationStatus>
          allowClear
          placeholder={t('filter.status')}
          style={{ flex: '0 1 150px', minWidth: 120 }}
          options={(['draft', 'submitted'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(status) => setQuery((q) => ({ ...q, status, pageNum: 1 }))}
          aria-label={t('filter.status')}
          data-testid="records-status"
        />
        <Select<'yes' | 'no'>
          allowClear
          placeholder={t('filter.byPatrol')}
          style={{ flex: '0 1 170px', minWidth: 130 }}
          options={(['yes', 'no'] as const).map((v) => ({ value: v, label: t(`filter.byPatrolOption.${v}`) }))}
          onChange={(v) => setQuery((q) => ({ ...q, byPatrol: v === undefined ? undefined : v === 'yes', pageNum: 1 }))}
          aria-label={t('filter.byPatrol')}
          data-testid="records-by-patrol"
        />
        <DatePicker.RangePicker
          style={{ flex: '1 1 240px', maxWidth: 300 }}
          onChange={(range) =>
            setQuery((q) => ({ ...q, dateFrom: range?.[0]?.format('YYYY-MM-DD') ?? undefined, dateTo: range?.[1]?.format('YYYY-MM-DD') ?? undefined, pageNum: 1 }))
          }
          data-testid="records-range"
        />
      </Flex>
      <Table<TEvaluationRecord>
        rowKey="evaluationId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('records.empty') }}
        onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' }, 'data-testid': `record-row-${r.evaluationId}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('records.total', { count: total }))}
      />
    </Card>
  );
}
