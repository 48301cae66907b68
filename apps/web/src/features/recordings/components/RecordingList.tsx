import { useState } from 'react';
import { Button, Flex, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TRecordingListItem } from '@hxk/contracts/recordings';
import { serverPagination } from '../../../components/server-pagination.ts';
import { useRecordings, type RecordingListQuery } from '../api/get-recordings.ts';

/** Ended classes by date (of a room, of a course, or all the reader may watch), paged by the server; a row opens its recording. */
export function RecordingList({ classroomId, courseId, currentId, recordedFirst = false, onOpen }: {
  classroomId?: string;
  courseId?: string;
  currentId: string | null;
  /** Start with only the classes whose recording is ready. */
  recordedFirst?: boolean;
  onOpen: (courseSessionId: string) => void;
}) {
  const { t } = useTranslation('recordings');
  const [query, setQuery] = useState<RecordingListQuery>({
    pageNum: 1, pageSize: 10, ...(classroomId ? { classroomId } : {}), ...(courseId ? { courseId } : {}), ...(recordedFirst ? { recorded: '1' as const } : {}),
  });
  const list = useRecordings(query);
  const columns: TableColumnsType<TRecordingListItem> = [
    { title: t('list.date'), dataIndex: 'lessonDate', width: 120 },
    { title: t('list.time'), key: 'time', width: 120, render: (_, r) => (r.startTime && r.endTime ? `${r.startTime}–${r.endTime}` : '—') },
    { title: t('list.course'), dataIndex: 'courseName', ellipsis: true, width: 180 },
    { title: t('list.teacher'), dataIndex: 'teacherName', width: 140, ellipsis: true, responsive: ['md'] },
    { title: t('list.room'), key: 'room', width: 160, responsive: ['md'], render: (_, r) => `${r.buildingName} · ${r.classroomName}` },
    {
      title: t('list.recorded'),
      key: 'ready',
      width: 170,
      responsive: ['sm'],
      render: (_, r) => (r.readySources.length ? r.readySources.map((s) => <Tag key={s} color="green">{t(`source.${s}`)}</Tag>) : <Tag>{t(r.onDemand ? 'list.notPrepared' : 'list.noRecording')}</Tag>),
    },
    {
      title: t('list.action'),
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" disabled={r.courseSessionId === currentId} onClick={() => onOpen(r.courseSessionId)} data-testid={`recording-open-${r.courseSessionId}`}>
          {r.courseSessionId === currentId ? t('list.playing') : t('list.play')}
        </Button>
      ),
    },
  ];
  const onlyRecorded = query.recorded === '1';
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8}>
        <Switch
          size="small"
          checked={onlyRecorded}
          onChange={(on) => setQuery(({ recorded: _, ...q }) => ({ ...q, pageNum: 1, ...(on ? { recorded: '1' as const } : {}) }))}
          data-testid="recording-only-recorded"
        />
        <Typography.Text>{t('list.onlyRecorded')}</Typography.Text>
      </Flex>
      <Table<TRecordingListItem>
      rowKey="courseSessionId"
      size="small"
      loading={list.isFetching}
      dataSource={list.data?.list ?? []}
      columns={columns}
      locale={{ emptyText: list.isError ? t('list.loadFailed') : t('list.empty') }}
      pagination={serverPagination(query, setQuery, list.data?.total, (total) => t('list.total', { count: total }))}
      scroll={{ x: 'max-content' }}
      data-testid="recording-list"
      />
    </Flex>
  );
}
