import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseOsmAnd } from '../../../server/telemetry/osmandRequest';
import {
  replaySteps,
  startSimulation,
  type SimulationEvent,
  type SimulationOptions,
} from '../../../tools/simulator';
import { readTrackFile, type TrackPoint } from '../../../tools/tracks';
import { IngestBatchRequest } from '../../../src/api/ingest';
import { empty, fakeFetch, json, type FakeCall } from './fakeFetch';

const TRACKS = path.resolve(import.meta.dirname, '../../fixtures/tracks');
const START_MS = Date.UTC(2025, 5, 1, 12, 0, 0);
const SERVER = 'http://lifeline.test';

let run: readonly TrackPoint[];
beforeAll(async () => {
  const [washington] = await readTrackFile(path.join(TRACKS, 'run-washington-dc-hr.gpx'));
  run = washington?.points ?? [];
});

beforeEach(() => {
  vi.useFakeTimers({ now: START_MS });
});
afterEach(() => {
  vi.useRealTimers();
});

function options(overrides: Partial<SimulationOptions> = {}): SimulationOptions {
  return {
    server: SERVER,
    ingestKey: 'key-1',
    points: run.slice(0, 8),
    pollMessagesMs: null,
    ...overrides,
  };
}

/** The fix the server reads from a recorded OsmAnd call (server/telemetry/osmandRequest.ts). */
function serverView(call: FakeCall) {
  const parsed = parseOsmAnd(Object.fromEntries(call.url.searchParams), 'query', call.atMs);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

describe('startSimulation sending points (virtual time)', () => {
  it("sends every point over OsmAnd at the track's cadence, stamped with the virtual time", async () => {
    const device = fakeFetch(() => empty());
    const simulation = startSimulation(options({ speed: 2 }), { fetch: device.fetch });
    await vi.runAllTimersAsync();
    const stats = await simulation.done;

    const planned = [
      ...replaySteps(run.slice(0, 8), { speed: 2, loop: false, sosAt: null, startMs: START_MS }),
    ];
    expect(device.calls.map((call) => call.atMs)).toEqual(planned.map((s) => s.deviceTimeMs));
    expect(device.calls.every((call) => call.method === 'GET')).toBe(true);
    expect(device.calls.every((call) => call.url.pathname === '/ingest/osmand')).toBe(true);
    const fixes = device.calls.map((call) => serverView(call));
    expect(fixes.map((fix) => fix.ingestKey)).toEqual(planned.map(() => 'key-1'));
    expect(fixes.map((fix) => fix.points[0]?.Time)).toEqual(planned.map((s) => s.deviceTimeMs));
    expect(fixes.map((fix) => [fix.points[0]?.Lat, fix.points[0]?.Lon])).toEqual(
      run.slice(0, 8).map((p) => [p.lat, p.lon]),
    );
    // Speed goes out in knots and comes back as the plan's m/s.
    fixes.forEach((fix, i) => {
      expect(fix.points[0]?.Speed).toBeCloseTo(planned[i]?.speedMps ?? Number.NaN, 9);
    });
    expect(fixes.every((fix) => fix.events.length === 0)).toBe(true);
    expect(stats).toMatchObject({
      pointsSent: 8,
      pointsRejected: 0,
      retries: 0,
      loopsCompleted: 1,
    });
  });

  it('sends the SOS as alarm=sos with the point at the fraction, once per loop', async () => {
    const device = fakeFetch(() => empty());
    const points = run.slice(0, 5);
    const simulation = startSimulation(options({ points, speed: 10, loop: true, sosAt: 0.5 }), {
      fetch: device.fetch,
    });
    // Three loops of 5 points: the 15th call is the last point of loop 3.
    while (device.calls.length < 15) await vi.advanceTimersToNextTimerAsync();
    await simulation.stop();
    const alarms = device.calls.slice(0, 15).map((call) => call.url.searchParams.get('alarm'));
    expect(alarms).toEqual([0, 1, 2].flatMap(() => [null, null, 'sos', null, null]));
    expect(serverView(device.calls[2] as FakeCall).events).toEqual([
      { Time: device.calls[2]?.atMs, Type: 'SOS' },
    ]);
    const times = device.calls.map((call) => Number(call.url.searchParams.get('timestamp')));
    times.slice(1).forEach((time, i) => {
      expect(time).toBeGreaterThan(times[i] ?? Infinity);
    });
    expect(simulation.stats.sosSent).toBe(3);
    expect(simulation.stats.loopsCompleted).toBeGreaterThanOrEqual(3);
  });

  it('with heartRateEveryMs, sends a fix with its recorded heart rate as one batch at most that often', async () => {
    const device = fakeFetch((call) => (call.method === 'POST' ? json(200, {}) : empty()));
    const points = run.slice(0, 8);
    const simulation = startSimulation(options({ points, sosAt: 0, heartRateEveryMs: 10_000 }), {
      fetch: device.fetch,
    });
    await vi.runAllTimersAsync();
    const stats = await simulation.done;

    const planned = [
      ...replaySteps(points, { speed: 1, loop: false, sosAt: 0, startMs: START_MS }),
    ];
    // A heart rate goes with the first fix, then with the first fix 10 s of device time after it.
    let lastMs = Number.NEGATIVE_INFINITY;
    const withHeartRate = planned.map((step) => {
      const due = step.deviceTimeMs - lastMs >= 10_000;
      if (due) lastMs = step.deviceTimeMs;
      return due;
    });
    expect(withHeartRate.filter(Boolean).length).toBeGreaterThan(1);
    expect(device.calls.map((call) => call.method)).toEqual(
      withHeartRate.map((due) => (due ? 'POST' : 'GET')),
    );
    const batches = device.calls.filter((call) => call.method === 'POST');
    expect(batches.every((call) => call.url.pathname === '/ingest/batch')).toBe(true);
    const first = IngestBatchRequest.parse(batches[0]?.body);
    // The run's first fix: 130 bpm, and the SOS of the loop, at its device time.
    expect(first).toMatchObject({
      IngestKey: 'key-1',
      Points: [{ Time: START_MS, Lat: run[0]?.lat, Lon: run[0]?.lon, Battery: 100 }],
      Events: [
        { Time: START_MS, Type: 'VITALS', HeartRateBpm: 130 },
        { Time: START_MS, Type: 'SOS' },
      ],
    });
    const sent = batches.map((call) => IngestBatchRequest.parse(call.body));
    expect(sent.map((body) => body.Events[0]?.Time)).toEqual(
      sent.map((body) => body.Points[0]?.Time),
    );
    expect(sent.map((body) => body.Events[0])).toEqual(
      planned
        .filter((_, i) => withHeartRate[i])
        .map((step) => ({
          Time: step.deviceTimeMs,
          Type: 'VITALS',
          HeartRateBpm: step.point.heartRateBpm,
        })),
    );
    expect(stats).toMatchObject({ pointsSent: 8, heartRatesSent: batches.length, sosSent: 1 });
  });

  it('retries a point after a 503 with backoff (1 s, 2 s) and holds the next one back', async () => {
    let failures = 2;
    const device = fakeFetch((call) => {
      if (call.url.searchParams.get('lat') === String(run[1]?.lat) && failures > 0) {
        failures -= 1;
        return json(503, { ErrorCode: 'UNKNOWN', Error: 'Database unavailable' });
      }
      return empty();
    });
    const events: SimulationEvent[] = [];
    const points = run.slice(0, 3);
    const simulation = startSimulation(options({ points }), {
      fetch: device.fetch,
      onEvent: (event) => events.push(event),
    });
    await vi.runAllTimersAsync();
    const stats = await simulation.done;

    const second = (run[1]?.timeMs ?? 0) - (run[0]?.timeMs ?? 0);
    const third = (run[2]?.timeMs ?? 0) - (run[0]?.timeMs ?? 0);
    expect(
      device.calls.map((call) => [call.atMs - START_MS, call.url.searchParams.get('lat')]),
    ).toEqual([
      [0, String(run[0]?.lat)],
      [second, String(run[1]?.lat)],
      [second + 1_000, String(run[1]?.lat)],
      [second + 3_000, String(run[1]?.lat)],
      [Math.max(third, second + 3_000), String(run[2]?.lat)],
    ]);
    // The retried fix keeps its device time.
    expect(device.calls[3]?.url.searchParams.get('timestamp')).toBe(
      device.calls[1]?.url.searchParams.get('timestamp'),
    );
    expect(events.filter((e) => e.type === 'retrying')).toEqual([
      { type: 'retrying', attempt: 1, delayMs: 1_000, reason: 'HTTP 503: Database unavailable' },
      { type: 'retrying', attempt: 2, delayMs: 2_000, reason: 'HTTP 503: Database unavailable' },
    ]);
    expect(stats).toMatchObject({ pointsSent: 3, retries: 2, pointsRejected: 0 });
  });

  it('retries after a network failure', async () => {
    let fail = true;
    const device = fakeFetch(() => {
      if (fail) {
        fail = false;
        throw new TypeError('fetch failed');
      }
      return empty();
    });
    const events: SimulationEvent[] = [];
    const simulation = startSimulation(options({ points: run.slice(0, 1) }), {
      fetch: device.fetch,
      onEvent: (event) => events.push(event),
    });
    await vi.runAllTimersAsync();
    expect(await simulation.done).toMatchObject({ pointsSent: 1, retries: 1 });
    expect(device.calls.map((call) => call.atMs - START_MS)).toEqual([0, 1_000]);
    expect(events[0]).toEqual({
      type: 'retrying',
      attempt: 1,
      delayMs: 1_000,
      reason: 'fetch failed',
    });
  });

  it('reports a 400 and skips that point, then goes on', async () => {
    const device = fakeFetch((call) =>
      call.url.searchParams.get('lat') === String(run[1]?.lat)
        ? json(400, {
            ErrorCode: 'REQUEST_INVALID',
            Error: 'Invalid request: query.timestamp: Time is more than 5 minutes in the future',
          })
        : empty(),
    );
    const events: SimulationEvent[] = [];
    const simulation = startSimulation(options({ points: run.slice(0, 3) }), {
      fetch: device.fetch,
      onEvent: (event) => events.push(event),
    });
    await vi.runAllTimersAsync();
    const stats = await simulation.done;
    expect(device.calls).toHaveLength(3);
    expect(events.filter((e) => e.type !== 'point-sent')).toEqual([
      {
        type: 'point-rejected',
        loop: 0,
        index: 1,
        count: 3,
        status: 400,
        message: 'Invalid request: query.timestamp: Time is more than 5 minutes in the future',
      },
      { type: 'loop-finished', loop: 0 },
    ]);
    expect(stats).toMatchObject({ pointsSent: 2, pointsRejected: 1, retries: 0 });
  });

  it('treats a request without an answer within 15 s as a network failure', async () => {
    let hang = true;
    const device = fakeFetch(() => {
      if (hang) {
        hang = false;
        return new Promise<Response>(() => undefined);
      }
      return empty();
    });
    const events: SimulationEvent[] = [];
    const simulation = startSimulation(options({ points: run.slice(0, 1) }), {
      fetch: device.fetch,
      onEvent: (event) => events.push(event),
    });
    await vi.runAllTimersAsync();
    await simulation.done;
    expect(device.calls.map((call) => call.atMs - START_MS)).toEqual([0, 16_000]);
    expect(events[0]).toMatchObject({ type: 'retrying', reason: 'no answer within 15 s' });
  });

  it('drains the battery by 10 % per hour of device time', async () => {
    const device = fakeFetch(() => empty());
    const points = [0, 30, 60, 90].map((minutes) => ({
      ...(run[0] as TrackPoint),
      timeMs: (run[0]?.timeMs ?? 0) + minutes * 60_000,
    }));
    const simulation = startSimulation(options({ points }), { fetch: device.fetch });
    await vi.runAllTimersAsync();
    await simulation.done;
    expect(device.calls.map((call) => call.url.searchParams.get('batt'))).toEqual([
      '100',
      '95',
      '90',
      '85',
    ]);
  });

  it('stops on stop(): no request after it, done resolves with the counts', async () => {
    const device = fakeFetch(() => empty());
    const simulation = startSimulation(options({ loop: true }), { fetch: device.fetch });
    await vi.advanceTimersByTimeAsync(60_000);
    const sent = device.calls.length;
    expect(sent).toBeGreaterThan(1);
    await simulation.stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(device.calls).toHaveLength(sent);
    expect((await simulation.done).pointsSent).toBe(sent);
  });

  it.each([
    [{ server: 'ftp://x' }, /server must be an http\(s\) URL/],
    [{ ingestKey: ' ' }, /ingestKey must not be empty/],
    [{ points: [] }, /no points/],
    [{ speed: -1 }, /speed must be a number above 0/],
    [{ pollMessagesMs: 0 }, /pollMessagesMs must be above 0/],
    [{ batteryStartPct: 120 }, /batteryStartPct/],
  ])('refuses %o at once', (override, message) => {
    expect(() => startSimulation(options(override as Partial<SimulationOptions>))).toThrow(message);
  });
});
