import { Badge, Grid, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TUsageRoom, TUsageWeek } from '@hxk/contracts/usage';
import { DevicesCell } from './DevicesCell.tsx';
import { heatStep, percentText } from './heat.ts';

export type OpenCell = { classroomId: string; date: string };

const cellStyle = (share: number, today: boolean) => {
  const step = heatStep(share);
  return {
    background: step.bg,
    color: step.fg,
    borderRadius: 4,
    padding: '6px 4px',
    minWidth: 44,
    textAlign: 'center' as const,
    fontVariantNumeric: 'tabular-nums',
    outline: today ? '2px solid var(--ant-color-warning)' : undefined,
    outlineOffset: -2,
  };
};

/** Rooms down, the days of the week across: each cell coloured by the share of the day's sessions in use; a click shows the day's classes. */
export function RoomHeatmap({ data, loading, onOpen }: { data: TUsageWeek; loading: boolean; onOpen: (cell: OpenCell) => void }) {
  const { t } = useTranslation('usage');
  const perDay = data.sessions.length;
  const roomCount = data.rooms.length;
  // On a phone the days matter most: the devices fold into a dot beside the room's name.
  const wide = Grid.useBreakpoint().md ?? true;

  const dayColumns: ColumnsType<TUsageRoom> = data.dates.map((date, i) => ({
    key: date,
    align: 'center',
    width: wide ? 76 : 60,
    title: (
      <div style={{ lineHeight: 1.3 }}>
        <div>{t(`weekday.${i + 1}`)}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>{date.slice(5)}</Typography.Text>
      </div>
    ),
    render: (_: unknown, room: TUsageRoom) => {
      const used = room.usedByDay[i] ?? 0;
      const label = t('cell.aria', { room: room.name, weekday: t(`weekday.${i + 1}`), used, total: perDay });
      return (
        <div
          role="button"
          tabIndex={0}
          // The name starts with what the cell shows (8/10), then says what it means.
          aria-label={`${used}/${perDay}: ${label}`}
          title={label}
          style={{ ...cellStyle(perDay ? used / perDay : 0, date === data.today), cursor: 'pointer' }}
          onClick={() => onOpen({ classroomId: room.id, date })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onOpen({ classroomId: room.id, date });
            }
          }}
          data-testid="usage-cell"
          data-room={room.name}
          data-date={date}
        >
          {used}/{perDay}
        </div>
      );
    },
  }));

  const columns: ColumnsType<TUsageRoom> = [
    {
      key: 'room',
      title: t('columns.room'),
      fixed: 'left',
      width: wide ? 130 : 92,
      render: (_: unknown, r: TUsageRoom) => (
        <div>
          {wide ? (
            <Typography.Text strong>{r.name}</Typography.Text>
          ) : (
            <Badge status={r.devices.camerasOffline > 0 || r.devices.recorder === 'offline' ? 'error' : 'success'} text={<Typography.Text strong>{r.name}</Typography.Text>} />
          )}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {wide ? t('columns.where', { building: r.buildingName, floor: r.floor }) : t('columns.floor', { floor: r.floor })}
          </Typography.Text>
        </div>
      ),
    },
    ...(wide ? [{ key: 'devices', title: t('columns.devices'), width: 170, render: (_: unknown, r: TUsageRoom) => <DevicesCell devices={r.devices} /> }] : []),
    ...dayColumns,
    {
      key: 'occupancy',
      title: t('columns.occupancy'),
      align: 'right',
      width: 110,
      sorter: (a, b) => a.occupancy - b.occupancy,
      render: (_: unknown, r: TUsageRoom) => (
        <div data-testid="usage-room-occupancy">
          <Typography.Text strong>{percentText(r.occupancy)}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{t('columns.usedOf', { used: r.used, total: r.total })}</Typography.Text>
        </div>
      ),
    },
  ];

  return (
    <Table<TUsageRoom>
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={data.rooms}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
      data-testid="usage-heatmap"
      summary={() =>
        roomCount ? (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row data-testid="usage-summary">
              <Table.Summary.Cell index={0} colSpan={wide ? 2 : 1}>
                <Typography.Text strong>{t('columns.allRooms', { count: roomCount })}</Typography.Text>
              </Table.Summary.Cell>
              {data.dates.map((date, i) => {
                const total = perDay * roomCount;
                const used = data.totals.usedByDay[i] ?? 0;
                const share = total ? used / total : 0;
                return (
                  <Table.Summary.Cell key={date} index={i + (wide ? 2 : 1)} align="center">
                    <div style={cellStyle(share, false)}>{percentText(Math.round(share * 1000) / 10)}</div>
                  </Table.Summary.Cell>
                );
              })}
              <Table.Summary.Cell index={wide ? 9 : 8} align="right">
                <Typography.Text strong data-testid="usage-total-occupancy">{percentText(data.totals.occupancy)}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
