import { Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TUsageWeek } from '@hxk/contracts/usage';
import { heatStep } from './heat.ts';

type Row = { index: number; sessionNo: number; start: string; end: string };

/** The school's sessions down, the days across: how many of the rooms shown are in use in each time slot. */
export function SlotHeatmap({ data, loading }: { data: TUsageWeek; loading: boolean }) {
  const { t } = useTranslation('usage');
  const rooms = data.rooms.length;
  const rows: Row[] = data.sessions.map((s, index) => ({ index, ...s }));
  const columns: ColumnsType<Row> = [
    {
      key: 'session',
      title: t('columns.session'),
      fixed: 'left',
      width: 110,
      render: (_: unknown, r: Row) => (
        <div>
          <Typography.Text>{t('session', { n: r.sessionNo })}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{r.start}-{r.end}</Typography.Text>
        </div>
      ),
    },
    ...data.dates.map((date, day) => ({
      key: date,
      align: 'center' as const,
      width: 76,
      title: t(`weekday.${day + 1}`),
      render: (_: unknown, r: Row) => {
        const used = data.bySlot[day]?.[r.index] ?? 0;
        const step = heatStep(rooms ? used / rooms : 0);
        return (
          <Tooltip title={t('slot.hint', { used, rooms, free: rooms - used })}>
            <div style={{ background: step.bg, color: step.fg, borderRadius: 4, padding: '4px', fontVariantNumeric: 'tabular-nums' }} data-testid="usage-slot">
              {used}
            </div>
          </Tooltip>
        );
      },
    })),
  ];
  return (
    <Table<Row>
      rowKey="sessionNo"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="usage-slots"
    />
  );
}
