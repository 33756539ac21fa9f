import type { Action } from '@reduxjs/toolkit';
import { filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { selectTrackColumns } from '../../../../src/store/locationHistory/locationHistorySelectors';
import { sharedJourneyActivityRequested } from '../../../../src/store/shares/sharedJourneyActions';
import { sharedJourneyEpics } from '../../../../src/store/shares/sharedJourneyEpics';
import { sharedViewEpics } from '../../../../src/store/shares/sharedViewEpics';
import {
  sharedViewClosed,
  sharedViewRequested,
} from '../../../../src/store/shares/sharedViewsSlice';
import { JOURNEY_REFRESH_MS, SHARED_JOURNEY_ACTIVITY_LOADS } from '../../../../src/store/timing';
import {
  answer,
  callsOf,
  detail,
  HOUR,
  inVirtualTime,
  MINUTE,
  startStore,
  summary,
  T0,
} from '../activities/activityTestKit';
import { JOURNEY_SHARE_CLAIMS, shareToken } from './shareTokens';

const TOKEN = shareToken(JOURNEY_SHARE_CLAIMS);
const JOURNEY = {
  JourneyStart: T0 - 48 * HOUR,
  JourneyEnd: T0,
  ActivitySummaries: [
    summary(1, T0 - 40 * HOUR, T0 - 38 * HOUR),
    summary(2, T0 - 10 * HOUR, T0 - 9 * HOUR),
  ],
};
const MEMBER = { WearerID: 1, NameFirst: 'Dana', NameLast: 'Berg' };
const calls = {
  'activity-sharing': () =>
    answer(100, { Activity: null, Journey: JOURNEY, MemberDetails: MEMBER }),
  'shared-journey-activity': (req: { ActivityId: number }) =>
    answer(1_000, { Activity: detail(req.ActivityId, T0 - HOUR, T0) }),
};
const epics = [...sharedViewEpics, ...sharedJourneyEpics];

describe('a shared journey in the store (spec §4, §7 shared-journey-activity, §9 journey refresh)', () => {
  it('is refreshed every minute while shown, and no more once closed', () => {
    expect(JOURNEY_REFRESH_MS).toBe(60_000);
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics, calls });
      kit.drive(
        hot('a 150s x', {
          a: sharedViewRequested({ ShareToken: TOKEN }),
          x: sharedViewClosed({ ShareToken: TOKEN }),
        }),
      );
      const requests = kit.actions$.pipe(
        filter((action: Action) => sharedViewRequested.match(action)),
      );
      // Loaded at 100 ms: refreshes at 60.1 s and 120.1 s; closed at 150 s.
      expectObservable(requests, '^ 200s !').toBe('a 60099ms a 59999ms a', {
        a: sharedViewRequested({ ShareToken: TOKEN }),
      });
    });
  });

  it('loads a viewer’s activities with their tracks, at most 4 at once', () => {
    expect(SHARED_JOURNEY_ACTIVITY_LOADS).toBe(4);
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = startStore(scheduler, { epics, calls });
      const ask = (ActivityId: number) =>
        sharedJourneyActivityRequested({ ShareToken: TOKEN, ActivityId });
      kit.drive(hot('(abcde)', { a: ask(1), b: ask(2), c: ask(3), d: ask(4), e: ask(5) }));
      scheduler.schedule(() => {
        kit.store.dispatch(sharedViewClosed({ ShareToken: TOKEN }));
      }, 5 * MINUTE);
      flush();
      expect(callsOf(kit.calls, 'shared-journey-activity').map(([at]) => at)).toEqual([
        0, 0, 0, 0, 1_000,
      ]);
      expect(selectTrackColumns(kit.store.getState(), 5).length).toBe(2);
    });
  });
});
