import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A phase in [0, `intervalMs`) derived from `key` (FNV-1a hash): many components with different keys
 * spread their {@link usePhasedNow} ticks evenly over the interval.
 */
export function phaseOf(key: string, intervalMs: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % intervalMs;
}

/** Ticks falling this close together (one display frame, ms) are delivered in one task. */
const BATCH_MS = 16;

interface Ticker {
  readonly intervalMs: number;
  /** Where in each interval it ticks, ms; moved when the clock restarts. */
  phaseMs: number;
  /** When this ticker is next due, epoch ms. */
  due: number;
  readonly tick: (now: number) => void;
}

/** The first time after `after` (epoch ms) at `phaseMs` into an interval of `intervalMs`. */
function nextDue(intervalMs: number, phaseMs: number, after: number): number {
  const into = (((after - phaseMs) % intervalMs) + intervalMs) % intervalMs;
  return after + intervalMs - into;
}

/*
 * One timer for every mounted usePhasedNow: it fires at the earliest due ticker and ticks every
 * ticker due within BATCH_MS of it in the same task, so React renders them together (one render per
 * frame at most, not one per ticker). Module state, like the timers themselves.
 */
const tickers = new Set<Ticker>();
let timer: ReturnType<typeof setTimeout> | undefined;
let timerDue = Infinity;

function arm(): void {
  let earliest = Infinity;
  for (const ticker of tickers) earliest = Math.min(earliest, ticker.due);
  if (earliest === timerDue) return;
  // Postponed (a restarted clock was the earliest): the armed timer stays. It fires early, ticks
  // whatever is due by then and arms again, which costs less than a new timer on every fix.
  if (earliest > timerDue && earliest !== Infinity) return;
  clearTimeout(timer);
  timerDue = earliest;
  timer = earliest === Infinity ? undefined : setTimeout(fire, Math.max(0, earliest - Date.now()));
}

function fire(): void {
  timerDue = Infinity;
  timer = undefined;
  const now = Date.now();
  for (const ticker of tickers) {
    if (ticker.due > now + BATCH_MS) continue;
    ticker.due = nextDue(ticker.intervalMs, ticker.phaseMs, Math.max(now, ticker.due));
    ticker.tick(now);
  }
  arm();
}

/**
 * How long after a full interval a restarted clock ticks, ms: a source reporting once an interval
 * whose next report comes up to this late still re-renders its component once, not twice.
 */
export const RESTART_SLACK_MS = 250;

/**
 * The wall clock (`Date.now()`, epoch ms) re-read every `intervalMs` ms at `phaseMs` into each
 * interval (at the clock times t with t mod intervalMs = phaseMs), while the component is mounted
 * and `active` (default true). Like `useNow`, but many components given different phases (see
 * {@link phaseOf}) re-render a few at a time instead of all in the same frame: the operator
 * monitor's 100 cards each count their own data age. All of them share one timer, and those due in
 * the same frame tick in one task. While not `active` (a card out of sight) the clock stands still;
 * it is read again at once when it becomes active.
 *
 * `restartedAt`: when the component last changed for another reason, on the same clock (epoch ms; a
 * card's newest fix arriving), or null. The clock restarts from there: the value returned is at least
 * `restartedAt`, the next tick is due one interval plus {@link RESTART_SLACK_MS} after it, and later
 * ticks keep that phase. The component re-renders for the change anyway, so it needs no tick until a
 * full interval has passed: a wearer reporting once an interval re-renders its card's age once an
 * interval (at each fix), not twice (docs/monitor.md "Cost per frame").
 */
export function usePhasedNow(
  intervalMs: number,
  phaseMs: number,
  active = true,
  restartedAt: number | null = null,
): number {
  const [now, setNow] = useState(Date.now);
  const started = useRef(false);
  const current = useRef<Ticker | null>(null);
  // Layout effects, both: the ticker is registered before the restart below looks for it.
  useLayoutEffect(() => {
    // Read at once when the clock starts after standing still; not at mount (just read).
    const restart = started.current;
    started.current = true;
    if (!active) return undefined;
    if (restart) setNow(Date.now());
    const ticker: Ticker = {
      intervalMs,
      phaseMs,
      due: nextDue(intervalMs, phaseMs, Date.now()),
      tick: setNow,
    };
    tickers.add(ticker);
    current.current = ticker;
    arm();
    return () => {
      tickers.delete(ticker);
      current.current = null;
      arm();
    };
  }, [intervalMs, phaseMs, active]);
  // A layout effect: it runs within the commit of the render that brought the change. As a passive
  // effect it would cost React a scheduler task of its own after every fix's render.
  useLayoutEffect(() => {
    const ticker = current.current;
    if (restartedAt === null || !ticker) return;
    const from = restartedAt + RESTART_SLACK_MS;
    ticker.phaseMs = from % ticker.intervalMs;
    ticker.due = Math.max(ticker.due, nextDue(ticker.intervalMs, ticker.phaseMs, from));
    arm();
  }, [restartedAt, active]);
  return restartedAt === null ? now : Math.max(now, restartedAt);
}
