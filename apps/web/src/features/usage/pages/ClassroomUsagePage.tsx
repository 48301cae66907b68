import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Row, Select, Skeleton, Space, Statistic, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSemesters } from '../../../lib/reference/get-semesters.ts';
import { useSemesterWeeks } from '../../../lib/reference/get-semester-weeks.ts';
import { useWeekOfToday } from '../../../lib/reference/get-week-of-today.ts';
import { useUsageWeek } from '../api/get-usage-week.ts';
import { HeatLegend } from '../components/HeatLegend.tsx';
import { RoomDayDrawer } from '../components/RoomDayDrawer.tsx';
import { RoomHeatmap, type OpenCell } from '../components/RoomHeatmap.tsx';
import { SlotHeatmap } from '../components/SlotHeatmap.tsx';
import { percentText } from '../components/heat.ts';

/** Classroom usage situation: a teaching week's rooms, used or free per session, as heatmaps with totals. */
export function ClassroomUsagePage() {
  const { t } = useTranslation('usage');
  const semesters = useSemesters();
  const [chosenSemester, setSemester] = useState<string | undefined>();
  const semesterId = chosenSemester ?? (semesters.data?.find((s) => s.current) ?? semesters.data?.[0])?.value;
  const weeks = useSemesterWeeks(semesterId);
  const today = useWeekOfToday(semesterId);
  const [chosenWeek, setWeek] = useState<number | undefined>();
  const week = chosenWeek ?? (today.data ? (today.data.week ?? 1) : undefined);
  const [buildingId, setBuilding] = useState<string | undefined>();
  const [cell, setCell] = useState<OpenCell | null>(null);
  const usage = useUsageWeek({ semesterId, week, buildingId });
  const count = weeks.data?.weekCount ?? 0;
  const d = usage.data;

  const changeSemester = (id: string) => {
    setSemester(id);
    setWeek(undefined);
  };
  const busiest = d && d.totals.used > 0 ? d.totals.usedByDay.indexOf(Math.max(...d.totals.usedByDay)) : -1;

  const filters = (
    <Flex gap={8} wrap align="center">
      <Select<string>
        style={{ minWidth: 200 }}
        value={semesterId}
        loading={semesters.isLoading}
        placeholder={t('filters.semester')}
        options={semesters.data?.map((s) => ({ value: s.value, label: s.label }))}
        onChange={changeSemester}
        aria-label={t('filters.semester')}
        data-testid="usage-semester"
      />
      <Space.Compact>
        <Button icon={<LeftOutlined />} disabled={!week || week <= 1} onClick={() => setWeek((week ?? 2) - 1)} aria-label={t('filters.previous')} data-testid="usage-prev" />
        <Select<number>
          style={{ width: 250 }}
          value={week}
          loading={weeks.isLoading}
          options={weeks.data?.weeks.map((w) => ({ value: w.week, label: t('filters.weekOption', { n: w.week, from: w.startDate.slice(5), to: w.endDate.slice(5) }) }))}
          onChange={setWeek}
          aria-label={t('filters.week')}
          data-testid="usage-week"
        />
        <Button icon={<RightOutlined />} disabled={!week || week >= count} onClick={() => setWeek((week ?? 0) + 1)} aria-label={t('filters.next')} data-testid="usage-next" />
      </Space.Compact>
      {today.data?.week && week !== today.data.week ? (
        <Button onClick={() => setWeek(today.data.week ?? 1)} data-testid="usage-this-week">{t('filters.thisWeek')}</Button>
      ) : null}
      <Select<string>
        style={{ minWidth: 180 }}
        allowClear
        value={buildingId}
        placeholder={t('filters.allBuildings')}
        options={d?.buildings.map((b) => ({ value: b.id, label: b.name }))}
        onChange={(v) => setBuilding(v ?? undefined)}
        aria-label={t('filters.building')}
        data-testid="usage-building"
      />
    </Flex>
  );

  let body;
  if (semesters.isError || usage.isError) {
    body = <Alert type="error" showIcon title={(semesters.error ?? usage.error)?.message} data-testid="usage-error" />;
  } else if (semesters.data && !semesters.data.length) {
    body = <Empty description={t('empty.noSemester')} data-testid="usage-empty" />;
  } else if (!d) {
    body = <div data-testid="usage-loading"><Skeleton active paragraph={{ rows: 8 }} /></div>;
  } else if (!d.sessions.length) {
    body = <Empty description={t('empty.noSessions')} data-testid="usage-empty" />;
  } else if (!d.rooms.length) {
    body = <Empty description={buildingId ? t('empty.noRoomsInBuilding') : t('empty.noRooms')} data-testid="usage-empty" />;
  } else {
    body = (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Row gutter={[16, 16]} data-testid="usage-totals">
          <Col xs={12} md={6}><Statistic title={t('totals.rooms')} value={d.totals.rooms} /></Col>
          <Col xs={12} md={6}><Statistic title={t('totals.occupancy')} value={percentText(d.totals.occupancy)} data-testid="usage-overall" /></Col>
          <Col xs={12} md={6}><Statistic title={t('totals.sessions')} value={t('columns.usedOf', { used: d.totals.used, total: d.totals.total })} /></Col>
          <Col xs={12} md={6}><Statistic title={t('totals.busiest')} value={busiest >= 0 ? t(`weekday.${busiest + 1}`) : '—'} /></Col>
        </Row>
        <HeatLegend label={t('legend.rooms')} />
        <RoomHeatmap data={d} loading={usage.isFetching} onOpen={setCell} />
        <div>
          <Typography.Title level={5} style={{ marginTop: 8 }}>{t('slot.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('slot.hintText')}</Typography.Paragraph>
          <SlotHeatmap data={d} loading={usage.isFetching} />
        </div>
      </Space>
    );
  }

  return (
    <Card title={t('title')} data-testid="usage-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {filters}
        {today.data && today.data.week === null ? <Typography.Text type="secondary">{t('filters.outsideSemester')}</Typography.Text> : null}
        {body}
      </Space>
      <RoomDayDrawer cell={cell} onClose={() => setCell(null)} />
    </Card>
  );
}
