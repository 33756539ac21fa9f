import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackColumnsLike } from '../../../../src/ui/map/trackAttributes';
import { growingTrack } from '../../support/growingTrack';
import { deriveTrack, type TrackDerived } from '../../../../src/ui/map/trackDerivation';
import type { TrackDerivationRequest } from '../../../../src/ui/map/trackDerivation.worker';
import {
  DERIVATIONS_PER_WORKER,
  derivedTrackOf,
  SYNC_DERIVATION_MAX_POINTS,
  workerRunner,
  type TrackDerivationRunner,
} from '../../../../src/ui/map/trackDerivations';

/** A stand-in for the track worker: records requests; the test answers them. */
function fakeWorker() {
  const requests: { request: TrackDerivationRequest; transfer: Transferable[] }[] = [];
  const worker = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    onerror: null as (() => void) | null,
    onmessageerror: null as (() => void) | null,
    terminated: false,
    postMessage(request: TrackDerivationRequest, transfer: Transferable[]) {
      requests.push({ request, transfer });
    },
    terminate() {
      this.terminated = true;
    },
    /** Answers request `index` as the real worker would. */
    answer(index: number) {
      const entry = requests[index];
      if (!entry) throw new Error(`no request ${String(index)}`);
      const derived = deriveTrack(entry.request.input);
      this.onmessage?.({ data: { id: entry.request.id, derived } } as MessageEvent);
    },
  };
  return { worker, requests, create: () => worker as unknown as Worker };
}

describe('deriving a track', () => {
  it('colours, times and ranks every point of the columns it is given', () => {
    const derived = deriveTrack(growingTrack(5, 3, 8));
    expect(derived.version).toBe(3);
    expect(derived.length).toBe(5);
    expect(derived.positions).toHaveLength(10);
    expect([...derived.seconds]).toEqual([0, 1, 2, 3, 4]);
    expect(derived.colours).toHaveLength(20);
    expect(derived.importance[0]).toBe(Infinity);
    expect(derived.importance[4]).toBe(Infinity);
    expect(derived.maxSpeed).toBeCloseTo(3, 5);
  });
});

describe('where tracks are derived', () => {
  it('derives a small track at once, once per version', () => {
    const columns = growingTrack(SYNC_DERIVATION_MAX_POINTS);
    const derive = vi.fn<TrackDerivationRunner['derive']>();
    const derived = derivedTrackOf(columns, { derive });
    expect(derived).not.toBeInstanceOf(Promise);
    expect(derivedTrackOf(columns, { derive })).toBe(derived);
    expect(derive).not.toHaveBeenCalled();
  });

  it('hands a large track to the runner once, then answers the settled drawing itself', async () => {
    const columns = growingTrack(SYNC_DERIVATION_MAX_POINTS + 1);
    const derive = vi.fn((c: TrackColumnsLike) => Promise.resolve(deriveTrack(c)));
    const first = derivedTrackOf(columns, { derive });
    expect(first).toBeInstanceOf(Promise);
    expect(derivedTrackOf(columns, { derive })).toBe(first);
    const derived = await first;
    expect(derivedTrackOf(columns, { derive })).toBe(derived);
    expect(derive).toHaveBeenCalledTimes(1);
  });
});

describe('the worker runner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a copy of the columns with its buffers transferred and answers what the worker derived', async () => {
    const fake = fakeWorker();
    const runner = workerRunner(fake.create, 1);
    const columns = growingTrack(100, 1, 128);
    const answer = runner.derive(columns);
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
    expect(sent?.request.input.positions).toHaveLength(200);
    expect(sent?.request.input.positions.buffer).not.toBe(columns.positions.buffer);
    expect(sent?.transfer).toContain(sent?.request.input.positions.buffer);
    fake.worker.answer(0);
    const derived = await answer;
    expect(derived.length).toBe(100);
    expect([...derived.importance]).toEqual([...deriveTrack(columns).importance]);
  });

  it('replaces a waiting older version of a growing track by the newer one', async () => {
    const fake = fakeWorker();
    const runner = workerRunner(fake.create, 1);
    const others = [runner.derive(growingTrack(50)), runner.derive(growingTrack(55))];
    const grown = growingTrack(60, 1, 100);
    const v1 = runner.derive(grown);
    const v2 = runner.derive({ ...grown, length: 70, version: 2 });
    const v3 = runner.derive({ ...grown, length: 80, version: 3 });
    // The worker holds the two others; the growing track waits once, at its newest.
    expect(fake.requests).toHaveLength(DERIVATIONS_PER_WORKER);
    fake.worker.answer(0);
    expect((await others[0])?.length).toBe(50);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]?.request.input.version).toBe(3);
    fake.worker.answer(1);
    fake.worker.answer(2);
    expect((await others[1])?.length).toBe(55);
    const drawings: TrackDerived[] = await Promise.all([v1, v2, v3]);
    expect(drawings.map((d) => d.length)).toEqual([80, 80, 80]);
  });

  it('queues a second derivation behind the one a worker runs, so the worker never waits for the page', async () => {
    const fake = fakeWorker();
    const runner = workerRunner(fake.create, 1);
    const answers = [growingTrack(10), growingTrack(20), growingTrack(30)].map((columns) =>
      runner.derive(columns),
    );
    expect(fake.requests.map((r) => r.request.input.length)).toEqual([10, 20]);
    fake.worker.answer(0);
    expect((await answers[0])?.length).toBe(10);
    // Answered in order; the third moves up behind the second.
    expect(fake.requests.map((r) => r.request.input.length)).toEqual([10, 20, 30]);
    fake.worker.answer(1);
    fake.worker.answer(2);
    expect((await Promise.all(answers)).map((d) => d.length)).toEqual([10, 20, 30]);
  });

  it('spreads derivations over a pool of workers, an idle or new one first, the rest waiting', async () => {
    const fakes = [fakeWorker(), fakeWorker()];
    let made = 0;
    const runner = workerRunner(() => {
      const fake = fakes[made++];
      if (!fake) throw new Error('a third worker');
      return fake.create();
    }, 2);
    const answers = [10, 20, 30, 40, 50].map((n) => runner.derive(growingTrack(n)));
    expect(fakes.map((f) => f.requests.map((r) => r.request.input.length))).toEqual([
      [10, 30],
      [20, 40],
    ]);
    fakes[1]?.worker.answer(0);
    expect((await answers[1])?.length).toBe(20);
    // The worker with room takes the waiting track.
    expect(fakes.map((f) => f.requests.length)).toEqual([2, 3]);
    fakes[0]?.worker.answer(0);
    fakes[0]?.worker.answer(1);
    fakes[1]?.worker.answer(1);
    fakes[1]?.worker.answer(2);
    expect((await Promise.all(answers)).map((d) => d.length)).toEqual([10, 20, 30, 40, 50]);
    expect(made).toBe(2);
  });

  it('starts a worker ahead of the first derivation when prewarmed, and only one', async () => {
    const fake = fakeWorker();
    const create = vi.fn(fake.create);
    const runner = workerRunner(create, 2);
    runner.prewarm?.();
    runner.prewarm?.();
    expect(create).toHaveBeenCalledTimes(1);
    const answer = runner.derive(growingTrack(30));
    expect(create).toHaveBeenCalledTimes(1);
    expect(fake.requests).toHaveLength(1);
    fake.worker.answer(0);
    expect((await answer).length).toBe(30);
  });

  it('prewarms nothing without workers, and still derives', async () => {
    const runner = workerRunner(null);
    runner.prewarm?.();
    const answer = runner.derive(growingTrack(20));
    await vi.runAllTimersAsync();
    expect((await answer).length).toBe(20);
  });

  it('derives on the main thread, in a task of its own, when there is no worker', async () => {
    const runner = workerRunner(null);
    let settled: TrackDerived | null = null;
    void runner.derive(growingTrack(20)).then((derived) => {
      settled = derived;
    });
    await Promise.resolve();
    expect(settled).toBeNull();
    await vi.runAllTimersAsync();
    expect(settled).toMatchObject({ length: 20, version: 1 });
  });

  it('falls back to the main thread when the worker fails, for the requests it held and the next', async () => {
    const fake = fakeWorker();
    const runner = workerRunner(fake.create, 1);
    const held = [runner.derive(growingTrack(30)), runner.derive(growingTrack(35))];
    fake.worker.onerror?.();
    expect(fake.worker.terminated).toBe(true);
    const next = runner.derive(growingTrack(40));
    await vi.runAllTimersAsync();
    expect((await Promise.all(held)).map((d) => d.length)).toEqual([30, 35]);
    expect((await next).length).toBe(40);
    expect(fake.requests).toHaveLength(2);
  });
});
