import { useState } from 'react';
import { Button, Card, DatePicker, Flex, Input, Pagination } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useClasses, type ClassQuery } from '../api/get-classes.ts';
import { todayIso } from '../../../lib/class-time.ts';
import { ListenClassList } from '../components/ListenClassList.tsx';
import { TemplatePickModal } from '../components/TemplatePickModal.tsx';
import { useListen } from '../components/use-listen.ts';
import { useShown } from '../components/use-shown.ts';

const PAGE_SIZE = 20;

/** /FreeCourse: free listening over the whole timetable, day by day, with a template of my choice. */
export function FreeCoursePage() {
  const { t } = useTranslation('evaluations');
  const shown = useShown('/FreeCourse');
  const [query, setQuery] = useState<ClassQuery & { date: string }>(() => ({ pageNum: 1, pageSize: PAGE_SIZE, date: todayIso() }));
  const classes = useClasses(query, shown);
  const listen = useListen('free');
  const setDate = (date: string) => setQuery((q) => ({ ...q, date, pageNum: 1 }));
  const shift = (days: number) => setDate(dayjs(query.date).add(days, 'day').format('YYYY-MM-DD'));

  return (
    <Card title={menuTitle(t, 'FreeCourse')} styles={{ body: { padding: 12 } }} data-testid="free-page">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Flex gap={4} style={{ flex: '1 1 300px', maxWidth: 420 }}>
          <Button icon={<LeftOutlined />} aria-label={t('filter.previousDay')} onClick={() => shift(-1)} data-testid="free-prev" />
          <DatePicker
            value={dayjs(query.date)}
            allowClear={false}
            onChange={(d) => setDate((d ?? dayjs()).format('YYYY-MM-DD'))}
            style={{ flex: 1 }}
            data-testid="free-date"
          />
          <Button icon={<RightOutlined />} aria-label={t('filter.nextDay')} onClick={() => shift(1)} data-testid="free-next" />
          <Button onClick={() => setDate(todayIso())} data-testid="free-today">
            {t('filter.today')}
          </Button>
        </Flex>
        <Input.Search
          allowClear
          placeholder={t('filter.classKeyword')}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageNum: 1 }))}
          data-testid="free-search"
        />
      </Flex>
      <ListenClassList classes={classes.data?.list} loading={classes.isFetching} empty={t('free.empty')} onListen={listen.open} testPrefix="free" />
      {(classes.data?.total ?? 0) > query.pageSize && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'center' }}
          simple
          current={query.pageNum}
          pageSize={query.pageSize}
          total={classes.data?.total ?? 0}
          onChange={(pageNum) => setQuery((q) => ({ ...q, pageNum }))}
          data-testid="free-pagination"
        />
      )}
      <TemplatePickModal target={listen.target} onCancel={listen.close} onStart={listen.start} starting={listen.starting} testPrefix="free" />
    </Card>
  );
}
