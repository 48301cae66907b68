import { useEffect, useState } from 'react';

/** The time now (ms), renewed every `everyMs`: for lists where something opens at a given moment. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
