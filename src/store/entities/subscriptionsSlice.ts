import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { Subscription } from '../../api/entities/subscription';
import { currentSubscription } from '../activities/currentSubscription';
import { loadableEntities, type LoadableEntities } from './loadableEntities';
import { loadFailed, loadRequested, type LoadStatus } from './loadStatus';

/** The wearer's subscriptions (spec §3 "Subscription", §7 GET subscriptions), by SubscriptionID. */
export type SubscriptionsState = LoadableEntities<Subscription>;

/** Any state holding the subscriptions slice (the root state once it is registered). */
export interface SubscriptionsSliceState {
  readonly subscriptions: SubscriptionsState;
}

const list = loadableEntities((subscription: Subscription) => subscription.SubscriptionID);
const initialState: SubscriptionsState = list.initialState;

export const subscriptionsSlice = createSlice({
  name: 'subscriptions',
  initialState,
  reducers: {
    /** Load (or reload) the subscriptions from GET subscriptions. */
    subscriptionsRequested: loadRequested,
    /** The server's whole list (`Subscriptions` of GET subscriptions). */
    subscriptionsReceived: list.received,
    subscriptionsLoadFailed: loadFailed,
  },
  extraReducers: list.extraReducers,
});

export const { subscriptionsRequested, subscriptionsReceived, subscriptionsLoadFailed } =
  subscriptionsSlice.actions;

const selectors = list.adapter.getSelectors(
  (state: SubscriptionsSliceState) => state.subscriptions,
);
/** Every subscription, deleted ones included, in the server's order. */
export const selectAllSubscriptions = selectors.selectAll;
/** One subscription by SubscriptionID. */
export const selectSubscriptionById = selectors.selectById;
/** The load status of the subscriptions. */
export const selectSubscriptionsStatus = (state: SubscriptionsSliceState): LoadStatus =>
  state.subscriptions.status;
/** Whether the subscriptions were received at least once. */
export const selectSubscriptionsReceived = (state: SubscriptionsSliceState): boolean =>
  state.subscriptions.received;

/**
 * The current subscription (spec §4 "The current subscription is the first, ordered by expiry, that
 * is not deleted"; src/store/activities/currentSubscription.ts), null when none; memoized.
 */
export const selectCurrentSubscription = createSelector(
  [selectAllSubscriptions],
  currentSubscription,
);
