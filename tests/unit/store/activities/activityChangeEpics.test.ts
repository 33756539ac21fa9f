import type { Action } from '@reduxjs/toolkit';
import { filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { EntityChange } from '../../../../src/api/socket';
import {
  activityChangeReloadEpic,
  activitySummaryChangeEpic,
} from '../../../../src/store/activities/activityChangeEpics';
import {
  activityDetailLoadEpic,
  activityDetailPendingReloadEpic,
  activityDetailRequestEpic,
} from '../../../../src/store/activities/activityDetailEpics';
import {
  activityDetailRequested,
  activityDetailsSlice,
  selectActivityDetailsState,
} from '../../../../src/store/activities/activityDetailsSlice';
import { activityRemoved } from '../../../../src/store/activities/activityEvents';
import { detailLoadedActions } from '../../../../src/store/activities/detailLoad';
import { activitiesRefreshRequested } from '../../../../src/store/activities/activityRefreshEpic';
import {
  activitySummariesLoaded,
  activitySummariesRequested,
  activitySummariesSlice,
} from '../../../../src/store/activities/activitySummariesSlice';
import { alertsReceived, alertsSlice } from '../../../../src/store/activities/alertsSlice';
import { entityChangesReceived } from '../../../../src/store/realtime/realtimeSlice';
import { ACTIVITY_CHANGE_LOADING_WAIT_MS } from '../../../../src/store/timing';
import {
  alert,
  answer,
  DAY,
  detail,
  HOUR,
  inVirtualTime,
  startStore,
  summary,
  T0,
} from './activityTestKit';

const DETAIL = 'member-wearer-activity-detail';
const epics = [
  activityDetailRequestEpic,
  activityDetailLoadEpic,
  activityDetailPendingReloadEpic,
  activityChangeReloadEpic,
  activitySummaryChangeEpic,
];

function changed(
  EntityType: EntityChange['EntityType'],
  EntityId: number,
  ChangeType: EntityChange['ChangeType'] = 'updated',
  ActivityId?: number,
): Action {
  return entityChangesReceived([
    {
      EntityType,
      EntityId,
      ChangeType,
      Timestamp: T0,
      ...(ActivityId === undefined ? {} : { ActivityId }),
    },
  ]);
}
const forced = (ActivityId: number) => activityDetailRequested({ ActivityId, force: true });
const isForced = (action: Action) =>
  activityDetailRequested.match(action) && !!action.payload.force;
/** Open activities answering after 3 s. */
const openDetails = {
  [DETAIL]: (req: { ActivityId: number }) =>
    answer(3_000, { Activity: detail(req.ActivityId, T0 - HOUR, null) }),
};
/** The details slice with the given open activities loaded. */
function held(...ids: number[]) {
  let state = activityDetailsSlice.reducer(undefined, { type: 'init' });
  for (const id of ids) {
    const [, loaded] = detailLoadedActions(detail(id, T0 - HOUR, null)).now;
    state = activityDetailsSlice.reducer(state, loaded);
  }
  return { activityDetails: state };
}

describe('activity changes pushed over the socket (virtual time; spec §4)', () => {
  it('reload a held detail at once when it is not loading', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics, state: held(1), calls: openDetails });
      kit.drive(hot('a', { a: changed('Activity', 1) }));
      expectObservable(kit.actions$.pipe(filter(isForced))).toBe('a', { a: forced(1) });
    });
  });

  it('leave alone a detail a share link brought (someone else’s activity, seen as a guardian)', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const [, viaShare] = detailLoadedActions(
        detail(5, T0 - HOUR, null),
        undefined,
        undefined,
        'share',
      ).now;
      const state = {
        activityDetails: activityDetailsSlice.reducer(
          activityDetailsSlice.reducer(undefined, { type: 'init' }),
          viaShare,
        ),
      };
      const kit = startStore(scheduler, { epics, state, calls: openDetails });
      kit.drive(hot('a 1s b', { a: changed('Activity', 5), b: changed('Alert', 9, 'created', 5) }));
      const memberCalls = (action: Action) =>
        activityDetailRequested.match(action) ||
        activitySummariesRequested.match(action) ||
        activitiesRefreshRequested.match(action);
      expectObservable(kit.actions$.pipe(filter(memberCalls)), '^ 10s !').toBe('');
      scheduler.schedule(() => {
        // The share's copy is kept for its page; the member's screens do not count it as theirs.
        const details = selectActivityDetailsState(kit.store.getState());
        expect(details.entities[5]?.ActivityId).toBe(5);
        expect(details.loads[5]).toBeUndefined();
      }, 10_000);
    });
  });

  it('wait 5 s while the detail is loading, one reload covering the changes of the wait', () => {
    expect(ACTIVITY_CHANGE_LOADING_WAIT_MS).toBe(5_000);
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics, calls: openDetails });
      // Requested at 0 (answers at 3 s); changes at 1 s and 2 s wait for 6 s; the reload at 6 s
      // answers at 9 s, so a change at 7 s waits until 12 s; one at 20 s reloads at once.
      kit.drive(
        hot('a 999ms c 999ms c 4999ms c 12999ms c', {
          a: activityDetailRequested({ ActivityId: 1 }),
          c: changed('Activity', 1),
        }),
      );
      expectObservable(kit.actions$.pipe(filter(isForced))).toBe('6s a 5999ms a 7999ms a', {
        a: forced(1),
      });
    });
  });

  it('wait per activity: a change of another activity is not held up', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics, state: held(2), calls: openDetails });
      kit.drive(
        hot('a 999ms (bc)', {
          a: activityDetailRequested({ ActivityId: 1, force: true }),
          b: changed('Activity', 1),
          c: changed('Activity', 2),
        }),
      );
      expectObservable(kit.actions$.pipe(filter(isForced))).toBe('a 999ms b 4999ms c', {
        a: forced(1),
        b: forced(2),
        c: forced(1),
      });
    });
  });

  it('reload the detail of an activity whose alert changed', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics,
        state: {
          ...held(1, 2),
          alerts: alertsSlice.reducer(undefined, alertsReceived([alert(9, 2, T0 - HOUR)])),
        },
        calls: openDetails,
      });
      kit.drive(
        hot('a 9s b 9s c', {
          a: changed('Alert', 8, 'created', 1),
          b: changed('Alert', 9, 'updated'),
          c: changed('Alert', 10, 'updated', 77),
        }),
      );
      expectObservable(kit.actions$.pipe(filter(isForced))).toBe('a 9s b', {
        a: forced(1),
        b: forced(2),
      });
    });
  });

  it('remove a deleted activity everywhere', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics, state: held(1), calls: openDetails });
      kit.drive(hot('a', { a: changed('Activity', 1, 'deleted') }));
      expectObservable(
        kit.actions$.pipe(filter((a) => activityRemoved.match(a) || isForced(a))),
      ).toBe('r', { r: activityRemoved({ ActivityId: 1 }) });
      scheduler.schedule(() => {
        expect(selectActivityDetailsState(kit.store.getState()).ids).toEqual([]);
      }, 1);
    });
  });

  it('keep summaries current for activities whose detail is not held', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const ended = summary(5, T0 - 2 * DAY, T0 - 2 * DAY + HOUR);
      const summaries = activitySummariesSlice.reducer(
        undefined,
        activitySummariesLoaded({
          fetched: [{ fromMs: T0 - 365 * DAY, toMs: T0 }],
          Activities: [ended, summary(6, T0 - HOUR, null)],
        }),
      );
      const kit = startStore(scheduler, {
        epics,
        state: { activitySummaries: summaries },
        calls: openDetails,
      });
      kit.drive(
        hot('a 9ms b 9ms c', {
          a: changed('Activity', 7, 'created'),
          b: changed('Activity', 6),
          c: changed('Activity', 5),
        }),
      );
      expectObservable(
        kit.actions$.pipe(
          filter(
            (a) =>
              activitiesRefreshRequested.match(a) ||
              activitySummariesRequested.match(a) ||
              activityDetailRequested.match(a),
          ),
        ),
      ).toBe('r 9ms r 9ms s', {
        r: activitiesRefreshRequested(),
        s: activitySummariesRequested({
          fromMs: ended.TimestampStart,
          toMs: ended.TimestampEnd ?? 0,
          force: true,
        }),
      });
    });
  });
});
