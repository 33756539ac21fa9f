import { filter } from 'rxjs';
import { activityRemoved } from '../../../../src/store/activities/activityEvents';
import { describe, expect, it } from 'vitest';
import {
  activitySummariesLoaded,
  activitySummariesSlice,
  hasHistoricActivityLoaded,
  hasHistoricActivityRequested,
  selectActivitySummariesState,
} from '../../../../src/store/activities/activitySummariesSlice';
import { hasHistoricActivityEpic } from '../../../../src/store/activities/hasHistoricActivityEpic';
import {
  answer,
  callsOf,
  DAY,
  failure,
  HOUR,
  inVirtualTime,
  startStore,
  summary,
  T0,
} from './activityTestKit';

const HISTORIC = 'member-wearer-has-historic-activity';

describe('has-historic-activity (spec §7 GET member-wearer-has-historic-activity)', () => {
  it('asks once, and a request while it answers makes no second call', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: [hasHistoricActivityEpic],
        calls: { [HISTORIC]: () => answer(20, { HasHistoricActivity: false }) },
      });
      kit.drive(
        hot('a 5ms b 60ms c', {
          a: hasHistoricActivityRequested(),
          b: hasHistoricActivityRequested(),
          c: hasHistoricActivityRequested(),
        }),
      );
      expectObservable(kit.actions$.pipe(filter(hasHistoricActivityLoaded.match))).toBe('20ms l', {
        l: hasHistoricActivityLoaded({ HasHistoricActivity: false }),
      });
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, HISTORIC)).toEqual([[0, {}]]);
        expect(selectActivitySummariesState(kit.store.getState()).hasHistoricActivity).toBe(false);
      }, 100);
    });
  });

  it('asks nothing once a summary was loaded: the wearer has an activity', () => {
    inVirtualTime((scheduler, { hot }) => {
      const loaded = activitySummariesSlice.reducer(
        undefined,
        activitySummariesLoaded({
          fetched: [{ fromMs: T0 - 30 * DAY, toMs: T0 }],
          Activities: [summary(1, T0 - DAY, T0 - DAY + HOUR)],
        }),
      );
      expect(loaded.hasHistoricActivity).toBe(true);
      // A deleted activity may have been the last: the next list asks again.
      expect(
        activitySummariesSlice.reducer(loaded, activityRemoved({ ActivityId: 1 }))
          .hasHistoricActivity,
      ).toBeNull();
      const kit = startStore(scheduler, {
        epics: [hasHistoricActivityEpic],
        state: { activitySummaries: loaded },
        calls: { [HISTORIC]: () => answer(20, { HasHistoricActivity: true }) },
      });
      kit.drive(hot('a', { a: hasHistoricActivityRequested() }));
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, HISTORIC)).toEqual([]);
      }, 100);
    });
  });

  it('stays unknown when the call fails, and asks again on the next request', () => {
    inVirtualTime((scheduler, { hot }) => {
      let calls = 0;
      const kit = startStore(scheduler, {
        epics: [hasHistoricActivityEpic],
        calls: {
          [HISTORIC]: () => {
            calls += 1;
            return calls === 1 ? failure(10) : answer(10, { HasHistoricActivity: true });
          },
        },
      });
      kit.drive(
        hot('a 50ms b', { a: hasHistoricActivityRequested(), b: hasHistoricActivityRequested() }),
      );
      scheduler.schedule(() => {
        expect(selectActivitySummariesState(kit.store.getState()).hasHistoricActivity).toBeNull();
      }, 30);
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, HISTORIC)).toHaveLength(2);
        expect(selectActivitySummariesState(kit.store.getState()).hasHistoricActivity).toBe(true);
      }, 100);
    });
  });
});
