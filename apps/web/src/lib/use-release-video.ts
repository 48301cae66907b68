import { useEffect, type RefObject } from 'react';

/** Torn down with the page: no download goes on for a <video> nobody sees. */
export function useReleaseVideo(ref: RefObject<HTMLVideoElement | null>): void {
  useEffect(() => {
    const video = ref.current;
    return () => {
      if (!video) return;
      video.pause();
      video.removeAttribute('src');
      video.load();
    };
  }, [ref]);
}
