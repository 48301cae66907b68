import { useCallback, useEffect, useState } from 'react';

/**
 * Full-screen mode of the shell: the header hides (spec section 2). It also asks the browser for
 * full screen when it can; leaving the browser's full screen (Esc, F11) leaves the mode too.
 */
export function useFullScreen(): { full: boolean; enter: () => void; exit: () => void } {
  const [full, setFull] = useState(false);

  const enter = useCallback(() => {
    setFull(true);
    // Refused without a user gesture or inside some frames; the header still hides.
    document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);

  const exit = useCallback(() => {
    setFull(false);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!full) return;
    const onChange = () => {
      if (!document.fullscreenElement) setFull(false);
    };
    const onKey = (e: KeyboardEvent) => {
      // With the browser in full screen, Esc is the browser's and arrives as fullscreenchange.
      if (e.key === 'Escape' && !document.fullscreenElement && !document.querySelector('.ant-modal-wrap')) setFull(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      window.removeEventListener('keydown', onKey);
    };
  }, [full]);

  return { full, enter, exit };
}
