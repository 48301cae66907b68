import { useEffect, useState } from 'react';
import { Button, Card, Empty, Flex, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATROL_TILES_PER_SCREEN } from '@hxk/contracts/patrol-wall';
import { ApiError } from '../../../lib/api.ts';
import { usePatrolRooms } from '../api/get-patrol-rooms.ts';
import { PatrolScreens } from '../components/PatrolScreens.tsx';
import { PatrolToolbar, type WallSettings } from '../components/PatrolToolbar.tsx';
import { RoomPickerDrawer } from '../components/RoomPickerDrawer.tsx';

const DEFAULTS: WallSettings = { view: 'classroom', filter: 'all', screens: 1, autoRotate: false, interval: 30, classroomIds: [] };

/**
 * Real-time patrol (/SCADA, spec sections 1 and 2): the rooms within my patrol reach on 1, 2 or 3
 * screens of 2×2 live tiles, chosen by classroom, course or supervision team and filtered; auto-
 * rotation pages through them every N seconds, rooms with an active warning first (the server orders
 * and pages). The focused tile plays the main stream; double-click opens the classroom detail.
 */
export function PatrolWallPage() {
  const { t } = useTranslation('patrol');
  const navigate = useNavigate();
  const [settings, setSettings] = useState<WallSettings>(DEFAULTS);
  const [page, setPage] = useState(1);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);

  const pageSize = settings.screens * PATROL_TILES_PER_SCREEN;
  const rooms = usePatrolRooms({ view: settings.view, filter: settings.filter, classroomIds: settings.classroomIds, pageNum: page, pageSize });
  const data = rooms.data;
  const pageCount = data?.pageCount ?? 1;
  const shownPage = data?.pageNum ?? page;

  // Auto-rotation: the next page every interval, round again after the last.
  useEffect(() => {
    if (!settings.autoRotate || pageCount <= 1) return;
    const id = setInterval(() => setPage((p) => (p % pageCount) + 1), settings.interval * 1000);
    return () => clearInterval(id);
  }, [settings.autoRotate, settings.interval, pageCount]);

  const change = (patch: Partial<WallSettings>) => {
    setSettings((s) => ({ ...s, ...patch }));
    // A new set of rooms starts at its first page; timing changes keep the page.
    if ('view' in patch || 'filter' in patch || 'screens' in patch || 'classroomIds' in patch) setPage(1);
  };
  const openDetail = (classroomId: string) => void navigate(`/SCADA/Detail?classroomId=${encodeURIComponent(classroomId)}`);

  const error = rooms.error;
  const noPatrol = error instanceof ApiError && error.errorKey === 'live.noPatrol';
  let body: React.ReactNode;
  if (noPatrol) {
    body = <Result status="403" title={t('empty.noPatrolTitle')} subTitle={t('empty.noPatrol')} data-testid="patrol-no-permission" />;
  } else if (error && !data) {
    body = (
      <Result
        status="error"
        title={t('error.title')}
        subTitle={error.message}
        extra={<Button onClick={() => void rooms.refetch()} data-testid="patrol-retry">{t('error.retry')}</Button>}
        data-testid="patrol-error"
      />
    );
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 8 }} data-testid="patrol-loading" />;
  } else if (data.total === 0) {
    const why = data.counts.all > 0 ? t('empty.filter') : t(`empty.${settings.view}`);
    body = <Empty description={why} style={{ padding: '48px 0' }} data-testid="patrol-empty" />;
  } else {
    // A second click on the focused tile puts it back on the sub stream.
    body = <PatrolScreens rooms={data.list} screens={settings.screens} focusedId={focusedId} onFocus={(id) => setFocusedId((f) => (f === id ? null : id))} onOpen={openDetail} />;
  }

  return (
    <Card data-testid="patrol-wall" styles={{ body: { padding: 16 } }}>
      <Flex vertical gap={16}>
        <PatrolToolbar
          settings={settings}
          counts={noPatrol ? undefined : data?.counts}
          page={shownPage}
          pageCount={pageCount}
          onChange={change}
          onPage={setPage}
          onPickRooms={() => setPicking(true)}
        />
        {body}
      </Flex>
      <RoomPickerDrawer
        open={picking}
        value={settings.classroomIds}
        onClose={() => setPicking(false)}
        onChange={(classroomIds) => {
          change({ classroomIds });
          setPicking(false);
        }}
      />
    </Card>
  );
}
