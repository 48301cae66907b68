import { useState } from 'react';
import { Button, Card, DatePicker, Flex, Input, Select, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PATROL_ATTENDANCE_STATUSES, type TAttendanceRecord, type TAttendanceStatus } from '@hxk/contracts/patrol';
import { downloadFile } from '../../../components/import/api.ts';
import { Permission } from '../../../components/Permission.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { ATTENDANCE_EXPORT_PATH, useAttendanceRecords, type AttendanceQuery } from '../api/patrol.ts';
import { AttendanceTag } from '../components/ClassNow.tsx';
import { PlaceFilter } from '../components/PlaceFilter.tsx';

/** /SCADA/AttendanceRecord: teachers' attendance marked during patrol, filtered, paged and exported to Excel. */
export function AttendanceRecordPage() {
  const { t } = useTranslation('patrolDetail');
  const [query, setQuery] = useState<AttendanceQuery>({ pageNum: 1, pageSize: 10 });
  const [exporting, setExporting] = useState(false);
  const page = useAttendanceRecords(query);

  const exportFile = () => {
    setExporting(true);
    const { pageNum: _n, pageSize: _s, ...filters } = query;
    const q = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as Record<string, string>;
    downloadFile(ATTENDANCE_EXPORT_PATH, q, 'attendance.xlsx').catch(() => undefined).finally(() => setExporting(false));
  };

  const columns: ColumnsType<TAttendanceRecord> = [
    { title: t('attendanceList.date'), key: 'date', render: (_, r) => `${r.lessonDate} · ${(r.sessionStart === r.sessionEnd ? t('class.session', { n: r.sessionStart }) : t('class.sessions', { from: r.sessionStart, to: r.sessionEnd }))}` },
    { title: t('attendanceList.course'), dataIndex: 'courseName' },
    { title: t('attendanceList.teacher'), key: 'teacher', render: (_, r) => r.teacher.name },
    { title: t('attendanceList.room'), key: 'room', responsive: ['md'], render: (_, r) => (r.classroomName ? `${r.buildingName ?? ''} · ${r.classroomName}` : '—') },
    { title: t('attendanceList.status'), key: 'status', render: (_, r) => <AttendanceTag status={r.status} /> },
    { title: t('attendanceList.markedBy'), key: 'by', responsive: ['md'], render: (_, r) => `${r.markedBy.name} · ${formatDateTime(r.markedAt)}` },
  ];

  return (
    <Card
      title={menuTitle(t, 'AttendanceRecord')}
      extra={
        <Permission code="attendance:export">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportFile} data-testid="attendance-export">
            {t('attendanceList.export')}
          </Button>
        </Permission>
      }
      styles={{ body: { padding: 12 } }}
      data-testid="attendance-page"
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          style={{ flex: '1 1 240px', maxWidth: 300 }}
          onChange={(range) => setQuery((q) => ({ ...q, dateFrom: range?.[0]?.format('YYYY-MM-DD') ?? undefined, dateTo: range?.[1]?.format('YYYY-MM-DD') ?? undefined, pageNum: 1 }))}
          data-testid="attendance-range"
        />
        <Select<TAttendanceStatus>
          allowClear
          placeholder={t('filter.status')}
          style={{ flex: '0 1 150px', minWidth: 120 }}
          options={PATROL_ATTENDANCE_STATUSES.map((s) => ({ value: s, label: t(`attendance.${s}`) }))}
          onChange={(status) => setQuery((q) => ({ ...q, status, pageNum: 1 }))}
          data-testid="attendance-status"
        />
        <Input.Search
          allowClear
          placeholder={t('filter.teacher')}
          style={{ flex: '1 1 180px', maxWidth: 240 }}
          onSearch={(v) => setQuery((q) => ({ ...q, teacher: v.trim() || undefined, pageNum: 1 }))}
          data-testid="attendance-teacher"
        />
        <PlaceFilter rooms={false} testId="attendance-building" onChange={(p) => setQuery((q) => ({ ...q, buildingId: p.buildingId, pageNum: 1 }))} />
      </Flex>
      <Table<TAttendanceRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: page.isError ? t('loadFailed') : t('attendanceList.empty') }}
        onRow={(r) => ({ 'data-testid': `attendance-row-${r.courseSessionId}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('records.total', { count: total }))}
      />
    </Card>
  );
}
