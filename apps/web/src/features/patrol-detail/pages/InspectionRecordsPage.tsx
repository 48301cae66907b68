import { useState } from 'react';
import { Button, Card, DatePicker, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TInspectionRecord } from '@hxk/contracts/patrol';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { timeOfDay } from '../../../lib/class-time.ts';
import { useInspectionRecords, useRecordSupervisors, type InspectionQuery } from '../api/patrol.ts';
import { AttendanceTag } from '../components/ClassNow.tsx';
import { recordingAt } from '../components/CommentTab.tsx';
import { PlaceFilter } from '../components/PlaceFilter.tsx';

const duration = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** /SCADA/InspectionRecords: patrol visits (mine; a group leader's team; an administrator's everyone), filtered and paged on the server. */
export function InspectionRecordsPage() {
  const { t } = useTranslation('patrolDetail');
  const navigate = useNavigate();
  const [query, setQuery] = useState<InspectionQuery>({ pageNum: 1, pageSize: 10 });
  const page = useInspectionRecords(query);
  const people = useRecordSupervisors();

  const columns: ColumnsType<TInspectionRecord> = [
    {
      title: t('records.when'),
      key: 'when',
      render: (_, r) => (
        <div style={{ minWidth: 140 }}>
          <Typography.Text>{formatDateTime(r.startedAt)}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.ongoing ? <Tag color="processing">{t('records.ongoing')}</Tag> : `${t('records.until', { time: r.endedAt ? timeOfDay(r.endedAt) : '' })} · ${duration(r.durationSeconds)}`}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('records.supervisor'), key: 'who', render: (_, r) => r.supervisor.name },
    { title: t('records.room'), key: 'room', render: (_, r) => `${r.buildingName} · ${r.classroomName}` },
    {
      title: t('records.class'),
      key: 'class',
      render: (_, r) => (r.courseName ? <span>{r.courseName}<br /><Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.teacherName}</Typography.Text></span> : <Typography.Text type="secondary">{t('class.none')}</Typography.Text>),
    },
    {
      title: t('records.comments'),
      key: 'comments',
      responsive: ['md'],
      render: (_, r) =>
        r.comments.length === 0 ? '—' : (
          <Flex vertical gap={2} style={{ maxWidth: 320 }}>
            {r.comments.map((c) => (
              <Typography.Link
                key={c.id}
                disabled={!r.courseSessionId}
                onClick={() => r.courseSessionId && void navigate(recordingAt(r.courseSessionId, c.videoAt))}
                style={{ overflowWrap: 'anywhere' }}
              >
                {`${timeOfDay(c.videoAt)} ${c.content}`}
              </Typography.Link>
            ))}
          </Flex>
        ),
    },
    { title: t('records.attendance'), key: 'att', render: (_, r) => (r.attendance ? <AttendanceTag status={r.attendance} /> : '—') },
    {
      title: t('records.evaluation'),
      key: 'eval',
      render: (_, r) =>
        r.evaluation ? (
          <Button type="link" size="small" onClick={() => void navigate(`/TeachingRecordDetail?id=${r.evaluation!.evaluationId}`)}>
            {r.evaluation.status === 'submitted' ? t('records.score', { score: r.evaluation.totalScore ?? 0 }) : t('records.draft')}
          </Button>
        ) : '—',
    },
  ];

  return (
    <Card title={menuTitle(t, 'InspectionRecords')} styles={{ body: { padding: 12 } }} data-testid="inspection-page">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          style={{ flex: '1 1 240px', maxWidth: 300 }}
          onChange={(range) => setQuery((q) => ({ ...q, dateFrom: range?.[0]?.format('YYYY-MM-DD') ?? undefined, dateTo: range?.[1]?.format('YYYY-MM-DD') ?? undefined, pageNum: 1 }))}
          data-testid="inspection-range"
        />
        <PlaceFilter testId="inspection-place" onChange={(p) => setQuery((q) => ({ ...q, buildingId: p.buildingId, classroomId: p.classroomId, pageNum: 1 }))} />
        <Input.Search
          allowClear
          placeholder={t('filter.keyword')}
          style={{ flex: '1 1 200px', maxWidth: 260 }}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
          data-testid="inspection-search"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('filter.supervisor')}
          style={{ flex: '0 1 180px', minWidth: 140 }}
          loading={people.isLoading}
          options={(people.data ?? []).map((p) => ({ value: p.userId, label: `${p.name} (${p.account})` }))}
          onChange={(supervisorId?: string) => setQuery((q) => ({ ...q, supervisorId, pageNum: 1 }))}
          aria-label={t('filter.supervisor')}
          data-testid="inspection-supervisor"
        />
      </Flex>
      <Table<TInspectionRecord>
        rowKey="visitId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: page.isError ? t('loadFailed') : t('records.empty') }}
        onRow={(r) => ({ 'data-testid': `inspection-row-${r.visitId}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('records.total', { count: total }))}
      />
    </Card>
  );
}
