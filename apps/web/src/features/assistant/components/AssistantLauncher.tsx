import { lazy, Suspense, useRef, useState, type PointerEvent } from 'react';
import './assistant.css';
import { Tooltip } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHAT_DRAG_THRESHOLD_PX } from '@hxk/contracts/constants';

// The panel (and Ant Design X with it) loads on the first click: no screen pays for it before.
const AssistantPanel = lazy(() => import('./AssistantPanel.tsx').then((m) => ({ default: m.AssistantPanel })));

const POSITION_KEY = 'hxkAssistantButton';
const SIZE = 48;
const MARGIN = 8;

type Position = { right: number; bottom: number };

function clamp(p: Position): Position {
  const maxRight = Math.max(MARGIN, window.innerWidth - SIZE - MARGIN);
  const maxBottom = Math.max(MARGIN, window.innerHeight - SIZE - MARGIN);
  return { right: Math.min(Math.max(p.right, MARGIN), maxRight), bottom: Math.min(Math.max(p.bottom, MARGIN), maxBottom) };
}

function storedPosition(): Position {
  try {
    const p = JSON.parse(localStorage.getItem(POSITION_KEY) ?? 'null') as Position | null;
    if (p && Number.isFinite(p.right) && Number.isFinite(p.bottom)) return clamp(p);
  } catch {
    // A broken value: the default place.
  }
  return { right: 24, bottom: 96 };
}

/**
 * The floating AI assistant button of signed-in screens: drag it anywhere (a move under
 * CHAT_DRAG_THRESHOLD_PX is a click, which opens the panel); where it was left is remembered.
 */
export function AssistantLauncher() {
  const { t } = useTranslation('assistant');
  const [pos, setPos] = useState(storedPosition);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const drag = useRef<{ x: number; y: number; start: Position; moved: boolean } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, start: pos, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < CHAT_DRAG_THRESHOLD_PX) return;
    d.moved = true;
    setPos(clamp({ right: d.start.right - dx, bottom: d.start.bottom - dy }));
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    if (d.moved) {
      setPos((p) => {
        localStorage.setItem(POSITION_KEY, JSON.stringify(p));
        return p;
      });
    } else {
      setLoaded(true);
      setOpen(true);
    }
  };

  return (
    <>
      {!open && (
        <Tooltip title={t('button')} placement="left">
          <button
            type="button"
            className="assistant-fab"
            style={{ right: pos.right, bottom: pos.bottom, width: SIZE, height: SIZE }}
            aria-label={t('button')}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                setLoaded(true);
                setOpen(true);
              }
            }}
            data-testid="assistant-button"
          >
            <RobotOutlined />
          </button>
        </Tooltip>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
