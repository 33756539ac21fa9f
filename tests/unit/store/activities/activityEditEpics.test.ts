import { filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  activityDetailRequested,
  selectActivityDetailsState,
} from '../../../../src/store/activities/activityDetailsSlice';
import {
  activityEdited,
  activityEditFailed,
  activityEditRequested,
  activitySplitsSaved,
  activitySplitsSaveFailed,
  activitySplitsSaveRequested,
  activityTrimFailed,
  activityTrimmed,
  activityTrimRequested,
} from '../../../../src/store/activities/activityEditActions';
import {
  activityEditEpic,
  activitySplitsEpic,
  activityTrimEpic,
  EDIT_FAILED_KEY,
  SPLITS_FAILED_KEY,
  TRIM_FAILED_KEY,
} from '../../../../src/store/activities/activityEditEpics';
import { ACTIVITY_RELOAD_AFTER_EDIT_MS } from '../../../../src/store/timing';
import { answer, callsOf, failure, inVirtualTime, MINUTE, startStore } from './activityTestKit';
import { END, outcomes, reload, START, state } from './editFixtures';
import { selectActivitySummariesState } from '../../../../src/store/activities/activitySummariesSlice';

const epics = [activityEditEpic, activityTrimEpic, activitySplitsEpic];

describe('edit, trim and splits: local update, reload about 6 s later (virtual time; spec §4)', () => {
  it('uses the spec’s delay', () => {
    expect(ACTIVITY_RELOAD_AFTER_EDIT_MS).toBe(6_000);
  });

  it('changes the type at once and reloads 6 s later', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics,
        state,
        calls: { 'member-wearer-activity-edit': () => answer(800, { EditStatus: true }) },
      });
      kit.drive(
        hot('a', { a: activityEditRequested({ ActivityId: 1, NewActivityType: 'RUNNING' }) }),
      );
      expectObservable(outcomes(kit.actions$)).toBe('e 5999ms r', {
        e: activityEdited({
          ActivityId: 1,
          NewActivityType: 'RUNNING',
          previous: { ActivityType: 'HIKING' },
        }),
        r: reload,
      });
      scheduler.schedule(() => {
        const s = kit.store.getState();
        expect(selectActivitySummariesState(s).entities[1]?.ActivityType).toBe('RUNNING');
        expect(selectActivityDetailsState(s).entities[1]?.ActivityType).toBe('RUNNING');
        expect(kit.calls[0]?.request).toEqual({ ActivityId: 1, NewActivityType: 'RUNNING' });
      }, 1);
    });
  });

  it('reloads when a slow save answers after the 6 s', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics,
        state,
        calls: { 'member-wearer-activity-edit': () => answer(8_000, { EditStatus: true }) },
      });
      kit.drive(
        hot('a', { a: activityEditRequested({ ActivityId: 1, NewActivityType: 'RUNNING' }) }),
      );
      expectObservable(kit.actions$.pipe(filter(activityDetailRequested.match))).toBe('8s r', {
        r: reload,
      });
    });
  });

  it('sends a second change of one activity only after the first is answered, so the last wins', () => {
    inVirtualTime((scheduler, { hot }) => {
      // The first save answers slowly: sent at once, the second could be applied before it.
      const delays = [800, 100, 100, 100];
      const kit = startStore(scheduler, {
        epics,
        state,
        calls: {
          'member-wearer-activity-edit': () => answer(delays.shift() ?? 100, { EditStatus: true }),
        },
      });
      kit.drive(
        hot('a 9ms b 9ms c', {
          a: activityEditRequested({ ActivityId: 1, NewActivityType: 'RUNNING' }),
          b: activityEditRequested({ ActivityId: 1, NewActivityType: 'CYCLING' }),
          c: activityEditRequested({ ActivityId: 2, NewActivityType: 'SAILING' }),
        }),
      );
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, 'member-wearer-activity-edit')).toEqual([
          [0, { ActivityId: 1, NewActivityType: 'RUNNING' }],
          // Another activity's change is not held back.
          [20, { ActivityId: 2, NewActivityType: 'SAILING' }],
          [800, { ActivityId: 1, NewActivityType: 'CYCLING' }],
        ]);
        expect(selectActivitySummariesState(kit.store.getState()).entities[1]?.ActivityType).toBe(
          'CYCLING',
        );
      }, 1_000);
    });
  });

  it.each([
    ['a false status', () => answer(500, { EditStatus: false })],
    ['a failed call', () => failure(500)],
  ])('puts the type back with a notice on %s, without reloading', (_name, editAnswer) => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics,
        state,
        calls: { 'member-wearer-activity-edit': editAnswer },
      });
      kit.drive(
        hot('a', { a: activityEditRequested({ ActivityId: 1, NewActivityType: 'RUNNING' }) }),
      );
      const previous = { ActivityType: 'HIKING' as const };
      expectObservable(outcomes(kit.actions$)).toBe('e 499ms (fn)', {
        e: activityEdited({ ActivityId: 1, NewActivityType: 'RUNNING', previous }),
        f: activityEditFailed({ ActivityId: 1, previous }),
        n: `notice:${EDIT_FAILED_KEY}`,
      });
      scheduler.schedule(() => {
        expect(selectActivitySummariesState(kit.store.getState()).entities[1]?.ActivityType).toBe(
          'HIKING',
        );
        expect(selectActivityDetailsState(kit.store.getState()).entities[1]?.ActivityType).toBe(
          'HIKING',
        );
      }, 600);
    });
  });

  it('trims locally, reloads 6 s later; a failed trim puts the bounds back with a notice', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      let attempt = 0;
      const kit = startStore(scheduler, {
        epics,
        state,
        calls: {
          'member-wearer-activity-trim': () => {
            attempt += 1;
            return attempt === 1
              ? answer(300, { TrimStatus: true })
              : answer(300, { TrimStatus: false });
          },
        },
      });
      const trim = {
        ActivityId: 1,
        NewActivityStart: START + 10 * MINUTE,
        NewActivityEnd: END - 10 * MINUTE,
      };
      kit.drive(
        hot('a 9999ms b', { a: activityTrimRequested(trim), b: activityTrimRequested(trim) }),
      );
      const first = { TimestampStart: START, TimestampEnd: END };
      const second = { TimestampStart: trim.NewActivityStart, TimestampEnd: trim.NewActivityEnd };
      expectObservable(outcomes(kit.actions$)).toBe('t 5999ms r 3999ms u 299ms (fn)', {
        t: activityTrimmed({ ...trim, previous: first }),
        r: reload,
        u: activityTrimmed({ ...trim, previous: second }),
        f: activityTrimFailed({ ActivityId: 1, previous: second }),
        n: `notice:${TRIM_FAILED_KEY}`,
      });
    });
  });

  it('sends a double click’s second save of the same splits nowhere: the first applied them', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics,
        state,
        calls: { 'member-wearer-activity-splits': () => answer(300, { UpdateSuccess: true }) },
      });
      const save = activitySplitsSaveRequested({
        ActivityId: 1,
        SplitsSettings: { SplitType: 'DISTANCE_KM', Distance: '1' },
      });
      kit.drive(hot('a 49ms b', { a: save, b: save }));
      expectObservable(outcomes(kit.actions$)).toBe('s 5999ms r', {
        s: activitySplitsSaved({
          ActivityId: 1,
          SplitsSettings: { SplitType: 'DISTANCE_KM', Distance: 1 },
          previous: { SplitsSettings: null },
        }),
        r: activityDetailRequested({ ActivityId: 1, force: true }),
      });
      scheduler.schedule(() => {
        expect(kit.calls).toHaveLength(1);
      }, 7_000);
    });
  });

  it('saves splits locally (parsed from the form) and reloads 6 s later; a failure restores them', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics,
        state,
        calls: { 'member-wearer-activity-splits': () => failure(7_000) },
      });
      kit.drive(
        hot('a 99ms b', {
          a: activitySplitsSaveRequested({
            ActivityId: 1,
            SplitsSettings: { SplitType: 'DISTANCE_KM', Distance: '0,5' },
          }),
          b: activitySplitsSaveRequested({
            ActivityId: 1,
            SplitsSettings: { SplitType: 'TIME_MINUTES', Time: 90 },
          }),
        }),
      );
      const settings = { SplitType: 'DISTANCE_KM' as const, Distance: 0.5 };
      expectObservable(outcomes(kit.actions$)).toBe('s 99ms i 6899ms (fn)', {
        s: activitySplitsSaved({
          ActivityId: 1,
          SplitsSettings: settings,
          previous: { SplitsSettings: null },
        }),
        // 90 minutes breaks the splits rule (at most 60): only the notice, nothing saved.
        i: `notice:${SPLITS_FAILED_KEY}`,
        f: activitySplitsSaveFailed({ ActivityId: 1, previous: { SplitsSettings: null } }),
        n: `notice:${SPLITS_FAILED_KEY}`,
      });
      scheduler.schedule(() => {
        expect(kit.calls).toHaveLength(1);
        expect(
          selectActivityDetailsState(kit.store.getState()).entities[1]?.SplitsSettings,
        ).toBeNull();
      }, 8_000);
    });
  });
});
