import { useState } from 'react';
import { Button, Card, Flex, Input, Pagination, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useClassesNow, type NowClassQuery } from '../api/get-classes-now.ts';
import { timeOfDay } from '../../../lib/class-time.ts';
import { ListenClassList } from '../components/ListenClassList.tsx';
import { TemplatePickModal } from '../components/TemplatePickModal.tsx';
import { useListen } from '../components/use-listen.ts';
import { useShown } from '../components/use-shown.ts';

const PAGE_SIZE = 20;

/** /TemporaryCourseEvaluation: the classes under way now (refreshed every minute), evaluated outside any plan. */
export function TemporaryCourseEvaluationPage() {
  const { t } = useTranslation('evaluations');
  const shown = useShown('/TemporaryCourseEvaluation');
  const [query, setQuery] = useState<NowClassQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const classes = useClassesNow(query, shown);
  const listen = useListen('temporary');
  const updated = classes.dataUpdatedAt ? timeOfDay(new Date(classes.dataUpdatedAt).toISOString()) : null;

  return (
    <Card
      title={menuTitle(t, 'TemporaryCourseEvaluation')}
      extra={
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void classes.refetch()} loading={classes.isFetching} aria-label={t('temporary.refresh')} data-testid="temp-refresh" />
      }
      styles={{ body: { padding: 12 } }}
      data-testid="temp-page"
    >
      <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('temporary.hint')}
          {updated && ` ${t('temporary.updated', { time: updated })}`}
        </Typography.Text>
        <Input.Search
          allowClear
          placeholder={t('filter.classKeyword')}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
          data-testid="temp-search"
        />
      </Flex>
      <ListenClassList classes={classes.data?.list} loading={classes.isLoading || classes.isPlaceholderData} empty={t('temporary.empty')} onListen={listen.open} testPrefix="temp" />
      {(classes.data?.total ?? 0) > query.pageSize && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'center' }}
          simple
          current={query.pageNum}
          pageSize={query.pageSize}
          total={classes.data?.total ?? 0}
          onChange={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
        />
      )}
      <TemplatePickModal target={listen.target} onCancel={listen.close} onStart={listen.start} starting={listen.starting} testPrefix="temp" />
    </Card>
  );
}
