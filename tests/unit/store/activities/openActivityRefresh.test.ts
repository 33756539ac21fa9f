import { filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  activityDetailLoadEpic,
  activityDetailPendingReloadEpic,
  activityDetailRequestEpic,
} from '../../../../src/store/activities/activityDetailEpics';
import { activityDetailRequested } from '../../../../src/store/activities/activityDetailsSlice';
import {
  activityDetailHidden,
  activityDetailShown,
} from '../../../../src/store/activities/activityEvents';
import { openActivityRefreshEpic } from '../../../../src/store/activities/openActivityRefreshEpic';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { OPEN_ACTIVITY_REFRESH_MS } from '../../../../src/store/timing';
import {
  answer,
  callsOf,
  detail,
  HOUR,
  inVirtualTime,
  SECOND,
  startStore,
  T0,
} from './activityTestKit';

const DETAIL = 'member-wearer-activity-detail';
const epics = [
  activityDetailRequestEpic,
  activityDetailLoadEpic,
  activityDetailPendingReloadEpic,
  openActivityRefreshEpic,
];
const shown = activityDetailShown({ ActivityId: 1 });
const hidden = activityDetailHidden({ ActivityId: 1 });
const plain = activityDetailRequested({ ActivityId: 1 });
const forced = activityDetailRequested({ ActivityId: 1, force: true });

/** Activity 1 as the server answers at each virtual time: open, then ended at `endedAtMs`. */
function serverDetail(now: () => number, endedAtMs: number | null, endsFromMs: number) {
  return {
    [DETAIL]: () =>
      answer(SECOND, {
        Activity: detail(1, T0 - HOUR, now() >= endsFromMs ? endedAtMs : null),
      }),
  };
}

describe('open activities refresh every minute while shown (virtual time; spec §4, §9)', () => {
  it('requests the detail at once, then reloads an open activity every minute until hidden', () => {
    expect(OPEN_ACTIVITY_REFRESH_MS).toBe(60_000);
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics,
        calls: serverDetail(() => scheduler.now(), null, Infinity),
      });
      kit.drive(hot('a 2m 30s h', { a: shown, h: hidden }));
      expectObservable(kit.actions$.pipe(filter(activityDetailRequested.match))).toBe(
        'p 59999ms f 59999ms f',
        { p: plain, f: forced },
      );
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, DETAIL).map(([atMs]) => atMs)).toEqual([0, 60_000, 120_000]);
      }, 10 * 60_000);
    });
  });

  it('reloads an activity that ended within the last 60 s, and stops once it ended longer ago', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      // The reload at 60 s learns that it ended at T0 + 100 s: at 120 s that is 20 s ago (reload),
      // at 180 s 80 s ago (no reload).
      const kit = startStore(scheduler, {
        epics,
        calls: serverDetail(() => scheduler.now(), T0 + 100 * SECOND, 60_000),
      });
      kit.drive(hot('a 5m h', { a: shown, h: hidden }));
      expectObservable(kit.actions$.pipe(filter(activityDetailRequested.match))).toBe(
        'p 59999ms f 59999ms f',
        { p: plain, f: forced },
      );
    });
  });

  it('stops on logout', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics,
        calls: serverDetail(() => scheduler.now(), null, Infinity),
      });
      kit.drive(hot('a 90s l', { a: shown, l: loggedOut({ reason: 'user' }) }));
      expectObservable(kit.actions$.pipe(filter(activityDetailRequested.match))).toBe(
        'p 59999ms f',
        { p: plain, f: forced },
      );
    });
  });
});
