import { useCallback, useEffect, useRef, useState } from 'react';
import { VISIT_HEARTBEAT_MS } from '@hxk/contracts/patrol';
import { ApiError } from '../../../lib/api.ts';
import { endVisit, startVisit, visitHeartbeat } from '../api/patrol.ts';

/**
 * The patrol visit of a room while its detail is open: started on opening, kept alive every
 * VISIT_HEARTBEAT_MS, ended on leaving (or when the tab goes away). A visit the server counts as
 * ended (the computer slept) is replaced by a new one.
 */
export function useVisit(classroomId: string, enabled: boolean) {
  const [visitId, setVisitId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // The server's clock minus this device's, from the visit's replies: a comment names the moment of
  // the live picture on the server's clock, which the recording is indexed by.
  const offset = useRef(0);
  const learn = (v: { lastSeenAt: string }) => {
    offset.current = Date.parse(v.lastSeenAt) - Date.now();
  };
  const serverNow = useCallback(() => new Date(Date.now() + offset.current), []);

  useEffect(() => {
    if (!enabled || !classroomId) return;
    let current: string | null = null;
    let stopped = false;
    const begin = () =>
      startVisit(classroomId).then(
        (v) => {
          if (stopped) return void endVisit(v.visitId).catch(() => undefined);
          current = v.visitId;
          learn(v);
          setVisitId(v.visitId);
          setFailed(false);
        },
        () => !stopped && setFailed(true),
      );
    void begin();
    const timer = setInterval(() => {
      if (!current) return void begin();
      visitHeartbeat(current).then(learn).catch((e: unknown) => {
        if (e instanceof ApiError && (e.errorKey === 'patrol.visitEnded' || e.errorKey === 'patrol.notYourVisit')) {
          current = null;
          void begin();
        }
      });
    }, VISIT_HEARTBEAT_MS);
    const leave = () => {
      if (current) void endVisit(current).catch(() => undefined);
      current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
      setVisitId(null);
    };
  }, [classroomId, enabled]);

  return { visitId, failed, serverNow };
}
