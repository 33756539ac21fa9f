import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serialRuns } from '../../../server/lifecycle/periodicJob';
import { OUTBOX_ROUND_INTERVAL_MS, outboxPlugin } from '../../../server/outbox/outboxPlugin';

/*
 * The server's own outbox rounds (server/outbox/outboxPlugin.ts): one at start, then one per
 * interval, in virtual time (only the interval timer is faked; Fastify's own timers stay real).
 */

/** Lets the rounds' promise chain run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('outboxPlugin', () => {
  it('runs a round when the server is ready and then every 15 s, a failed round not stopping them', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const deliver = vi
      .fn<() => Promise<unknown>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('database gone'))
      .mockResolvedValue(undefined);
    const app = Fastify({ logger: false });
    const failures: unknown[] = [];
    await app.register(outboxPlugin, {
      rounds: serialRuns(deliver, (error) => failures.push(error)),
    });
    await app.ready();
    await settle();
    expect(deliver).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(OUTBOX_ROUND_INTERVAL_MS - 1);
    await settle();
    expect(deliver).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await settle();
    expect(deliver).toHaveBeenCalledTimes(2);
    expect(failures).toEqual([new Error('database gone')]);
    vi.advanceTimersByTime(OUTBOX_ROUND_INTERVAL_MS);
    await settle();
    expect(deliver).toHaveBeenCalledTimes(3);
    await app.close();
    vi.advanceTimersByTime(10 * OUTBOX_ROUND_INTERVAL_MS);
    await settle();
    expect(deliver).toHaveBeenCalledTimes(3);
  });

  it('a round asked for during one in progress follows it; none runs beside it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const finishes: (() => void)[] = [];
    const deliver = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finishes.push(resolve);
        }),
    );
    const rounds = serialRuns(deliver, () => undefined);
    const app = Fastify({ logger: false });
    await app.register(outboxPlugin, { rounds });
    await app.ready();
    await settle();
    expect(deliver).toHaveBeenCalledTimes(1);
    // The ingest stores an SOS twice and the interval falls due while a mail server keeps the first
    // round waiting.
    rounds.runNow();
    rounds.runNow();
    vi.advanceTimersByTime(OUTBOX_ROUND_INTERVAL_MS);
    await settle();
    expect(deliver).toHaveBeenCalledTimes(1);
    finishes[0]?.();
    await settle();
    expect(deliver).toHaveBeenCalledTimes(2);
    finishes[1]?.();
    await settle();
    expect(deliver).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('closing the server waits for the round in progress', async () => {
    let finish: () => void = () => undefined;
    const deliver = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const app = Fastify({ logger: false });
    await app.register(outboxPlugin, { rounds: serialRuns(deliver, () => undefined) });
    await app.ready();
    await settle();
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await settle();
    expect(closed).toBe(false);
    finish();
    await closing;
    expect(closed).toBe(true);
  });
});
