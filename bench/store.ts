import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { combineReducers, createSlice } from '@reduxjs/toolkit';
import type { LocationPoint } from '../src/api/entities/location';
import type { TelemetryWearerUpdate } from '../src/api/socket';
import {
  historyLoaded,
  historyPointsAppended,
} from '../src/store/locationHistory/locationHistorySlice';
import { selectTrackColumns } from '../src/store/locationHistory/locationHistorySelectors';
import { mergeByActivity } from '../src/store/locationHistory/telemetryCoalescingEpic';
import { wearerTelemetryReceived } from '../src/store/realtime/realtimeSlice';
import { rootReducer, type RootState } from '../src/store/rootReducer';
import type { BenchArea, Figure } from './lib/figure';
import { measure } from './lib/figure';
import { readGpxPoints } from './lib/gpxTrack';

/*
 * The client store's location history (issue 6 item 2; ARCHITECTURE.md §4), on a real 1 Hz sailing
 * track (tests/fixtures/tracks) replayed lap after lap where more points are needed. Figures:
 * - store.telemetry-fold: points/s folded through the real root reducer the way the app does it: every
 *   TelemetryWearerUpdate dispatched (a no-op for the state), then one coalesced
 *   historyPointsAppended per frame into the columnar tracks. 200 wearers each send a burst of 5
 *   points per frame; 2 % of updates re-send an earlier point, 1 % hold a point back to the next
 *   update (a late point). Reducers only: middleware, the epic's scheduling and React are not timed.
 * - store.telemetry-fold-baseline: the same stream the naive way, each update appended by an immer
 *   reducer to a plain array of point objects per activity (dedupe by scan, sort when late).
 * - store.history-memory: bytes retained per point of a 100k-point track: the V8 heap + external
 *   memory after forced GCs (gc exposed at run time through v8 flags, as bench/realtime.ts does), and
 *   the typed arrays' byteLength; for contrast, the plain array of point objects.
 * - store.history-load: ms to load a 100k / 500k-point LocationHistory (historyLoaded, sorted input).
 */

const TRACK = path.resolve(
  import.meta.dirname,
  '../tests/fixtures/tracks/sail-valencia-regatta-ESP29375-race1.gpx',
);
const WEARERS = 200;
const FRAMES = 200;
const POINTS_PER_UPDATE = 5;
const DUPLICATE_SHARE = 0.02;
const LATE_SHARE = 0.01;
const MEMORY_POINTS = 100_000;
const LOAD_SIZES = [100_000, 500_000] as const;

/** The track's points repeated lap after lap (1 s between laps) until `count` points, with speed. */
function replayed(track: readonly LocationPoint[], count: number): LocationPoint[] {
  const first = track[0]?.Time ?? 0;
  const lapMs = (track.at(-1)?.Time ?? 0) - first + 1_000;
  return Array.from({ length: count }, (_, i) => {
    const p = track[i % track.length] ?? {
      Time: 0,
      X: 0,
      Y: 0,
      Hacc: null,
      Alt: null,
      Speed: null,
    };
    const prev = track[(i % track.length) - 1];
    const speed = prev ? metres(prev, p) / Math.max(1, (p.Time - prev.Time) / 1_000) : null;
    return { ...p, Time: p.Time + Math.floor(i / track.length) * lapMs, Speed: speed };
  });
}

/** Equirectangular distance between two points, m (enough for 1 s steps). */
function metres(a: LocationPoint, b: LocationPoint): number {
  const k = Math.PI / 180;
  const x = (b.X - a.X) * k * Math.cos(((a.Y + b.Y) / 2) * k);
  return Math.hypot(x, (b.Y - a.Y) * k) * 6_371_000;
}

/** A deterministic generator (mulberry32). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The updates of each frame: one per wearer, a burst of points, some repeated or late. */
function telemetryFrames(points: readonly LocationPoint[]): TelemetryWearerUpdate[][] {
  const random = generator(6);
  const held = new Map<number, LocationPoint>();
  return Array.from({ length: FRAMES }, (_, frame) =>
    Array.from({ length: WEARERS }, (_, wearer) => {
      const burst = points.slice(frame * POINTS_PER_UPDATE, (frame + 1) * POINTS_PER_UPDATE);
      const late = held.get(wearer);
      held.delete(wearer);
      const roll = random();
      if (roll < LATE_SHARE && burst.length > 1) {
        const withheld = burst.splice(0, 1)[0];
        if (withheld) held.set(wearer, withheld);
      } else if (roll < LATE_SHARE + DUPLICATE_SHARE && frame > 0) {
        const again = points[frame * POINTS_PER_UPDATE - 1];
        if (again) burst.unshift(again);
      }
      return {
        WearerID: wearer + 1,
        ActivityId: 1_000 + wearer,
        Points: late ? [...burst, late] : burst,
        Battery: 80,
        Status: 'ACTIVE' as const,
        Heading: null,
      };
    }),
  );
}

/** The naive store: an immer reducer appending each update to an array of objects. */
const naiveInitial: { tracks: Record<number, LocationPoint[]> } = { tracks: {} };
const naiveSlice = createSlice({
  name: 'naiveHistory',
  initialState: naiveInitial,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(wearerTelemetryReceived, (state, { payload }) => {
      if (payload.ActivityId === null) return;
      const track = (state.tracks[payload.ActivityId] ??= []);
      let late = false;
      for (const p of payload.Points) {
        const last = track.at(-1)?.Time ?? Number.NEGATIVE_INFINITY;
        // Only an out-of-order point needs the scan for a repeated time.
        if (p.Time <= last && track.some((q) => q.Time === p.Time)) continue;
        late ||= p.Time < last;
        track.push(p);
      }
      if (late) track.sort((a, b) => a.Time - b.Time);
    });
  },
});
const naiveRoot = combineReducers({ root: rootReducer, naive: naiveSlice.reducer });

function foldCoalesced(frames: readonly TelemetryWearerUpdate[][]): RootState {
  let state = rootReducer(undefined, { type: 'bench/init' });
  for (const updates of frames) {
    for (const update of updates) state = rootReducer(state, wearerTelemetryReceived(update));
    state = rootReducer(state, historyPointsAppended({ byActivity: mergeByActivity(updates) }));
  }
  return state;
}

function foldNaive(frames: readonly TelemetryWearerUpdate[][]) {
  let state = naiveRoot(undefined, { type: 'bench/init' });
  for (const updates of frames) {
    for (const update of updates) state = naiveRoot(state, wearerTelemetryReceived(update));
  }
  return state;
}

/** Heap + external bytes after full collections. */
function settled(gc: () => void): number {
  for (let i = 0; i < 4; i += 1) gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/** Bytes retained per point by what `build` returns, measured around it with forced GCs. */
function retainedPerPoint(gc: () => void, build: () => unknown, points: number): number {
  const before = settled(gc);
  const kept = build();
  const after = settled(gc);
  if (kept === undefined) throw new Error('nothing retained');
  return (after - before) / points;
}

export const storeBench: BenchArea = {
  area: 'store',
  async run(): Promise<Figure[]> {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const track = await readGpxPoints(TRACK);
    const figures: Figure[] = [];
    const figure = (bench: string, metric: string, value: number, unit: string, params = {}) =>
      figures.push({ bench: `store.${bench}`, metric, value, unit, params });

    const frames = telemetryFrames(replayed(track, FRAMES * POINTS_PER_UPDATE));
    const totalPoints = frames.flat().reduce((n, u) => n + u.Points.length, 0);
    const params = {
      wearers: WEARERS,
      frames: FRAMES,
      pointsPerUpdate: POINTS_PER_UPDATE,
      duplicateShare: DUPLICATE_SHARE,
      lateShare: LATE_SHARE,
      track: path.basename(TRACK),
    };
    const folded = await measure(() => foldCoalesced(frames), { minMs: 3_000, warmup: 1 });
    figure(
      'telemetry-fold',
      'points-per-second',
      totalPoints / (folded.meanMs / 1_000),
      'points/s',
      {
        ...params,
        msPerFrame: Number((folded.meanMs / FRAMES).toFixed(3)),
      },
    );
    const naive = await measure(() => foldNaive(frames), { minMs: 3_000, warmup: 1 });
    figure(
      'telemetry-fold-baseline',
      'points-per-second',
      totalPoints / (naive.meanMs / 1_000),
      'points/s',
      {
        ...params,
        msPerFrame: Number((naive.meanMs / FRAMES).toFixed(3)),
      },
    );

    const memoryParams = { points: MEMORY_POINTS, measuredBy: 'heapUsed+external after gc' };
    const load = (points: readonly LocationPoint[]) =>
      rootReducer(undefined, historyLoaded({ ActivityId: 1, LocationHistory: points }));
    const loaded = retainedPerPoint(gc, () => load(replayed(track, MEMORY_POINTS)), MEMORY_POINTS);
    figure('history-memory', 'bytes-per-point', loaded, 'B', {
      ...memoryParams,
      layout: 'columnar, loaded',
    });
    const live = retainedPerPoint(
      gc,
      () => {
        const points = replayed(track, MEMORY_POINTS);
        let state = rootReducer(undefined, { type: 'bench/init' });
        for (let i = 0; i < points.length; i += POINTS_PER_UPDATE) {
          const byActivity = { 1: points.slice(i, i + POINTS_PER_UPDATE) };
          state = rootReducer(state, historyPointsAppended({ byActivity }));
        }
        return state;
      },
      MEMORY_POINTS,
    );
    figure('history-memory', 'bytes-per-point', live, 'B', {
      ...memoryParams,
      layout: 'columnar, appended live',
    });
    const columns = selectTrackColumns(load(replayed(track, MEMORY_POINTS)), 1);
    const bytes = [
      columns.time,
      columns.positions,
      columns.alt,
      columns.speed,
      columns.hacc,
    ].reduce((sum, column) => sum + column.buffer.byteLength, 0);
    figure('history-memory', 'bytes-per-point', bytes / MEMORY_POINTS, 'B', {
      points: MEMORY_POINTS,
      measuredBy: 'typed arrays byteLength',
      layout: 'columnar, loaded',
    });
    const objects = retainedPerPoint(
      gc,
      () => Object.freeze(replayed(track, MEMORY_POINTS)),
      MEMORY_POINTS,
    );
    figure('history-memory', 'bytes-per-point', objects, 'B', {
      ...memoryParams,
      layout: 'array of point objects',
    });

    for (const size of LOAD_SIZES) {
      const history = replayed(track, size);
      const result = await measure(() => load(history), { minMs: 2_000, warmup: 2 });
      figure('history-load', 'mean', result.meanMs, 'ms', {
        points: size,
        sorted: true,
        iterations: result.iterations,
      });
    }
    return figures;
  },
};
