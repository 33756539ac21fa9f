import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseOsmAnd } from '../../../server/telemetry/osmandRequest';
import {
  KNOTS_PER_MPS,
  LOOP_CLOSED_WITHIN_M,
  mpsToKnots,
  osmandUrl,
  replaySteps,
  type ReplayStep,
} from '../../../tools/simulator';
import { distanceM } from '../../../tools/simulator/motion';
import { readTrackFile, type TrackPoint } from '../../../tools/tracks';

const TRACKS = path.resolve(import.meta.dirname, '../../fixtures/tracks');
const START_MS = Date.UTC(2025, 5, 1, 12, 0, 0);

/** The first `count` steps of a replay (a looping replay never ends on its own). */
function take(steps: Iterable<ReplayStep>, count: number): ReplayStep[] {
  const taken: ReplayStep[] = [];
  for (const step of steps) {
    if (taken.length === count) break;
    taken.push(step);
  }
  return taken;
}

let run: readonly TrackPoint[];
let hike: readonly TrackPoint[];
beforeAll(async () => {
  const [washington] = await readTrackFile(path.join(TRACKS, 'run-washington-dc-hr.gpx'));
  const [day1] = await readTrackFile(path.join(TRACKS, 'multiday-hike-black-forest-de-3days.gpx'));
  run = washington?.points ?? [];
  hike = day1?.points ?? [];
});

describe('replaySteps', () => {
  it("keeps the track's own cadence at 1×, the first point at the start time", () => {
    const steps = [...replaySteps(run, { speed: 1, loop: false, sosAt: null, startMs: START_MS })];
    expect(steps).toHaveLength(run.length);
    steps.forEach((step, index) => {
      const point = run[index] as TrackPoint;
      expect(step.point).toBe(point);
      expect(step.deviceTimeMs - START_MS).toBe(point.timeMs - (run[0]?.timeMs ?? 0));
    });
    expect(steps[0]?.delayMs).toBe(0);
    // The recording's first gap is 20 s (23:29:40 → 23:30:00).
    expect(steps[1]?.delayMs).toBe(20_000);
  });

  it('divides every gap by the speed: 10× turns a 10 s gap into 1 s', () => {
    const at1 = [...replaySteps(hike, { speed: 1, loop: false, sosAt: null, startMs: START_MS })];
    const at10 = [...replaySteps(hike, { speed: 10, loop: false, sosAt: null, startMs: START_MS })];
    const gaps = at1.slice(1).map((step) => step.delayMs);
    expect(gaps).toContain(21_000);
    at10.slice(1).forEach((step, i) => {
      expect(Math.abs(step.delayMs - (gaps[i] ?? 0) / 10)).toBeLessThanOrEqual(1);
    });
    const total = (at10.at(-1)?.deviceTimeMs ?? 0) - START_MS;
    expect(total).toBe(Math.round(((hike.at(-1)?.timeMs ?? 0) - (hike[0]?.timeMs ?? 0)) / 10));
  });

  it('keeps device times strictly increasing across loops, each loop one cadence after the last', () => {
    const steps = take(
      replaySteps(hike, { speed: 4, loop: true, sosAt: null, startMs: START_MS }),
      hike.length * 3,
    );
    expect(steps.map((s) => s.loop)).toEqual([
      ...hike.map(() => 0),
      ...hike.map(() => 1),
      ...hike.map(() => 2),
    ]);
    steps.slice(1).forEach((step, i) => {
      expect(step.deviceTimeMs).toBeGreaterThan(steps[i]?.deviceTimeMs ?? Infinity);
    });
    const loopSpan = (steps[hike.length - 1]?.deviceTimeMs ?? 0) - START_MS;
    const secondStart = steps[hike.length]?.deviceTimeMs ?? 0;
    expect(secondStart - START_MS).toBeGreaterThan(loopSpan);
  });

  it('walks a track that ends away from its start back to it, then out again: no loop jumps', () => {
    const [start, end] = [hike[0] as TrackPoint, hike.at(-1) as TrackPoint];
    expect(distanceM(start, end)).toBeGreaterThan(LOOP_CLOSED_WITHIN_M);
    const n = hike.length;
    const steps = take(
      replaySteps(hike, { speed: 4, loop: true, sosAt: null, startMs: START_MS }),
      n * 3,
    );
    const at = (i: number) => [steps[i]?.point.lat, steps[i]?.point.lon];
    // The return leg is the track backwards, with the gaps mirrored (to the rounding ms).
    for (let i = 0; i < n; i += 1) {
      expect(at(n + i)).toEqual([hike[n - 1 - i]?.lat, hike[n - 1 - i]?.lon]);
      expect(at(2 * n + i)).toEqual([hike[i]?.lat, hike[i]?.lon]);
    }
    for (let i = 1; i < n; i += 1) {
      expect(
        Math.abs((steps[n + i]?.delayMs ?? 0) - (steps[n - i]?.delayMs ?? 0)),
      ).toBeLessThanOrEqual(1);
    }
    // Every step from one loop to the next stays where the wearer is: no straight line across the map.
    for (const boundary of [n, 2 * n]) {
      expect(at(boundary)).toEqual(at(boundary - 1));
    }
  });

  it('starts a round trip again from its first point', () => {
    const lastMs = hike.at(-1)?.timeMs ?? 0;
    const home = [...hike]
      .reverse()
      .map((point, i) => ({ ...point, timeMs: lastMs + (i + 1) * 10_000 }));
    const roundTrip = [...hike, ...home];
    const n = roundTrip.length;
    const steps = take(
      replaySteps(roundTrip, { speed: 100, loop: true, sosAt: null, startMs: START_MS }),
      n * 2,
    );
    steps.slice(n).forEach((step, i) => {
      expect(step.point).toBe(roundTrip[i]);
      expect(Math.abs(step.delayMs - (steps[i]?.delayMs ?? 0))).toBeLessThanOrEqual(
        i === 0 ? Infinity : 1,
      );
    });
  });

  it('raises the SOS once per loop, on the point at the fraction', () => {
    const steps = take(
      replaySteps(hike, { speed: 100, loop: true, sosAt: 0.5, startMs: START_MS }),
      hike.length * 2,
    );
    const sos = steps.filter((step) => step.sos);
    const middle = Math.round(0.5 * (hike.length - 1));
    expect(sos.map((step) => [step.loop, step.index])).toEqual([
      [0, middle],
      [1, middle],
    ]);
    const first = [...replaySteps(hike, { speed: 1, loop: false, sosAt: 0, startMs: START_MS })];
    const last = [...replaySteps(hike, { speed: 1, loop: false, sosAt: 1, startMs: START_MS })];
    expect(first.filter((s) => s.sos).map((s) => s.index)).toEqual([0]);
    expect(last.filter((s) => s.sos).map((s) => s.index)).toEqual([hike.length - 1]);
  });

  it('begins the first loop at the start fraction, on time, and replays the loops after it whole', () => {
    const n = hike.length;
    const startIndex = Math.round(0.25 * (n - 1));
    const steps = take(
      replaySteps(hike, { speed: 2, loop: true, sosAt: 0.5, startAt: 0.25, startMs: START_MS }),
      n - startIndex + n,
    );
    expect(steps[0]).toMatchObject({ loop: 0, index: startIndex, deviceTimeMs: START_MS });
    expect(steps[0]?.point).toBe(hike[startIndex]);
    // The recording's spacing from there on, halved.
    const sosStep = steps.find((step) => step.sos);
    const sosIndex = Math.round(0.5 * (n - 1));
    expect(sosStep?.index).toBe(sosIndex);
    expect((sosStep?.deviceTimeMs ?? 0) - START_MS).toBeCloseTo(
      ((hike[sosIndex]?.timeMs ?? 0) - (hike[startIndex]?.timeMs ?? 0)) / 2,
      -1,
    );
    // The second loop walks back the whole track, from its end.
    const second = steps.filter((step) => step.loop === 1);
    expect(second).toHaveLength(n);
    expect([second[0]?.point.lat, second[0]?.point.lon]).toEqual([
      hike.at(-1)?.lat,
      hike.at(-1)?.lon,
    ]);
    expect(second.filter((step) => step.sos)).toHaveLength(1);
  });

  it('sends no SOS in the first loop when it begins after the SOS point', () => {
    const steps = [
      ...replaySteps(hike, {
        speed: 100,
        loop: false,
        sosAt: 0.2,
        startAt: 0.5,
        startMs: START_MS,
      }),
    ];
    expect(steps.some((step) => step.sos)).toBe(false);
    expect(steps).toHaveLength(hike.length - Math.round(0.5 * (hike.length - 1)));
  });

  it('derives speed and course from the positions where the file has no speed', () => {
    const [, second] = [
      ...replaySteps(run, { speed: 1, loop: false, sosAt: null, startMs: START_MS }),
    ];
    // 23:29:40 → 23:30:00 from (38.92747, -77.02016) to (38.92761, -77.02015): about 15 m north.
    expect(second?.speedMps).toBeCloseTo(15.1 / 20, 1);
    expect(second?.bearingDeg).toBeGreaterThan(0);
    expect(second?.bearingDeg).toBeLessThan(10);
  });

  it.each([
    [{ speed: 0 }, /speed must be a number above 0/],
    [{ speed: Number.NaN }, /speed must be a number above 0/],
    [{ sosAt: 1.5 }, /sosAt must be within 0 … 1/],
    [{ sosAt: -0.1 }, /sosAt must be within 0 … 1/],
    [{ startAt: 2 }, /startAt must be within 0 … 1/],
    [{ startAt: Number.NaN }, /startAt must be within 0 … 1/],
  ])('refuses %o', (override, message) => {
    const options = { speed: 1, loop: false, sosAt: null, startMs: START_MS, ...override };
    expect(() => [...replaySteps(run, options)]).toThrow(message);
  });

  it('refuses an empty track', () => {
    expect(() => [...replaySteps([], { speed: 1, loop: false, sosAt: null, startMs: 0 })]).toThrow(
      /no points/,
    );
  });
});

describe('OsmAnd requests', () => {
  it('converts m/s to knots (1 kn = 1852 m/h)', () => {
    expect(KNOTS_PER_MPS).toBeCloseTo(1.943844, 6);
    expect(mpsToKnots(1852 / 3600)).toBeCloseTo(1, 12);
    expect(mpsToKnots(10)).toBeCloseTo(19.43844, 5);
  });

  it('builds a request the server reads back to the same fix, SOS included', () => {
    const url = new URL(
      osmandUrl('http://localhost:3000/', 'key-1', {
        deviceTimeMs: START_MS,
        lat: 38.92747367732227,
        lon: -77.02016168273985,
        altM: 25.6,
        speedMps: 3.2,
        bearingDeg: 12.5,
        batteryPct: 87,
        sos: true,
      }),
    );
    expect(url.origin + url.pathname).toBe('http://localhost:3000/ingest/osmand');
    expect(Number(url.searchParams.get('speed'))).toBeCloseTo(3.2 * KNOTS_PER_MPS, 9);
    const parsed = parseOsmAnd(Object.fromEntries(url.searchParams), 'query', START_MS);
    expect(parsed).toEqual({
      ok: true,
      value: {
        ingestKey: 'key-1',
        points: [
          {
            Time: START_MS,
            Lat: 38.92747367732227,
            Lon: -77.02016168273985,
            Alt: 25.6,
            Speed: expect.closeTo(3.2, 9) as number,
            Bearing: 12.5,
            Battery: 87,
          },
        ],
        events: [{ Time: START_MS, Type: 'SOS' }],
      },
    });
  });

  it('leaves unknown values out and keeps a path prefix of the server', () => {
    const url = new URL(
      osmandUrl('https://example.org/lifeline', 'k', {
        deviceTimeMs: START_MS,
        lat: 1,
        lon: 2,
        altM: null,
        speedMps: null,
        bearingDeg: null,
        batteryPct: null,
        sos: false,
      }),
    );
    expect(url.pathname).toBe('/lifeline/ingest/osmand');
    expect([...url.searchParams.keys()]).toEqual(['id', 'timestamp', 'lat', 'lon']);
  });
});
