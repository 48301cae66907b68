import { Alert, Button, Card, Col, DatePicker, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TDataBoard } from '@hxk/contracts/analysis-board';
import { ApiError } from '../../../lib/api.ts';
import { useDataBoard } from '../api/get-data-board.ts';
import { BoardModesCard, BoardTrendCard } from '../components/BoardCharts.tsx';
import { BoardClassesList, BoardWarningsList } from '../components/BoardLists.tsx';
import { BoardSummary } from '../components/BoardSummary.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const nothingYet = (b: TDataBoard) => b.day.analysedTotal === 0 && b.warnings.total === 0 && b.trend.days.every((d) => d.classes === 0) && b.now.method === null;

function Loading() {
  return (
    <Row gutter={[16, 16]} data-testid="board-loading">
      {[0, 1, 2, 3].map((i) => (
        <Col key={i} xs={24} sm={12} xl={6}><Card size="small"><Skeleton active paragraph={{ rows: 3 }} /></Card></Col>
      ))}
      <Col xs={24}><Card size="small"><Skeleton active paragraph={{ rows: 6 }} /></Card></Col>
    </Row>
  );
}

/**
 * /wenxiang/dataAnalysisReport, the header's data board: the school's AI classroom analysis today —
 * classes analysed, the three rates now and over the week, active warnings, teaching modes and
 * coverage — each figure with how it is computed, every class opening its AI classroom report.
 * `?date=` shows a past day; today's board refreshes every minute.
 */
export function DataBoardPage() {
  const { t, i18n } = useTranslation('board');
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && ISO_DATE.test(asked) ? asked : undefined;
  const board = useDataBoard(date);
  const b = board.data;

  const choose = (d: Dayjs | null) => {
    const next = new URLSearchParams(params);
    const iso = d?.format('YYYY-MM-DD');
    if (iso && iso !== b?.today) next.set('date', iso);
    else next.delete('date');
    setParams(next, { replace: true });
  };

  const toolbar = (
    <Flex gap={8} wrap align="center">
      <DatePicker
        allowClear={false}
        value={b ? dayjs(b.date) : date ? dayjs(date) : null}
        disabledDate={(d) => (b ? d.format('YYYY-MM-DD') > b.today : false)}
        onChange={choose}
        aria-label={t('asOf')}
        data-testid="board-date"
      />
      {date ? <Button onClick={() => choose(null)} data-testid="board-today">{t('backToToday')}</Button> : null}
      <Button icon={<ReloadOutlined />} loading={board.isFetching} onClick={() => void board.refetch()} aria-label={t('refresh')} data-testid="board-refresh" />
      {board.dataUpdatedAt ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="board-updated">
          {t('updated', { time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(board.dataUpdatedAt) })}
        </Typography.Text>
      ) : null}
    </Flex>
  );

  let body;
  if (!b && board.isError) {
    body = (
      <Result
        status="warning"
        title={t('loadFailed')}
        subTitle={board.error instanceof ApiError ? board.error.message : undefined}
        extra={<Button onClick={() => void board.refetch()}>{t('refresh')}</Button>}
        data-testid="board-error"
      />
    );
  } else if (!b) {
    body = <Loading />;
  } else {
    body = (
      <Flex vertical gap={16}>
        {nothingYet(b) ? <Alert type="info" showIcon title={t('noData')} data-testid="board-empty" /> : null}
        <BoardSummary board={b} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={15}><BoardTrendCard trend={b.trend} /></Col>
          <Col xs={24} xl={9}><BoardModesCard modes={b.modes} /></Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}><BoardWarningsList warnings={b.warnings} /></Col>
          <Col xs={24} lg={12}><BoardClassesList board={b} /></Col>
        </Row>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} data-testid="board-page">
      <Flex gap={12} wrap align="center" justify="space-between">
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="board-title">{t('title')}</Typography.Title>
        {toolbar}
      </Flex>
      {body}
    </Flex>
  );
}
