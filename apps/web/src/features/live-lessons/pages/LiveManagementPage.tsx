import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIVE_LESSON_STATES, type TLiveLesson } from '@hxk/contracts/live-lessons';
import { serverPagination } from '../../../components/server-pagination.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useCancelLesson, useLessons, type LessonQuery } from '../api/live-lessons.ts';
import { LessonStateTag } from '../components/LessonStateTag.tsx';
import { ADD_PATH, VIEWER_PATH } from '../components/links.ts';
import { ShareModal } from '../components/ShareModal.tsx';

/** /back/LiveManagement: the school's live lessons, by state, paged on the server; schedule, edit, share, cancel, watch. */
export function LiveManagementPage() {
  const { t } = useTranslation('liveLessons');
  const navigate = useNavigate();
  const [query, setQuery] = useState<LessonQuery>({ pageNum: 1, pageSize: 10 });
  const [sharing, setSharing] = useState<TLiveLesson | null>(null);
  const page = useLessons('manage', query);
  const cancel = useCancelLesson();
  const open = (l: TLiveLesson) => l.state === 'upcoming' || l.state === 'live';

  const columns: ColumnsType<TLiveLesson> = [
    {
      title: t('list.title'),
      dataIndex: 'title',
      render: (v: string, l) => (
        <Space orientation="vertical" size={0} style={{ minWidth: 160 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {v}
          </Typography.Text>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`audience.${l.audience}`)}</Tag>
        </Space>
      ),
    },
    { title: t('list.state'), dataIndex: 'state', render: (_, l) => <LessonStateTag state={l.state} testId={`lesson-state-${l.title}`} /> },
    { title: t('list.room'), key: 'room', render: (_, l) => `${l.buildingName} · ${l.classroomName}` },
    { title: t('list.camera'), dataIndex: 'cameraName', responsive: ['lg'] },
    { title: t('list.time'), key: 'time', render: (_, l) => t('viewer.period', { start: formatDateTime(l.startsAt), end: formatDateTime(l.endsAt) }) },
    { title: t('list.createdBy'), dataIndex: 'createdBy', render: (v: string | null) => v ?? '—', responsive: ['xl'] },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, l) => (
        <Space size={0} wrap={false}>
          {l.state !== 'cancelled' && (
            <Button type="link" size="small" onClick={() => void navigate(`${VIEWER_PATH}?id=${l.lessonId}`)} data-testid={`lesson-watch-${l.title}`}>
              {t('list.watch')}
            </Button>
          )}
          {open(l) && (
            <>
              <Button type="link" size="small" onClick={() => void navigate(`${ADD_PATH}?id=${l.lessonId}`)} data-testid={`lesson-edit-${l.title}`}>
                {t('list.edit')}
              </Button>
              <Button type="link" size="small" onClick={() => setSharing(l)} data-testid={`lesson-share-${l.title}`}>
                {t('list.share')}
              </Button>
              <Popconfirm
                title={t('list.cancelConfirm', { title: l.title })}
                description={t('list.cancelHint')}
                okText={t('list.cancelOk')}
                okButtonProps={{ danger: true }}
                cancelText={t('list.keep')}
                onConfirm={() => cancel.mutateAsync(l.lessonId).then(() => toastSuccess(t('list.cancelled')))}
              >
                <Button type="link" size="small" danger data-testid={`lesson-cancel-${l.title}`}>
                  {t('list.cancel')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={menuTitle(t, 'LiveManagement')} data-testid="live-manage-page">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Space wrap>
          <Input.Search allowClear placeholder={t('list.search')} style={{ width: 220 }} onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))} data-testid="lesson-search" />
          <Select
            allowClear
            placeholder={t('list.stateFilter')}
            style={{ width: 140 }}
            options={LIVE_LESSON_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            onChange={(state) => setQuery((q) => ({ ...q, pageNum: 1, state }))}
            data-testid="lesson-state-filter"
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(ADD_PATH)} data-testid="lesson-add">
          {t('list.add')}
        </Button>
      </Flex>
      <Table<TLiveLesson>
        rowKey="lessonId"
        size="middle"
        columns={columns}
        dataSource={page.data?.list}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: page.isError ? page.error.message : t('list.empty') }}
        onRow={(l) => ({ 'data-testid': `lesson-row-${l.title}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPagination(query, setQuery, page.data?.total, (total) => t('list.total', { count: total }))}
      />
      <ShareModal lesson={sharing} onClose={() => setSharing(null)} />
    </Card>
  );
}
