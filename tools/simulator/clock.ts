/**
 * The simulator's sense of time (issue 5 item 6), injected so a whole replay runs in virtual time in
 * tests (vitest fake timers drive {@link systemClock}) and in real time from the CLI or the live demo.
 * - `now()`: the device clock, epoch ms;
 * - `sleep(ms, signal)`: resolves after `ms` milliseconds, or as soon as `signal` aborts (never
 *   rejects; an already aborted signal resolves at once).
 */
export interface SimulationClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** The process clock: `Date.now` and `setTimeout`, read at each call (so fake timers replace them). */
export const systemClock: SimulationClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) {
        resolve();
        return;
      }
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', finish);
        resolve();
      };
      const timer = setTimeout(finish, Math.max(0, ms));
      signal.addEventListener('abort', finish, { once: true });
    }),
};
