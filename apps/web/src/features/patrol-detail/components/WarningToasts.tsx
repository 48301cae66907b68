import { Grid, notification } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useRealtime } from '../../../lib/realtime-events.ts';
import { aiKind } from './live-format.ts';

const TOAST_SECONDS = 10;

/**
 * A toast for each warning a live analysis raises in a room the person is responsible for (the
 * server pushes `warning.raised` to those people only); it opens the room's patrol detail.
 */
export function LiveWarningToasts() {
  const { t } = useTranslation('patrolDetail');
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().sm ?? true;
  const [toast, holder] = notification.useNotification({ maxCount: 3 });
  useRealtime((m) => {
    if (m.type !== 'warning.raised') return;
    const w = m.warning;
    const kind = aiKind(w.kind);
    const key = `warning-${w.id}`;
    const open = w.classroomId ? () => {
      toast.destroy(key);
      void navigate(`${PATHS.patrolDetail}?${new URLSearchParams({ classroomId: w.classroomId! }).toString()}`);
    } : undefined;
    toast.warning({
      key,
      title: t('toast.title', { kind: kind ? t(`live.kind.${kind}`) : w.kind }),
      description: t('toast.body', { room: w.classroomName ?? '—', course: w.courseName, level: t(`live.level.${w.level}`) }),
      duration: TOAST_SECONDS,
      placement: wide ? 'topRight' : 'top',
      icon: <AlertOutlined style={{ color: '#fa541c' }} />,
      onClick: open,
      props: { 'data-testid': 'warning-toast', 'aria-label': t('toast.open') },
      style: { cursor: open ? 'pointer' : undefined },
    });
  });
  return holder;
}
