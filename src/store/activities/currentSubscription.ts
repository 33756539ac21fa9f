import type { Subscription } from '../../api/entities/subscription';

/**
 * The member's current subscription (spec §4 "The current subscription is the first, ordered by
 * expiry, that is not deleted"): of `subscriptions` (any order, e.g. GET subscriptions'
 * `Subscriptions`), the one not deleted with the earliest `ExpiryTimestamp` (epoch ms; ties keep the
 * given order), or null when every one is deleted or there is none. No subscription slice exists
 * yet: the subscription screen applies this to what it loaded, and a slice's selector wraps it with
 * `createSelector`.
 */
export function currentSubscription(subscriptions: readonly Subscription[]): Subscription | null {
  let current: Subscription | null = null;
  for (const subscription of subscriptions) {
    if (subscription.Deleted) continue;
    if (current === null || subscription.ExpiryTimestamp < current.ExpiryTimestamp) {
      current = subscription;
    }
  }
  return current;
}
