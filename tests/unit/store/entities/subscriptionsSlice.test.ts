import { describe, expect, it } from 'vitest';
import {
  selectAllSubscriptions,
  selectCurrentSubscription,
  selectSubscriptionsStatus,
  subscriptionsLoadFailed,
  subscriptionsReceived,
  subscriptionsRequested,
  subscriptionsSlice,
} from '../../../../src/store/entities/subscriptionsSlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { subscription } from './entitiesTestKit';

const reduce = subscriptionsSlice.reducer;
const initial = reduce(undefined, { type: 'init' });

describe('subscriptions slice (normalized by SubscriptionID)', () => {
  const loaded = reduce(
    reduce(initial, subscriptionsRequested()),
    subscriptionsReceived([subscription(1, 300), subscription(2, 100, true), subscription(3, 200)]),
  );

  it('subscriptions -> subscriptionsReceived holds every one, deleted included', () => {
    expect(loaded).toMatchObject({ ids: [1, 2, 3], status: 'loaded', received: true });
    expect(selectAllSubscriptions({ subscriptions: loaded })).toHaveLength(3);
  });

  it('the current subscription is the first by expiry that is not deleted (spec §4), memoized', () => {
    const state = { subscriptions: loaded };
    const current = selectCurrentSubscription(state);
    expect(current?.SubscriptionID).toBe(3);
    expect(selectCurrentSubscription({ subscriptions: loaded })).toBe(current);
    const allDeleted = reduce(loaded, subscriptionsReceived([subscription(4, 1, true)]));
    expect(selectCurrentSubscription({ subscriptions: allDeleted })).toBeNull();
  });

  it('subscriptions -> subscriptionsLoadFailed keeps them; loggedOut forgets them', () => {
    const failed = reduce(loaded, subscriptionsLoadFailed());
    expect(selectSubscriptionsStatus({ subscriptions: failed })).toBe('failed');
    expect(failed.ids).toEqual([1, 2, 3]);
    expect(reduce(loaded, loggedOut({ reason: 'user' }))).toEqual(initial);
  });
});
