import { Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATROL_TILES_PER_SCREEN, type TWallRoom } from '@hxk/contracts/patrol-wall';
import { PatrolTile } from './PatrolTile.tsx';

/**
 * The wall's screens (spec section 9, screen layouts): each a 2×2 grid of tiles. Two or three
 * screens sit side by side where the display is wide enough (a multi-monitor patrol desk shows one
 * per monitor) and stack on narrow displays; a phone sees one screen under the other.
 */
export function PatrolScreens({ rooms, screens, focusedId, onFocus, onOpen }: {
  rooms: TWallRoom[];
  screens: number;
  focusedId: string | null;
  onFocus: (classroomId: string) => void;
  onOpen: (classroomId: string) => void;
}) {
  const { t } = useTranslation('patrol');
  const bp = Grid.useBreakpoint();
  const across = bp.xxl ? screens : bp.lg ? Math.min(screens, 2) : 1;
  // A phone shows the tiles one under another, large enough to read.
  const columns = bp.sm ? 2 : 1;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${across}, minmax(0, 1fr))`, gap: 12 }} data-testid="patrol-screens" data-screens={screens}>
      {Array.from({ length: screens }, (_, s) => {
        const tiles = rooms.slice(s * PATROL_TILES_PER_SCREEN, (s + 1) * PATROL_TILES_PER_SCREEN);
        return (
          <section key={s} aria-label={t('screen.label', { n: s + 1 })} data-testid="patrol-screen" style={{ background: '#141414', borderRadius: 8, padding: 6 }}>
            <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 6 }}>
              {Array.from({ length: PATROL_TILES_PER_SCREEN }, (_, i) => {
                const room = tiles[i];
                return room ? (
                  <PatrolTile
                    key={room.classroomId}
                    room={room}
                    focused={room.classroomId === focusedId}
                    onFocus={() => onFocus(room.classroomId)}
                    onOpen={() => onOpen(room.classroomId)}
                  />
                ) : (
                  <div key={`empty-${i}`} data-testid="patrol-slot-empty" style={{ aspectRatio: '16 / 9', borderRadius: 6, border: '1px dashed #434343', display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#595959', fontSize: 12 }}>
                    {t('screen.emptySlot')}
                  </div>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
