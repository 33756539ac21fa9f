import { filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../../src/api/entities/subscription';
import type { MessageThread } from '../../../../src/api/entities/message';
import { activityEpics } from '../../../../src/store/activities/activityEpics';
import { detailLoadedActions } from '../../../../src/store/activities/detailLoad';
import {
  alertsReceived,
  alertsSlice,
  selectAlertsOfActivity,
  selectOpenAlerts,
} from '../../../../src/store/activities/alertsSlice';
import { currentSubscription } from '../../../../src/store/activities/currentSubscription';
import { messageThreadChangeEpic } from '../../../../src/store/activities/messageThreadChangeEpic';
import {
  messageThreadReceived,
  messageThreadRefreshRequested,
  messageThreadsSlice,
  selectMessageThreadOfActivity,
} from '../../../../src/store/activities/messageThreadsSlice';
import { entityChangesReceived } from '../../../../src/store/realtime/realtimeSlice';
import { activityDataEpics } from '../../../../src/store/activityDataEpics';
import { rootReducer } from '../../../../src/store/rootReducer';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { alert, detail, HOUR, inVirtualTime, startStore, T0 } from './activityTestKit';

describe('alerts slice (normalized by AlertID)', () => {
  const reduce = alertsSlice.reducer;
  const initial = reduce(undefined, { type: 'init' });

  it('alerts -> activityDetailLoaded upserts the detail’s alerts and drops the activity’s others', () => {
    const before = reduce(
      initial,
      alertsReceived([alert(1, 10, T0 - 2 * HOUR), alert(2, 10, T0 - HOUR), alert(3, 11, T0)]),
    );
    const closed = { ...alert(2, 10, T0 - HOUR), CloseState: 'CLOSED_BY_USER' as const };
    const [, loaded] = detailLoadedActions(detail(10, T0 - 3 * HOUR, null, [closed])).now;
    const after = reduce(before, loaded);
    expect(after.ids).toEqual([3, 2]);
    expect(after.entities[2]?.CloseState).toBe('CLOSED_BY_USER');
  });

  it('alerts -> activityDetailLoaded of a detail that lists no alerts leaves them', () => {
    const before = reduce(initial, alertsReceived([alert(1, 10, T0)]));
    expect(reduce(before, detailLoadedActions(detail(10, T0 - HOUR, null)).now[1])).toBe(before);
  });

  it('selects the alerts of an activity and the open ones, newest first', () => {
    const closed = { ...alert(2, 10, T0 - HOUR), CloseState: 'CLOSED' as const };
    const state = {
      alerts: reduce(
        initial,
        alertsReceived([alert(1, 10, T0 - 2 * HOUR), closed, alert(3, 11, T0)]),
      ),
    };
    expect(selectAlertsOfActivity(state, 10).map((a) => a.AlertID)).toEqual([2, 1]);
    expect(selectOpenAlerts(state).map((a) => a.AlertID)).toEqual([3, 1]);
  });
});

describe('message threads slice (normalized by MessageThreadID) and their change events', () => {
  const thread: MessageThread = {
    MessageThreadID: 4,
    ActivityId: 10,
    Messages: [
      {
        MessageID: 40,
        MessageText: 'All well?',
        SenderName: 'Ola',
        ReplyOptions: ['No', 'Yes'],
        SentTimestamp: T0,
        WearerMessageState: { DeliveredTime: null, SeenTime: null, Replies: [] },
      },
    ],
  };
  const threads = messageThreadsSlice.reducer(undefined, messageThreadReceived(thread));

  it('messageThreads -> messageThreadReceived keeps the thread, found by its activity', () => {
    expect(selectMessageThreadOfActivity({ messageThreads: threads }, 10)).toEqual(thread);
    expect(selectMessageThreadOfActivity({ messageThreads: threads }, 11)).toBeNull();
  });

  it('asks for a refresh of the owning thread on MessageThread and MessageWearer changes', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: [messageThreadChangeEpic],
        state: { messageThreads: threads },
      });
      const change = (
        EntityType: 'MessageThread' | 'MessageWearer' | 'Alert',
        EntityId: number,
        ActivityId?: number,
      ) => ({
        EntityType,
        EntityId,
        ChangeType: 'updated' as const,
        Timestamp: T0,
        ...(ActivityId === undefined ? {} : { ActivityId }),
      });
      kit.drive(
        hot('a 9ms b 9ms c 9ms d', {
          // A message of the known thread was seen, and the thread changed: one refresh.
          a: entityChangesReceived([change('MessageWearer', 40), change('MessageThread', 4)]),
          // A new thread of another activity.
          b: entityChangesReceived([change('MessageThread', 5, 12)]),
          // A change of nothing known, and one of another entity: no refresh.
          c: entityChangesReceived([change('MessageWearer', 99)]),
          d: entityChangesReceived([change('Alert', 1, 10)]),
        }),
      );
      expectObservable(kit.actions$.pipe(filter(messageThreadRefreshRequested.match))).toBe(
        'a 9ms b',
        {
          a: messageThreadRefreshRequested({ ActivityId: 10, MessageThreadID: 4 }),
          b: messageThreadRefreshRequested({ ActivityId: 12, MessageThreadID: 5 }),
        },
      );
    });
  });
});

describe('current subscription (spec §4: the first by expiry that is not deleted)', () => {
  const sub = (SubscriptionID: number, ExpiryTimestamp: number, Deleted = false): Subscription => ({
    SubscriptionID,
    PaymentGatewaySubscriptionId: null,
    ExpiryTimestamp,
    Deleted,
  });

  it.each([
    ['none', [], null],
    ['all deleted', [sub(1, T0, true), sub(2, T0 + HOUR, true)], null],
    ['the earliest expiry', [sub(1, T0 + 2 * HOUR), sub(2, T0 + HOUR), sub(3, T0 + 3 * HOUR)], 2],
    [
      'skipping a deleted earlier one',
      [sub(1, T0, true), sub(2, T0 + 2 * HOUR), sub(3, T0 + HOUR)],
      3,
    ],
    ['the first of equal expiries', [sub(4, T0), sub(5, T0)], 4],
  ] as const)('%s', (_name, subscriptions, id) => {
    expect(currentSubscription(subscriptions)?.SubscriptionID ?? null).toBe(id);
  });
});

describe('registration', () => {
  it('registers every activity epic among the store epics', () => {
    for (const epic of activityEpics) expect(activityDataEpics).toContain(epic);
    expect(activityEpics.length).toBeGreaterThanOrEqual(19);
  });

  it('registers the slices in the root reducer, cleared on logout', () => {
    const state = rootReducer(undefined, { type: 'init' });
    for (const key of [
      'activitySummaries',
      'activityDetails',
      'alerts',
      'messageThreads',
      'journey',
      'rescueOrgs',
    ] as const) {
      expect(state[key]).toBeDefined();
    }
    const withAlert = {
      ...state,
      alerts: alertsSlice.reducer(undefined, alertsReceived([alert(1, 1, T0)])),
    };
    expect(rootReducer(withAlert, loggedOut({ reason: 'user' })).alerts).toEqual(state.alerts);
  });
});
