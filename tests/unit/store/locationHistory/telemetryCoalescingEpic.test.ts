import { configureStore, type Action } from '@reduxjs/toolkit';
import fc from 'fast-check';
import { createEpicMiddleware, StateObservable } from 'redux-observable';
import { animationFrameScheduler, Subject, type Observable } from 'rxjs';
import { TestScheduler, type RunHelpers } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { LocationPoint } from '../../../../src/api/entities/location';
import type { TelemetryWearerUpdate } from '../../../../src/api/socket';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import { FRAME_BUFFER_MAX_WAIT_MS } from '../../../../src/store/locationHistory/bufferUntilFrame';
import { historyPointsAppended } from '../../../../src/store/locationHistory/locationHistorySlice';
import { selectTrackColumns } from '../../../../src/store/locationHistory/locationHistorySelectors';
import {
  locationHistoryEpics,
  mergeByActivity,
  telemetryCoalescingEpic,
} from '../../../../src/store/locationHistory/telemetryCoalescingEpic';
import { wearerTelemetryReceived } from '../../../../src/store/realtime/realtimeSlice';
import { storeEpics } from '../../../../src/store/rootEpic';
import { rootReducer, type RootState } from '../../../../src/store/rootReducer';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { testDependencies } from '../testDependencies';
import { EPOCH, point } from './trackModel';

/*
 * Virtual time (ARCHITECTURE.md §4): one marble character is 1 ms. The epic gets the browser's
 * `animationFrameScheduler`, whose requestAnimationFrame `TestScheduler.run` replaces with the frames
 * given to `animate`: here one every 16 ms, at 16, 32, 48 … ms.
 */
const FRAMES = `16ms x${' 15ms x'.repeat(80)}`;

function inVirtualTime(body: (scheduler: TestScheduler, helpers: RunHelpers) => void): void {
  const scheduler = new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
  scheduler.run((helpers) => {
    body(scheduler, helpers);
  });
}

const deps: StoreDependencies = testDependencies({ frameScheduler: animationFrameScheduler });
const state$ = new StateObservable<RootState>(new Subject<RootState>(), {} as RootState);
const run = (action$: Observable<Action>) => telemetryCoalescingEpic(action$, state$, deps);

/** A TelemetryWearerUpdate of `activityId` carrying `points`. */
function update(activityId: number | null, points: LocationPoint[]): Action {
  const payload: TelemetryWearerUpdate = {
    WearerID: 1,
    ActivityId: activityId,
    Points: points,
    Battery: 80,
    Status: activityId === null ? null : 'ACTIVE',
    Heading: null,
  };
  return wearerTelemetryReceived(payload);
}

describe('telemetryCoalescingEpic (issue 6 item 2: at most one store update per frame)', () => {
  it('is one of the store’s epics', () => {
    for (const epic of locationHistoryEpics) expect(storeEpics).toContain(epic);
  });

  it('turns 50 events inside one frame into one action merged by activity, in arrival order', () => {
    inVirtualTime((scheduler, { expectObservable, animate }) => {
      animate(FRAMES);
      const input = new Subject<Action>();
      const expected: Record<number, LocationPoint[]> = {};
      for (let i = 0; i < 50; i += 1) {
        const activityId = 100 + (i % 5);
        const points = [point(i * 10), point(i * 10 + 1)];
        (expected[activityId] ??= []).push(...points);
        // 50 events spread over 1–15 ms (after the subscription at 0 ms), before the frame at 16 ms.
        scheduler.schedule(
          () => {
            input.next(update(activityId, points));
          },
          1 + Math.floor((i * 15) / 50),
        );
      }
      expectObservable(run(input)).toBe('16ms a', {
        a: historyPointsAppended({ byActivity: expected }),
      });
    });
  });

  it('dispatches one action per frame that had events: events over 3 frames give 3 actions', () => {
    inVirtualTime((_scheduler, { hot, expectObservable, animate }) => {
      animate(FRAMES);
      const action$ = hot('a 4ms b 14ms c 19ms d e 9ms f', {
        a: update(1, [point(0)]),
        b: update(2, [point(5)]),
        c: update(1, [point(20)]),
        d: update(1, [point(40)]),
        e: update(1, [point(39)]),
        f: update(3, [point(60)]),
      });
      // a 0, b 5, c 20, d 40, e 41, f 51 ms → frames at 16, 32 and 48 (d, e) and 64 (f).
      expectObservable(run(action$)).toBe('16ms x 15ms y 15ms z 15ms w', {
        x: historyPointsAppended({ byActivity: { 1: [point(0)], 2: [point(5)] } }),
        y: historyPointsAppended({ byActivity: { 1: [point(20)] } }),
        z: historyPointsAppended({ byActivity: { 1: [point(40), point(39)] } }),
        w: historyPointsAppended({ byActivity: { 3: [point(60)] } }),
      });
    });
  });

  it('dispatches nothing for frames without events, nor for updates carrying no points', () => {
    inVirtualTime((_scheduler, { hot, expectObservable, animate }) => {
      animate(FRAMES);
      const action$ = hot('a 9ms b 29ms c', {
        a: update(null, []),
        b: update(7, []),
        c: { type: 'other/action' },
      });
      expectObservable(run(action$)).toBe('');
    });
  });

  it('flushes after 1 s when no frame comes (a hidden tab pauses requestAnimationFrame)', () => {
    inVirtualTime((_scheduler, { hot, expectObservable, animate }) => {
      animate('');
      const action$ = hot('a 99ms b', { a: update(1, [point(0)]), b: update(1, [point(1)]) });
      expect(FRAME_BUFFER_MAX_WAIT_MS).toBe(1_000);
      expectObservable(run(action$)).toBe('1000ms x', {
        x: historyPointsAppended({ byActivity: { 1: [point(0), point(1)] } }),
      });
    });
  });

  it('drops the points still waiting when the member logs out', () => {
    inVirtualTime((_scheduler, { hot, expectObservable, animate }) => {
      animate(FRAMES);
      const action$ = hot('a 4ms b 4ms l 9ms c', {
        a: update(1, [point(0)]),
        b: update(1, [point(5)]),
        l: loggedOut({ reason: 'user' }),
        c: update(2, [point(20)]),
      });
      // a, b before the logout at 10 ms are dropped; c at 20 ms leaves at the frame of 32 ms.
      expectObservable(run(action$)).toBe('32ms x', {
        x: historyPointsAppended({ byActivity: { 2: [point(20)] } }),
      });
    });
  });

  it('never emits twice in a frame and delivers every point once, in order (any timing)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 40 }),
        (offsets) => {
          const arrivals = [...offsets].sort((a, b) => a - b);
          inVirtualTime((scheduler, { animate }) => {
            animate(FRAMES);
            const input = new Subject<Action>();
            const seen: { at: number; action: Action }[] = [];
            run(input).subscribe((action) => seen.push({ at: scheduler.now(), action }));
            arrivals.forEach((at, i) => {
              scheduler.schedule(() => {
                input.next(update(1 + (i % 3), [point(i)]));
              }, at);
            });
            scheduler.schedule(() => {
              const frames = seen.map(({ at }) => at);
              expect(new Set(frames).size).toBe(frames.length);
              for (const at of frames) expect(at % 16).toBe(0);
              const delivered = seen.flatMap(({ action }) =>
                historyPointsAppended.match(action)
                  ? Object.values(action.payload.byActivity).flat()
                  : [],
              );
              expect(delivered.map((p) => p.Time - EPOCH).sort((a, b) => a - b)).toEqual(
                arrivals.map((_at, i) => i),
              );
            }, 400);
          });
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('mergeByActivity', () => {
  it('concatenates each activity’s points in arrival order and skips updates without an activity', () => {
    const payload = (activityId: number | null, points: LocationPoint[]) => {
      const action = update(activityId, points);
      if (!wearerTelemetryReceived.match(action)) throw new Error('not telemetry');
      return action.payload;
    };
    expect(
      mergeByActivity([
        payload(1, [point(2), point(3)]),
        payload(null, [point(9)]),
        payload(2, [point(1)]),
        payload(1, [point(1)]),
      ]),
    ).toEqual({ 1: [point(2), point(3), point(1)], 2: [point(1)] });
  });
});

describe('telemetry into the store (the real reducer and epic middleware, virtual time)', () => {
  it('folds a burst into the tracks in one update per frame, and logout clears them', () => {
    inVirtualTime((scheduler, { animate }) => {
      animate(FRAMES);
      const epicMiddleware = createEpicMiddleware<Action, Action, RootState, StoreDependencies>({
        dependencies: deps,
      });
      const store = configureStore({
        reducer: rootReducer,
        middleware: (getDefault) => getDefault().concat(epicMiddleware),
      });
      epicMiddleware.run(telemetryCoalescingEpic);
      const states: RootState[] = [store.getState()];
      store.subscribe(() => {
        const state = store.getState();
        if (state.locationHistory !== states.at(-1)?.locationHistory) states.push(state);
      });
      scheduler.schedule(() => {
        for (let i = 0; i < 200; i += 1) store.dispatch(update(1 + (i % 20), [point(i)]));
      }, 3);
      scheduler.schedule(() => {
        // 200 dispatches at 3 ms; the history changed once, at the frame of 16 ms.
        expect(states).toHaveLength(2);
        expect(selectTrackColumns(store.getState(), 1).length).toBe(10);
        store.dispatch(update(1, [point(500)]));
        store.dispatch(loggedOut({ reason: 'user' }));
      }, 20);
      scheduler.schedule(() => {
        expect(store.getState().locationHistory).toEqual({ tracks: {} });
      }, 100);
    });
  });
});
