import { useEffect, useRef } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { AlertOutlined, ExpandOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TWallRoom } from '@hxk/contracts/patrol-wall';
import { LivePlayer } from '../../../components/live/LivePlayer.tsx';
import { aiWarningKey, STATE_COLORS, WARNING_COLORS } from './labels.ts';

const overlay = { position: 'absolute', left: 0, right: 0, padding: '4px 8px', color: '#fff', fontSize: 12, display: 'flex', alignItems: 'center', gap: 6, pointerEvents: 'none' } as const;

/**
 * One room on the wall: its composite camera live (sub stream; main when focused), the room, the
 * class now and its state, and the warning. Click focuses, double-click or the button opens the detail.
 */
export function PatrolTile({ room, focused, onFocus, onOpen }: { room: TWallRoom; focused: boolean; onFocus: () => void; onOpen: () => void }) {
  const { t } = useTranslation('patrol');
  const aiKey = room.warning ? aiWarningKey(room.warning.kind) : null;
  const quality = focused ? 'main' : 'sub';
  // A click focuses a moment later, so a double-click opens the detail without switching streams first.
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
  };
  useEffect(() => cancel, []);
  const border = focused ? '2px solid #1677ff' : room.warning ? '2px solid #ff4d4f' : '2px solid transparent';
  return (
    <div
      data-testid="patrol-tile"
      data-classroom-id={room.classroomId}
      data-focused={focused}
      data-quality={room.playCameraId && room.online ? quality : 'none'}
      // A group, not a button: it holds buttons of its own (open the detail, the warning). Focusable,
      // Space focuses and Enter opens it, as click and double-click do.
      role="group"
      tabIndex={0}
      aria-label={t('tile.label', { building: room.buildingName, room: room.name })}
      onClick={() => {
        cancel();
        pending.current = setTimeout(() => {
          pending.current = null;
          onFocus();
        }, 250);
      }}
      onDoubleClick={() => {
        cancel();
        onOpen();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen();
        else if (e.key === ' ') {
          e.preventDefault();
          onFocus();
        }
      }}
      style={{ position: 'relative', aspectRatio: '16 / 9', background: '#000', borderRadius: 6, overflow: 'hidden', border, cursor: 'pointer', minWidth: 0 }}
    >
      {room.playCameraId && room.online ? (
        <LivePlayer key={`${room.playCameraId}:${quality}`} cameraId={room.playCameraId} quality={quality} fit="cover" style={{ position: 'absolute', inset: 0 }} />
      ) : (
        <div role="status" style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', color: '#bbb', gap: 6, fontSize: 13 }}>
          <VideoCameraOutlined style={{ fontSize: 24 }} />
          {room.playCameraId ? t('tile.offline') : t('tile.noCamera')}
        </div>
      )}
      {/* Clicks land here, not on the player's elements, which change when the stream does. */}
      <div style={{ position: 'absolute', inset: 0 }} />
      <div style={{ ...overlay, top: 0, background: 'rgba(0,0,0,0.72)' }}>
        <span style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', flex: 1 }} data-testid="tile-room">
          {room.buildingName} · {room.name}
        </span>
        {room.warning && (
          <Tooltip title={room.warning.message ?? (aiKey ? t(aiKey) : room.warning.kind)}>
            <Tag color={WARNING_COLORS[room.warning.level]} icon={<AlertOutlined />} style={{ marginInlineEnd: 0, pointerEvents: 'auto' }} data-testid="tile-warning">
              {t(`warning.${room.warning.level}`)}{room.warning.count > 1 ? ` ×${room.warning.count}` : ''}
            </Tag>
          </Tooltip>
        )}
        <Tooltip title={t('tile.openDetail')}>
          <Button
            size="small"
            type="text"
            aria-label={t('tile.openDetail')}
            icon={<ExpandOutlined style={{ color: '#fff' }} />}
            style={{ pointerEvents: 'auto' }}
            onClick={(e) => {
              e.stopPropagation();
              onOpen();
            }}
            data-testid="tile-detail"
          />
        </Tooltip>
      </div>
      <div style={{ ...overlay, bottom: 0, background: 'rgba(0,0,0,0.62)' }}>
        {room.course ? (
          <>
            <span style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', flex: 1 }} data-testid="tile-course">
              {room.course.courseName} · {room.course.teacherName}
              {room.course.startTime ? ` · ${room.course.startTime}–${room.course.endTime ?? ''}` : ''}
            </span>
            <Tag color={STATE_COLORS[room.course.state]} style={{ marginInlineEnd: 0 }} data-testid="tile-state">
              {t(`state.${room.course.state}`)}
            </Tag>
          </>
        ) : (
          <span style={{ flex: 1, opacity: 0.8 }}>{t('tile.noClass')}</span>
        )}
      </div>
    </div>
  );
}
