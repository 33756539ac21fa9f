import { useCallback, useEffect, useRef, useState } from 'react';

/** Props of {@link useReplayClock}: the replayed span (epoch ms), rate (× real time), playing. */
export interface ReplayClockOptions {
  readonly startMs: number;
  readonly endMs: number;
  /** Replay rate: 1 = real time, 100 = 100× faster. */
  readonly speed: number;
  readonly playing: boolean;
  /** Called once when the replay reaches `endMs` while playing. */
  readonly onEnd: () => void;
}

/**
 * The replay's clock (issue 7 item 3): on every animation frame while playing, the time advances by
 * the frame's real duration × `speed`, clamped to [startMs, endMs]. Returns the time (epoch ms) and a
 * setter for scrubbing. Only the component using it re-renders per frame; the store hears the time
 * through its own throttle.
 */
export function useReplayClock({ startMs, endMs, speed, playing, onEnd }: ReplayClockOptions) {
  const [timeMs, setTimeState] = useState(startMs);
  // The loop reads the time from a ref: a state updater may run later than the frame that queued it.
  const timeRef = useRef(startMs);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  }, [onEnd]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last: number | null = null;
    const step = (now: number) => {
      const elapsed = last === null ? 0 : now - last;
      last = now;
      const next = Math.min(endMs, Math.max(startMs, timeRef.current) + elapsed * speed);
      timeRef.current = next;
      setTimeState(next);
      if (next >= endMs) onEndRef.current();
      else frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [playing, speed, startMs, endMs]);

  const setTimeMs = useCallback((next: number) => {
    timeRef.current = next;
    setTimeState(next);
  }, []);
  const clamped = Math.min(endMs, Math.max(startMs, timeMs));
  return { timeMs: clamped, setTimeMs };
}
