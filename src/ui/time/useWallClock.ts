import { useEffect, useState } from 'react';

/**
 * The wall clock (epoch ms), read at every render, for a text that changes at moments it can name:
 * `nextReadAt(now)` says when (epoch ms, on `clock`) the component must read it again, or null for
 * never, and the hook re-renders it then. Unlike {@link useNow}'s fixed interval, the wake-up follows
 * the data: a render for another reason (a new fix) reads the clock afresh and moves the wake-up, so
 * a line that has nothing to count between two fixes costs no render and no frame
 * (src/store/realtime/dataFreshness.ts `nextAgeReadAt`).
 *
 * @param nextReadAt from the clock's reading, the next moment to read it (epoch ms; a moment already
 *   past re-renders at once), or null.
 * @param clock the wall clock, epoch ms (Date.now; tests pass fake timers' clock the same way).
 */
export function useWallClock(
  nextReadAt: (nowMs: number) => number | null,
  clock: () => number = Date.now,
): number {
  const [, setReads] = useState(0);
  const nowMs = clock();
  const wakeAt = nextReadAt(nowMs);
  useEffect(() => {
    if (wakeAt === null) return undefined;
    const timer = setTimeout(
      () => {
        setReads((reads) => reads + 1);
      },
      Math.max(0, wakeAt - clock()),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [wakeAt, clock]);
  return nowMs;
}
