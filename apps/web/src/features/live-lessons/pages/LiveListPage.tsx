import { useState } from 'react';
import { Button, Card, Col, Empty, Flex, Input, Pagination, Row, Segmented, Skeleton, Space, Tag, Typography, Alert } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TLiveLessonState } from '@hxk/contracts/live-lessons';
import { formatDateTime } from '../../../lib/format.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useLessons, type LessonQuery } from '../api/live-lessons.ts';
import { LessonStateTag } from '../components/LessonStateTag.tsx';
import { VIEWER_PATH } from '../components/links.ts';

type Filter = 'all' | Exclude<TLiveLessonState, 'cancelled'>;

/** /back/liveListPage: live lessons to watch (on air first, then upcoming, then ended), paged on the server. */
export function LiveListPage() {
  const { t } = useTranslation('liveLessons');
  const navigate = useNavigate();
  const [query, setQuery] = useState<LessonQuery>({ pageNum: 1, pageSize: 12 });
  const page = useLessons('watch', query);
  const filters: Filter[] = ['all', 'live', 'upcoming', 'ended'];

  return (
    <Card title={menuTitle(t, 'liveListPage')} data-testid="live-list-page">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Segmented<Filter>
          options={filters.map((f) => ({ value: f, label: f === 'all' ? t('list.all') : t(`state.${f}`) }))}
          value={query.state && query.state !== 'cancelled' ? query.state : 'all'}
          onChange={(f) => setQuery((q) => ({ ...q, pageNum: 1, state: f === 'all' ? undefined : f }))}
          data-testid="watch-filter"
        />
        <Input.Search allowClear placeholder={t('list.search')} style={{ width: 220 }} onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))} />
      </Flex>
      {page.isError && <Alert type="error" showIcon message={page.error.message} />}
      {page.isPending ? (
        <Skeleton active />
      ) : page.data && page.data.list.length === 0 ? (
        <Empty description={t('list.emptyWatch')} />
      ) : (
        <Row gutter={[16, 16]}>
          {page.data?.list.map((l) => (
            <Col key={l.lessonId} xs={24} sm={12} lg={8} xxl={6}>
              <Card size="small" hoverable onClick={() => void navigate(`${VIEWER_PATH}?id=${l.lessonId}`)} data-testid={`watch-card-${l.title}`} style={{ height: '100%' }}>
                <Space direction="vertical" size={4} style={{ width: '100%' }}>
                  <Space wrap size={6}>
                    <LessonStateTag state={l.state} />
                    <Tag style={{ marginInlineEnd: 0 }}>{t(`audience.${l.audience}`)}</Tag>
                  </Space>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                    {l.title}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {l.buildingName} · {l.classroomName}
                  </Typography.Text>
                  <Typography.Text type="secondary">{t('viewer.period', { start: formatDateTime(l.startsAt), end: formatDateTime(l.endsAt) })}</Typography.Text>
                  <Button type={l.state === 'live' ? 'primary' : 'default'} icon={<PlayCircleOutlined />} block>
                    {l.state === 'live' ? t('list.watchNow') : t('list.open')}
                  </Button>
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {page.data && page.data.total > query.pageSize && (
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Pagination current={query.pageNum} pageSize={query.pageSize} total={page.data.total} onChange={(pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize }))} />
        </Flex>
      )}
    </Card>
  );
}
