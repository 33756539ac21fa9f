import { filter, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  activityDetailLoadFailed,
  activityDetailRequested,
  activityDetailsSlice,
} from '../../../../src/store/activities/activityDetailsSlice';
import { detailLoadedActions } from '../../../../src/store/activities/detailLoad';
import {
  activitySummariesLoaded,
  selectActivitySummariesState,
} from '../../../../src/store/activities/activitySummariesSlice';
import {
  journeyRefreshEpic,
  playbackThrottleEpic,
} from '../../../../src/store/activities/journeyEpics';
import {
  journeyHidden,
  journeyShown,
  journeySlice,
  playbackTimeChanged,
  playbackTimeStored,
  selectPlaybackTimeMs,
} from '../../../../src/store/activities/journeySlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { JOURNEY_REFRESH_MS, PLAYBACK_THROTTLE_MS } from '../../../../src/store/timing';
import {
  answer,
  callsOf,
  DAY,
  detail,
  HOUR,
  inVirtualTime,
  MINUTE,
  SECOND,
  startStore,
  summary,
  T0,
} from './activityTestKit';

const SUMMARIES = 'member-wearer-activity-summaries';
const span = { JourneyStart: T0 - 2 * DAY, JourneyEnd: T0 + DAY };
const open = summary(1, T0 - HOUR, null);
const old = summary(2, T0 - DAY, T0 - DAY + HOUR);

/** Details 1 (open) and 2 (ended a day ago) held. */
function heldDetails() {
  let state = activityDetailsSlice.reducer(undefined, { type: 'init' });
  for (const d of [detail(1, T0 - HOUR, null), detail(2, T0 - DAY, T0 - DAY + HOUR)]) {
    state = activityDetailsSlice.reducer(state, detailLoadedActions(d).now[1]);
  }
  return { activityDetails: state };
}

describe('journey refresh each minute while shown (virtual time; spec §9)', () => {
  it('loads the journey at once and refreshes it each minute until hidden', () => {
    expect(JOURNEY_REFRESH_MS).toBe(60_000);
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: [journeyRefreshEpic],
        state: heldDetails(),
        calls: { [SUMMARIES]: () => answer(100, { Activities: [open, old] }) },
      });
      kit.drive(hot('a 2m 30s h', { a: journeyShown(span), h: journeyHidden() }));
      expectObservable(
        kit.actions$.pipe(
          filter((a) => activitySummariesLoaded.match(a) || activityDetailRequested.match(a)),
          map((a) => (activitySummariesLoaded.match(a) ? 's' : 'd')),
        ),
      ).toBe('100ms (sd) 59996ms (sd) 59996ms (sd)', { s: 's', d: 'd' });
      scheduler.schedule(() => {
        // The journey up to now, widened to 30 days; only the open activity's detail reloads.
        expect(callsOf(kit.calls, SUMMARIES)).toEqual([
          [0, { TimeStart: T0 - 30 * DAY, TimeEnd: T0 }],
          [MINUTE, { TimeStart: T0 + MINUTE - 30 * DAY, TimeEnd: T0 + MINUTE }],
          [2 * MINUTE, { TimeStart: T0 + 2 * MINUTE - 30 * DAY, TimeEnd: T0 + 2 * MINUTE }],
        ]);
        expect(selectActivitySummariesState(kit.store.getState()).ids).toEqual([1, 2]);
      }, 5 * MINUTE);
      expectObservable(kit.actions$.pipe(filter(activityDetailRequested.match))).toBe(
        '100ms d 59999ms d 59999ms d',
        { d: activityDetailRequested({ ActivityId: 1, force: true }) },
      );
    });
  });

  it('asks again each minute for a detail whose load failed, not for one the member lacks', () => {
    // The screen asks once per shown activity (JourneyPage); a failed load would stay off the map.
    const failedOld = summary(3, T0 - DAY, T0 - DAY + HOUR);
    const gone = summary(4, T0 - DAY + 2 * HOUR, T0 - DAY + 3 * HOUR);
    let details = activityDetailsSlice.reducer(undefined, { type: 'init' });
    details = activityDetailsSlice.reducer(details, activityDetailLoadFailed({ ActivityId: 3 }));
    details = activityDetailsSlice.reducer(
      details,
      activityDetailLoadFailed({ ActivityId: 4, missing: true }),
    );
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: [journeyRefreshEpic],
        state: { activityDetails: details },
        calls: { [SUMMARIES]: () => answer(100, { Activities: [failedOld, gone] }) },
      });
      kit.drive(hot('a 1m 30s h', { a: journeyShown(span), h: journeyHidden() }));
      expectObservable(kit.actions$.pipe(filter(activityDetailRequested.match))).toBe(
        '100ms d 59999ms d',
        { d: activityDetailRequested({ ActivityId: 3, preload: true }) },
      );
    });
  });

  it('never overlaps a slow refresh with the next one', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, {
        epics: [journeyRefreshEpic],
        calls: { [SUMMARIES]: () => answer(90 * SECOND, { Activities: [] }) },
      });
      kit.drive(hot('a 3m h', { a: journeyShown(span), h: journeyHidden() }));
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, SUMMARIES).map(([atMs]) => atMs)).toEqual([0, 2 * MINUTE]);
      }, 4 * MINUTE);
    });
  });

  it('stops on logout', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, {
        epics: [journeyRefreshEpic],
        calls: { [SUMMARIES]: () => answer(100, { Activities: [] }) },
      });
      kit.drive(hot('a 90s l', { a: journeyShown(span), l: loggedOut({ reason: 'user' }) }));
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, SUMMARIES).map(([atMs]) => atMs)).toEqual([0, MINUTE]);
      }, 10 * MINUTE);
    });
  });
});

describe('playback time throttled to 10 s into the store (virtual time; spec §4, §9)', () => {
  it('stores the first time at once, then the latest of each 10 s, the last one always', () => {
    expect(PLAYBACK_THROTTLE_MS).toBe(10_000);
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: [playbackThrottleEpic] });
      const at = (k: number) => playbackTimeChanged({ timeMs: T0 + k * MINUTE });
      // The UI reports a new time every 3 s for 21 s.
      kit.drive(
        hot('a 2999ms b 2999ms c 2999ms d 2999ms e 2999ms f 2999ms g 2999ms h', {
          a: at(0),
          b: at(1),
          c: at(2),
          d: at(3),
          e: at(4),
          f: at(5),
          g: at(6),
          h: at(7),
        }),
      );
      const stored = (k: number) => playbackTimeStored({ timeMs: T0 + k * MINUTE });
      expectObservable(kit.actions$.pipe(filter(playbackTimeStored.match))).toBe(
        'a 9999ms d 9999ms g 9999ms h',
        { a: stored(0), d: stored(3), g: stored(6), h: stored(7) },
      );
      scheduler.schedule(() => {
        expect(selectPlaybackTimeMs(kit.store.getState())).toBe(T0 + 7 * MINUTE);
      }, 40 * SECOND);
    });
  });

  it('journey -> journeyShown / journeyHidden reset the stored time; playbackTimeChanged stores none', () => {
    const reduce = journeySlice.reducer;
    const playing = reduce(
      reduce(undefined, journeyShown(span)),
      playbackTimeStored({ timeMs: 5 }),
    );
    const noShare = { status: 'idle', link: null };
    expect(playing).toEqual({ shown: span, dayIndex: 999, playbackTimeMs: 5, share: noShare });
    expect(reduce(playing, playbackTimeChanged({ timeMs: 9 }))).toBe(playing);
    expect(reduce(playing, journeyHidden())).toEqual({
      shown: null,
      dayIndex: 999,
      playbackTimeMs: null,
      share: noShare,
    });
  });
});
