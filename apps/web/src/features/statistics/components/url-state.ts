import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's state in its address, for the statistics drill-downs: the keys it keeps, read from the
 * URL (empty values dropped), patched in place (undefined or empty removes a key), and written into
 * the address of another level so filters survive going down and back.
 */
export function urlState<K extends string>(keys: readonly K[]) {
  type State = Partial<Record<K, string>>;

  function useUrl(): [State, (patch: State) => void] {
    const [params, setParams] = useSearchParams();
    const url = useMemo(() => {
      const out: State = {};
      for (const k of keys) {
        const v = params.get(k);
        if (v) out[k] = v;
      }
      return out;
    }, [params]);
    // A patch changes the address as it is now, not as this render saw it: the router renders a
    // navigation in a transition, so a second filter changed before that render commits (a quick
    // "Reset" after a choice) would otherwise rebuild the address from the older one.
    const patch = useCallback(
      (p: State) => {
        const next = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(p) as [string, string | undefined][]) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        setParams(next, { replace: true });
      },
      [setParams],
    );
    return [url, patch];
  }

  /** `path` with the state changed by `patch` (undefined removes a key), keys in their order. */
  function href(path: string, url: State, patch: State = {}): string {
    const merged: State = { ...url, ...patch };
    const q = new URLSearchParams();
    for (const k of keys) {
      const v = merged[k];
      if (v) q.set(k, v);
    }
    const s = q.toString();
    return s ? `${path}?${s}` : path;
  }

  return { useUrl, href };
}
