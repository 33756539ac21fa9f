import { describe, expect, it } from 'vitest';
import {
  activityDeleteEpic,
  DELETE_FAILED_KEY,
} from '../../../../src/store/activities/activityDeleteEpic';
import {
  activityDeleted,
  activityDeleteFailed,
  activityDeleteRequested,
} from '../../../../src/store/activities/activityEditActions';
import { activityHistoryClearEpic } from '../../../../src/store/activities/activityHistoryEpic';
import {
  activitySummariesRequested,
  selectActivitySummariesState,
} from '../../../../src/store/activities/activitySummariesSlice';
import { historyCleared } from '../../../../src/store/locationHistory/locationHistorySlice';
import { ACTIVITY_RELOAD_AFTER_DELETE_MS } from '../../../../src/store/timing';
import { answer, DAY, failure, inVirtualTime, startStore, T0 } from './activityTestKit';
import { outcomes, reload, state, stored } from './editFixtures';
import { selectActivityDetailsState } from '../../../../src/store/activities/activityDetailsSlice';

const DELETE = 'member-wearer-activity-delete';
const epics = [activityDeleteEpic, activityHistoryClearEpic];
const previous = { summary: stored, detail: selectActivityDetailsState(state).entities[1] ?? null };

describe('delete: local removal, summaries reload after 1 s (virtual time; spec §4)', () => {
  it('uses the spec’s delay', () => {
    expect(ACTIVITY_RELOAD_AFTER_DELETE_MS).toBe(1_000);
  });

  it('removes the activity and its history at once, and reloads the cached summaries 1 s later', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics,
        state,
        calls: { [DELETE]: () => answer(300, { DeleteStatus: true }) },
      });
      kit.drive(hot('a', { a: activityDeleteRequested({ ActivityId: 1 }) }));
      expectObservable(outcomes(kit.actions$)).toBe('(dh) 996ms s', {
        d: activityDeleted({ ActivityId: 1, previous }),
        h: historyCleared({ ActivityId: 1 }),
        s: activitySummariesRequested({ fromMs: T0 - 365 * DAY, force: true }),
      });
      scheduler.schedule(() => {
        expect(selectActivitySummariesState(kit.store.getState()).ids).toEqual([]);
        expect(selectActivityDetailsState(kit.store.getState()).ids).toEqual([]);
        expect(kit.calls[0]?.request).toEqual({ ActivityId: 1 });
      }, 1);
    });
  });

  it('reloads nothing when no summaries are cached', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics,
        state: { activityDetails: selectActivityDetailsState(state) },
        calls: { [DELETE]: () => answer(300, { DeleteStatus: true }) },
      });
      kit.drive(hot('a', { a: activityDeleteRequested({ ActivityId: 1 }) }));
      expectObservable(outcomes(kit.actions$)).toBe('(dh)', {
        d: activityDeleted({ ActivityId: 1, previous: { summary: null, detail: previous.detail } }),
        h: historyCleared({ ActivityId: 1 }),
      });
    });
  });

  it.each([
    ['a false status', () => answer(300, { DeleteStatus: false })],
    ['a failed call', () => failure(300)],
  ])('puts the activity back with a notice on %s, reloading its history', (_name, deleteAnswer) => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics, state, calls: { [DELETE]: deleteAnswer } });
      kit.drive(hot('a', { a: activityDeleteRequested({ ActivityId: 1 }) }));
      expectObservable(outcomes(kit.actions$)).toBe('(dh) 296ms (fnr)', {
        d: activityDeleted({ ActivityId: 1, previous }),
        h: historyCleared({ ActivityId: 1 }),
        f: activityDeleteFailed({ ActivityId: 1, previous }),
        n: `notice:${DELETE_FAILED_KEY}`,
        r: reload,
      });
      scheduler.schedule(() => {
        expect(selectActivitySummariesState(kit.store.getState()).ids).toEqual([1]);
        expect(selectActivityDetailsState(kit.store.getState()).entities[1]).toEqual(
          previous.detail,
        );
      }, 400);
    });
  });
});
