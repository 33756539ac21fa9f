import { useEffect, useState } from 'react';

/**
 * The wall clock (epoch ms) re-read every `intervalMs` ms while the component is mounted, for
 * countdowns and "12 s ago" texts. Screens never compute ages from render time alone: without this
 * hook a text like "live" would stay on screen after the data went stale.
 */
export function useNow(intervalMs = 1_000, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(clock());
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [intervalMs, clock]);
  return now;
}
