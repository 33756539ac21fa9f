import { describe, expect, it } from 'vitest';
import type { IngestOutcome, IngestRequest } from '../../../server/telemetry/ingest';
import {
  createIngestGroupCommit,
  GROUPED_REQUEST_ITEMS_MAX,
  type IngestStore,
} from '../../../server/telemetry/ingestGroupCommit';

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const request = (ingestKey: string, time = 1): IngestRequest => ({
  ingestKey,
  input: { points: [{ Time: time, Lat: 60, Lon: 5 }], events: [] },
  nowMs: 1_795_000_000_000,
});

/** The outcome the fake store answers for a request: its key's length as `accepted`, to tell them apart. */
const outcomeOf = (req: IngestRequest): IngestOutcome => ({
  kind: 'stored',
  accepted: req.ingestKey.length,
  duplicates: 0,
  commit: {
    memberId: 1,
    wearerId: 1,
    deviceId: 1,
    fixTimes: [],
    activities: [],
    battery: null,
    alerts: [],
    nowMs: req.nowMs,
  },
});

/**
 * A store whose transactions finish only when the test says so: records each call (`one` with a
 * key, `group` with its keys) and holds it until {@link settle}.
 */
function heldStore(failing: ReadonlySet<string> = new Set()) {
  const calls: {
    kind: 'one' | 'group';
    keys: string[];
    done: ReturnType<typeof deferred<undefined>>;
  }[] = [];
  const store: IngestStore = {
    async one(req) {
      const done = deferred<undefined>();
      calls.push({ kind: 'one', keys: [req.ingestKey], done });
      await done.promise;
      if (failing.has(req.ingestKey)) throw new Error(`bad ${req.ingestKey}`);
      return outcomeOf(req);
    },
    async group(reqs) {
      const done = deferred<undefined>();
      calls.push({ kind: 'group', keys: reqs.map((r) => r.ingestKey), done });
      await done.promise;
      if (reqs.some((r) => failing.has(r.ingestKey))) throw new Error('group failed');
      return reqs.map(outcomeOf);
    },
  };
  /** Lets the n-th call finish and the scheduler react. */
  const settle = async (n: number) => {
    calls[n]?.done.resolve(undefined);
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { store, calls, settle };
}

const shape = (calls: ReturnType<typeof heldStore>['calls']) =>
  calls.map((call) => `${call.kind}:${call.keys.join(',')}`);

describe('ingest group commit (issue 5 item 8)', () => {
  it('starts a request at once, alone, when its lane is free', () => {
    const { store, calls } = heldStore();
    const commit = createIngestGroupCommit(store, { maxLiveInFlight: 2, minCrowdedGroup: 1 });
    void commit.submit(request('a'));
    void commit.submit(request('bb'));
    expect(shape(calls)).toEqual(['one:a', 'one:bb']);
    expect(commit.pending).toBe(0);
  });

  it('keeps one transaction of small requests in flight by default, the others gathering behind it', () => {
    const { store, calls } = heldStore();
    const commit = createIngestGroupCommit(store);
    void commit.submit(request('a'));
    void commit.submit(request('bb'));
    void commit.submit(request('ccc'));
    expect(shape(calls)).toEqual(['one:a']);
    expect(commit.pending).toBe(2);
  });

  it('starts a second transaction beside the first only once a crowd of distinct devices waits', async () => {
    const { store, calls, settle } = heldStore();
    const commit = createIngestGroupCommit(store, { minCrowdedGroup: 3 });
    void commit.submit(request('a'));
    void commit.submit(request('bb'));
    void commit.submit(request('ccc'));
    // A device's second request is not a third device: still no crowd.
    void commit.submit(request('bb', 2));
    expect(shape(calls)).toEqual(['one:a']);
    void commit.submit(request('dddd'));
    expect(shape(calls)).toEqual(['one:a', 'group:bb,ccc,dddd']);
    expect(commit.pending).toBe(1);
    // No third transaction (two by default), however many wait.
    for (const key of ['e', 'f', 'g', 'h']) void commit.submit(request(key));
    expect(calls).toHaveLength(2);
    // Once a transaction finished, the next starts for whatever waits, crowd or not — but not with
    // bb's second request while its first is in flight in the other transaction.
    await settle(0);
    expect(shape(calls)).toEqual(['one:a', 'group:bb,ccc,dddd', 'group:e,f,g,h']);
    // bb's second request alone is no crowd: it waits for a transaction to be the only one.
    await settle(1);
    expect(calls).toHaveLength(3);
    await settle(2);
    expect(shape(calls)).toEqual(['one:a', 'group:bb,ccc,dddd', 'group:e,f,g,h', 'one:bb']);
  });

  it('looks for the crowd among the first few waiting requests only', () => {
    const { store, calls } = heldStore();
    const commit = createIngestGroupCommit(store, { minCrowdedGroup: 2 });
    void commit.submit(request('a'));
    // One device's eight requests fill the window of 4 × 2 the crowd is looked for in.
    for (let time = 1; time <= 8; time += 1) void commit.submit(request('x', time));
    void commit.submit(request('y'));
    expect(shape(calls)).toEqual(['one:a']);
    expect(commit.pending).toBe(9);
  });

  it('gathers the requests that arrive while every transaction is busy into one group, one per device', async () => {
    const { store, calls, settle } = heldStore();
    const commit = createIngestGroupCommit(store, { maxLiveInFlight: 1 });
    const first = commit.submit(request('a'));
    const waiting = [
      commit.submit(request('bb')),
      commit.submit(request('ccc')),
      commit.submit(request('bb', 2)),
    ];
    expect(commit.pending).toBe(3);
    await settle(0);
    await expect(first).resolves.toMatchObject({ accepted: 1 });
    // The device's second request waits for a later transaction, so it sees the first one's effects.
    expect(shape(calls)).toEqual(['one:a', 'group:bb,ccc']);
    expect(commit.pending).toBe(1);
    await settle(1);
    expect(shape(calls)).toEqual(['one:a', 'group:bb,ccc', 'one:bb']);
    await settle(2);
    const outcomes = await Promise.all(waiting);
    expect(outcomes.map((o) => (o.kind === 'stored' ? o.accepted : -1))).toEqual([2, 3, 2]);
  });

  const backlogOf = (ingestKey: string): IngestRequest => ({
    ...request(ingestKey),
    input: {
      points: Array.from({ length: GROUPED_REQUEST_ITEMS_MAX + 1 }, (_, i) => ({
        Time: i + 1,
        Lat: 60,
        Lon: 5,
      })),
      events: [],
    },
  });

  it('runs a large request (a backlog) alone in its own lane, never holding up live fixes', async () => {
    const { store, calls, settle } = heldStore();
    const commit = createIngestGroupCommit(store, { maxLiveInFlight: 1 });
    void commit.submit(request('a'));
    void commit.submit(request('b'));
    void commit.submit(backlogOf('big'));
    void commit.submit(request('c'));
    // The backlog starts beside the live transaction, not behind it.
    expect(shape(calls)).toEqual(['one:a', 'one:big']);
    await settle(0);
    // The live fixes go on while the backlog is still in flight, and it never joins their group.
    expect(shape(calls)).toEqual(['one:a', 'one:big', 'group:b,c']);
    await settle(2);
    void commit.submit(request('d'));
    expect(shape(calls)).toEqual(['one:a', 'one:big', 'group:b,c', 'one:d']);
  });

  it("holds a device's live fix while its backlog is in flight, and no other device's with it", async () => {
    const { store, calls, settle } = heldStore();
    const commit = createIngestGroupCommit(store);
    void commit.submit(backlogOf('watch'));
    const liveFix = commit.submit(request('watch', 2));
    void commit.submit(request('phone'));
    // The watch's backlog holds its device lock: a group with its live fix would wait for it, and
    // the phone's fix with it. The phone goes on; the watch's fix waits outside the lane.
    expect(shape(calls)).toEqual(['one:watch', 'one:phone']);
    expect(commit.pending).toBe(1);
    await settle(1);
    expect(shape(calls)).toEqual(['one:watch', 'one:phone']);
    await settle(0);
    expect(shape(calls)).toEqual(['one:watch', 'one:phone', 'one:watch']);
    await settle(2);
    await expect(liveFix).resolves.toMatchObject({ accepted: 5 });
    expect(commit.pending).toBe(0);
  });

  it('runs at most maxBacklogInFlight large requests at once, the next when one finishes', async () => {
    const { store, calls, settle } = heldStore();
    const commit = createIngestGroupCommit(store, { maxBacklogInFlight: 2 });
    for (const key of ['x', 'y', 'z']) void commit.submit(backlogOf(key));
    expect(shape(calls)).toEqual(['one:x', 'one:y']);
    expect(commit.pending).toBe(1);
    await settle(1);
    expect(shape(calls)).toEqual(['one:x', 'one:y', 'one:z']);
    expect(commit.pending).toBe(0);
  });

  it('never runs two transactions of one device at once, across the lanes', async () => {
    const { store, calls, settle } = heldStore();
    const commit = createIngestGroupCommit(store);
    void commit.submit(request('watch'));
    // The watch's backlog waits for its live fix, its second backlog for its first; the phone's
    // backlog goes on at once.
    void commit.submit(backlogOf('watch'));
    void commit.submit(backlogOf('watch'));
    void commit.submit(backlogOf('phone'));
    expect(shape(calls)).toEqual(['one:watch', 'one:phone']);
    await settle(0);
    expect(shape(calls)).toEqual(['one:watch', 'one:phone', 'one:watch']);
    await settle(2);
    expect(shape(calls)).toEqual(['one:watch', 'one:phone', 'one:watch', 'one:watch']);
    expect(commit.pending).toBe(0);
  });

  it('puts at most maxGroup requests in one transaction', async () => {
    const { store, calls, settle } = heldStore();
    const commit = createIngestGroupCommit(store, { maxLiveInFlight: 1, maxGroup: 2 });
    void commit.submit(request('a'));
    for (const key of ['b', 'c', 'd']) void commit.submit(request(key));
    await settle(0);
    await settle(1);
    expect(shape(calls)).toEqual(['one:a', 'group:b,c', 'one:d']);
  });

  it('retries each request of a failed group alone, so only the failing one fails', async () => {
    const { store, calls, settle } = heldStore(new Set(['bad']));
    const commit = createIngestGroupCommit(store, { maxLiveInFlight: 1 });
    void commit.submit(request('a'));
    const good = commit.submit(request('good'));
    const bad = commit.submit(request('bad'));
    await settle(0);
    await settle(1);
    expect(shape(calls)).toEqual(['one:a', 'group:good,bad', 'one:good']);
    await settle(2);
    expect(shape(calls)).toEqual(['one:a', 'group:good,bad', 'one:good', 'one:bad']);
    await settle(3);
    await expect(good).resolves.toMatchObject({ accepted: 4 });
    await expect(bad).rejects.toThrow('bad bad');
  });
});
