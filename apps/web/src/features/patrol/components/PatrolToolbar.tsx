import { Badge, Button, Flex, InputNumber, Segmented, Switch, Tooltip, Typography } from 'antd';
import { ApartmentOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PATROL_FILTERS, PATROL_MIN_INTERVAL_SECONDS, PATROL_SCREENS, PATROL_VIEWS, type TPatrolFilter, type TPatrolView } from '@hxk/contracts/patrol-wall';

export type WallSettings = {
  view: TPatrolView;
  filter: TPatrolFilter;
  screens: number;
  autoRotate: boolean;
  interval: number;
  classroomIds: string[];
};

type Counts = Record<TPatrolFilter, number>;

/** A segmented control wider than a phone scrolls sideways instead of spilling out of the card. */
const scroll = { maxWidth: '100%', overflowX: 'auto' } as const;

/** View, rooms (classroom view), filter with counts, screens, auto-rotation and the page indicator. */
export function PatrolToolbar({ settings, counts, page, pageCount, onChange, onPage, onPickRooms }: {
  settings: WallSettings;
  counts: Counts | undefined;
  page: number;
  pageCount: number;
  onChange: (patch: Partial<WallSettings>) => void;
  onPage: (page: number) => void;
  onPickRooms: () => void;
}) {
  const { t } = useTranslation('patrol');
  return (
    <Flex wrap gap={12} align="center" data-testid="patrol-toolbar">
      <div style={scroll}>
        <Segmented<TPatrolView>
          value={settings.view}
          onChange={(view) => onChange({ view })}
          options={PATROL_VIEWS.map((v) => ({ value: v, label: <span data-testid={`view-${v}`}>{t(`view.${v}`)}</span> }))}
        />
      </div>
      {settings.view === 'classroom' && (
        <Button icon={<ApartmentOutlined />} onClick={onPickRooms} data-testid="pick-rooms">
          {settings.classroomIds.length ? t('toolbar.roomsChosen', { count: settings.classroomIds.length }) : t('toolbar.roomsAll')}
        </Button>
      )}
      <div style={scroll}>
        <Segmented<TPatrolFilter>
          value={settings.filter}
          onChange={(filter) => onChange({ filter })}
          options={PATROL_FILTERS.map((f) => ({
            value: f,
            label: (
              <span data-testid={`filter-${f}`}>
                {t(`filter.${f}`)} <Badge count={counts?.[f] ?? 0} showZero overflowCount={999} color={f === 'warning' && counts?.warning ? '#ff4d4f' : '#8c8c8c'} size="small" />
              </span>
            ),
          }))}
        />
      </div>
      <Flex gap={6} align="center">
        <Typography.Text type="secondary">{t('toolbar.screens')}</Typography.Text>
        <Segmented<number>
          value={settings.screens}
          onChange={(screens) => onChange({ screens })}
          options={PATROL_SCREENS.map((n) => ({ value: n, label: <span data-testid={`screens-${n}`}>{t('toolbar.screenCount', { count: n })}</span> }))}
        />
      </Flex>
      <Flex gap={6} align="center">
        <Switch checked={settings.autoRotate} onChange={(autoRotate) => onChange({ autoRotate })} data-testid="auto-rotate" aria-label={t('toolbar.autoRotate')} />
        <Typography.Text>{t('toolbar.autoRotate')}</Typography.Text>
        <Tooltip title={t('toolbar.intervalHint', { min: PATROL_MIN_INTERVAL_SECONDS })}>
          <InputNumber
            min={PATROL_MIN_INTERVAL_SECONDS}
            max={3600}
            precision={0}
            value={settings.interval}
            onChange={(v) => onChange({ interval: Math.max(PATROL_MIN_INTERVAL_SECONDS, v ?? PATROL_MIN_INTERVAL_SECONDS) })}
            addonAfter={t('toolbar.seconds')}
            style={{ width: 120 }}
            aria-label={t('toolbar.interval')}
            data-testid="rotate-interval"
          />
        </Tooltip>
      </Flex>
      <Flex gap={4} align="center" style={{ marginInlineStart: 'auto' }}>
        <Button size="small" icon={<LeftOutlined />} aria-label={t('toolbar.prev')} disabled={pageCount <= 1} onClick={() => onPage(page <= 1 ? pageCount : page - 1)} data-testid="page-prev" />
        <Typography.Text data-testid="page-indicator" data-page={page} data-pages={pageCount}>
          {t('toolbar.page', { page, pages: pageCount })}
        </Typography.Text>
        <Button size="small" icon={<RightOutlined />} aria-label={t('toolbar.next')} disabled={pageCount <= 1} onClick={() => onPage(page >= pageCount ? 1 : page + 1)} data-testid="page-next" />
      </Flex>
    </Flex>
  );
}
