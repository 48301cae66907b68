import { useState } from 'react';
import { Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TDownloadLog } from '@hxk/contracts/classrooms';
import { PersonCell } from '../../../components/PersonCell.tsx';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDownloadLogs, type DownloadLogQuery } from '../api/get-download-logs.ts';

/** Who downloaded which recording, newest first, paged on the server. */
export function DownloadLogTable() {
  const { t } = useTranslation('classrooms');
  const [query, setQuery] = useState<DownloadLogQuery>({ pageNum: 1, pageSize: 10 });
  const logs = useDownloadLogs(query);

  const columns: ColumnsType<TDownloadLog> = [
    { title: t('log.person'), dataIndex: 'name', render: (_, r) => <PersonCell name={r.name} account={r.account} /> },
    { title: t('log.classroom'), dataIndex: 'classroomName', render: (_, r) => (r.classroomName ? `${r.buildingName ?? ''} ${r.classroomName}`.trim() : '—') },
    { title: t('log.camera'), dataIndex: 'cameraName', render: (v: string | null) => v || '—' },
    { title: t('log.file'), dataIndex: 'fileName', render: (v: string | null) => v || '—', ellipsis: true },
    {
      title: t('log.period'),
      key: 'period',
      render: (_, r) => (r.startAt ? `${formatDateTime(r.startAt)} – ${r.endAt ? formatDateTime(r.endAt) : ''}` : '—'),
      responsive: ['lg'],
    },
    { title: t('log.at'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
  ];

  return (
    <div data-testid="download-log">
      <Input.Search
        allowClear
        placeholder={t('log.search')}
        onSearch={(keyword) => setQuery((q) => ({ ...q, keyword: keyword.trim() || undefined, pageNum: 1 }))}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Table<TDownloadLog>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={logs.data?.list}
        loading={logs.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('log.empty') }}
        pagination={serverPagination(query, setQuery, logs.data?.total, (total) => t('total', { count: total }))}
      />
    </div>
  );
}
