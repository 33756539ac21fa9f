import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from '../../../server/lifecycle/periodicJob';

/*
 * The server's periodic jobs (alert sweep, outbox, silence sweep, share expiry) share one loop
 * (server/lifecycle/periodicJob.ts), tested here in virtual time.
 */

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodic', () => {
  it('runs on its interval, a failure reported and the next run as planned', async () => {
    const runs: number[] = [];
    const errors: unknown[] = [];
    const periodic = startPeriodic(
      () => {
        runs.push(Date.now());
        return runs.length === 2 ? Promise.reject(new Error('database gone')) : Promise.resolve();
      },
      1_000,
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toEqual([1_000, 2_000, 3_000]);
    expect(errors).toEqual([new Error('database gone')]);
    await periodic.stop();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toHaveLength(3);
  });

  it('runs one at a time: the runs due during a slow one make one more when it ends', async () => {
    const starts: number[] = [];
    let inFlight = 0;
    let most = 0;
    const periodic = startPeriodic(
      async () => {
        starts.push(Date.now());
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        inFlight -= 1;
      },
      1_000,
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(most).toBe(1);
    // Ticks at 2 and 3 s wait for the run of 1 s and make one run; so do 4, 5 and 6 s …
    expect(starts).toEqual([1_000, 3_500, 6_000, 8_500]);
    const stopped = periodic.stop();
    await vi.advanceTimersByTimeAsync(2_500);
    await stopped;
    // … and no run follows the stop, whatever was due.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts).toHaveLength(4);
  });

  it('stop waits for the run in progress; runNow runs at once', async () => {
    let finished = false;
    const periodic = startPeriodic(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
      60_000,
      () => undefined,
    );
    periodic.runNow();
    const stopped = periodic.stop();
    let stoppedAt: number | null = null;
    void stopped.then(() => (stoppedAt = Date.now()));
    await vi.advanceTimersByTimeAsync(499);
    expect(stoppedAt).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(finished).toBe(true);
    expect(stoppedAt).toBe(500);
  });
});
