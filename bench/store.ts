import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  combineReducers,
  createEntityAdapter,
  createSlice,
  type Action,
  type PayloadAction,
} from '@reduxjs/toolkit';
import type { LocationPoint } from '../src/api/entities/location';
import type { TelemetryWearerUpdate } from '../src/api/socket';
import {
  HISTORY_LOAD_CHUNK_POINTS,
  historyLoadActions,
} from '../src/store/locationHistory/historyLoad';
import { historyLoaded } from '../src/store/locationHistory/locationHistorySlice';
import { NEVER, queueScheduler } from 'rxjs';
import { selectTrackColumns } from '../src/store/locationHistory/locationHistorySelectors';
import { wearerTelemetryReceived } from '../src/store/realtime/realtimeSlice';
import { rootReducer, type RootState } from '../src/store/rootReducer';
import type { BenchArea, Figure } from './lib/figure';
import { measure } from './lib/figure';
import { readGpxPoints } from './lib/gpxTrack';

/*
 * The client store's location history (issue 6 item 2; ARCHITECTURE.md §4), on a real 1 Hz sailing
 * track (tests/fixtures/tracks) replayed lap after lap where more points are needed. Figures:
 * - store.telemetry-fold: TelemetryWearerUpdate events/s (one update = one event, 5 points each) with
 *   1, 500 and 5,000 live activities, folded through the real root reducer the way the app does it:
 *   one `wearerTelemetryReceived({ updates })` per animation frame (socketEventActions.ts) into the
 *   columnar tracks, live wearers and activity slices; each frame carries one event per activity.
 *   2 % of events re-send an earlier point, 1 % hold a point back to the next event (a late point).
 *   Reducers only: middleware, the epic's scheduling and React are not timed.
 * - store.telemetry-fold-baseline: the same events the naive way, one dispatch per event upserting
 *   point objects into a plain createEntityAdapter keyed `${ActivityId}:${Time}` (beside the real
 *   root reducer, which each dispatch also runs).
 * - store.history-memory: bytes retained per point of a 100k-point track: the V8 heap + external
 *   memory after forced GCs (gc exposed at run time through v8 flags, as bench/realtime.ts does), and
 *   the typed arrays' byteLength; for contrast, the plain array of point objects.
 * - store.history-load: ms to load a 605,000-point (7 days at 1 Hz) LocationHistory the way the app
 *   does (historyLoadActions: historyLoaded, then parts of 50,000 points, one task each; sorted
 *   input), and its longest task; beside it the longest task of the naive single historyLoaded.
 */

const TRACK = path.resolve(
  import.meta.dirname,
  '../tests/fixtures/tracks/sail-valencia-regatta-ESP29375-race1.gpx',
);
const ACTIVITIES = [1, 500, 5_000] as const;
/** Events folded per measured run; each frame carries one update per live activity. */
const EVENTS = 2_000;
/**
 * Events folded by the baseline: each of its dispatches finalizes the whole entity map (immer), so its
 * cost grows with the points already held and a full 5,000-activity frame would take minutes.
 */
const BASELINE_EVENTS = 500;
const POINTS_PER_UPDATE = 5;
const DUPLICATE_SHARE = 0.02;
const LATE_SHARE = 0.01;
const MEMORY_POINTS = 100_000;
const LOAD_POINTS = 605_000;
const LOAD_RUNS = 3;

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
function telemetryFrames(
  points: readonly LocationPoint[],
  wearers: number,
  frameCount: number,
): TelemetryWearerUpdate[][] {
  const random = generator(6);
  const held = new Map<number, LocationPoint>();
  return Array.from({ length: frameCount }, (_, frame) =>
    Array.from({ length: wearers }, (_, wearer) => {
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

/** The naive store: a plain entity adapter of point objects keyed `${ActivityId}:${Time}`. */
interface PointEntity extends LocationPoint {
  readonly id: string;
  readonly ActivityId: number;
}
const pointAdapter = createEntityAdapter<PointEntity>();
const naiveSlice = createSlice({
  name: 'naiveHistory',
  initialState: pointAdapter.getInitialState(),
  reducers: {
    telemetryEventReceived: (state, { payload }: PayloadAction<TelemetryWearerUpdate>) => {
      const activityId = payload.ActivityId;
      if (activityId === null) return;
      pointAdapter.upsertMany(
        state,
        payload.Points.map((p) => ({
          ...p,
          id: `${activityId}:${p.Time}`,
          ActivityId: activityId,
        })),
      );
    },
  },
});
const { telemetryEventReceived } = naiveSlice.actions;
const naiveRoot = combineReducers({ root: rootReducer, naive: naiveSlice.reducer });

function foldCoalesced(frames: readonly TelemetryWearerUpdate[][]): RootState {
  let state = rootReducer(undefined, { type: 'bench/init' });
  for (const updates of frames)
    state = rootReducer(state, wearerTelemetryReceived({ updates, receivedAt: Date.now() }));
  return state;
}

function foldNaive(frames: readonly TelemetryWearerUpdate[][]) {
  let state = naiveRoot(undefined, { type: 'bench/init' });
  for (const updates of frames) {
    for (const update of updates) state = naiveRoot(state, telemetryEventReceived(update));
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

    for (const activities of ACTIVITIES) {
      const frameCount = Math.ceil(EVENTS / activities);
      const frames = telemetryFrames(
        replayed(track, frameCount * POINTS_PER_UPDATE),
        activities,
        frameCount,
      );
      const events = frames.reduce((n, updates) => n + updates.length, 0);
      const params = {
        activities,
        events,
        frames: frameCount,
        pointsPerEvent: POINTS_PER_UPDATE,
        duplicateShare: DUPLICATE_SHARE,
        lateShare: LATE_SHARE,
        track: path.basename(TRACK),
      };
      const folded = await measure(() => foldCoalesced(frames), { minMs: 500, warmup: 0 });
      figure('telemetry-fold', 'events-per-second', events / (folded.meanMs / 1_000), 'events/s', {
        ...params,
        path: 'one wearerTelemetryReceived({ updates }) per frame into the real root reducer',
        msPerFrame: Number((folded.meanMs / frameCount).toFixed(3)),
      });
      const baselineEvents = frames.flat().slice(0, BASELINE_EVENTS);
      const naive = await measure(() => foldNaive([baselineEvents]), { minMs: 500, warmup: 0 });
      figure(
        'telemetry-fold-baseline',
        'events-per-second',
        baselineEvents.length / (naive.meanMs / 1_000),
        'events/s',
        {
          ...params,
          events: baselineEvents.length,
          path: 'one dispatch per event, upsertMany into createEntityAdapter of point objects',
          msPerEvent: Number((naive.meanMs / baselineEvents.length).toFixed(3)),
        },
      );
    }

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
          const update: TelemetryWearerUpdate = {
            WearerID: 1,
            ActivityId: 1,
            Points: points.slice(i, i + POINTS_PER_UPDATE),
            Battery: 80,
            Status: 'ACTIVE',
            Heading: null,
          };
          state = rootReducer(
            state,
            wearerTelemetryReceived({ updates: [update], receivedAt: Date.now() }),
          );
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

    const history = replayed(track, LOAD_POINTS);
    /** The load as the app does it (historyLoadActions): each reducer call timed; a task each. */
    const loadInParts = () => {
      const { first, rest$ } = historyLoadActions(
        { ActivityId: 1, LocationHistory: history, TimestampEnd: null },
        NEVER,
        queueScheduler,
      );
      const actions: Action[] = [first];
      rest$.subscribe((action) => actions.push(action));
      let state = rootReducer(undefined, { type: 'bench/init' });
      const tasks = actions.map((action) => {
        const start = performance.now();
        state = rootReducer(state, action);
        return performance.now() - start;
      });
      if (selectTrackColumns(state, 1).length !== LOAD_POINTS) throw new Error('points lost');
      return tasks;
    };
    loadInParts(); // warm-up
    const runs = Array.from({ length: LOAD_RUNS }, loadInParts);
    const totals = runs.map((tasks) => tasks.reduce((a, b) => a + b, 0));
    const loadParams = {
      points: LOAD_POINTS,
      sorted: true,
      runs: LOAD_RUNS,
      parts: runs[0]?.length ?? 0,
      pointsPerPart: HISTORY_LOAD_CHUNK_POINTS,
      task: 'historyLoaded + historyPointsAppended parts, one task each (historyLoadActions)',
    };
    figure('history-load', 'mean', totals.reduce((a, b) => a + b, 0) / LOAD_RUNS, 'ms', loadParams);
    figure('history-load', 'longest-task', Math.max(...runs.flat()), 'ms', loadParams);
    const single = Array.from({ length: LOAD_RUNS }, () => {
      const start = performance.now();
      load(history);
      return performance.now() - start;
    });
    figure('history-load', 'longest-task', Math.max(...single), 'ms', {
      ...loadParams,
      parts: 1,
      task: 'baseline: one historyLoaded of every point (one task)',
    });
    return figures;
  },
};
