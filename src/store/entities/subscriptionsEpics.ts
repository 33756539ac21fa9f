import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import { catchError, filter, map, of, switchMap } from 'rxjs';
import { getSubscriptions } from '../../api/calls/memberIntegrationSubscriptions';
import { changesOf } from '../activities/entityChanges';
import { memberCallsFor } from '../activities/memberCalls';
import type { StoreDependencies } from '../dependencies';
import type { RootState } from '../rootReducer';
import { memberLoaded } from '../session/sessionSlice';
import {
  subscriptionsLoadFailed,
  subscriptionsReceived,
  subscriptionsRequested,
  type SubscriptionsSliceState,
} from './subscriptionsSlice';
import { ofAction } from '../operators/ofAction';
import { untilLoggedOut } from '../operators/untilLoggedOut';

/** The root state with the subscriptions slice (src/store/rootReducer.ts registers it). */
export type SubscriptionsRootState = RootState & SubscriptionsSliceState;
/** An epic reading the subscriptions slice. */
export type SubscriptionsEpic = Epic<Action, Action, SubscriptionsRootState, StoreDependencies>;

/** A signed-in member's subscriptions are loaded once the member is (as the other entities). */
export const subscriptionsOnMemberEpic: SubscriptionsEpic = (action$) =>
  action$.pipe(
    ofAction(memberLoaded),
    map((): Action => subscriptionsRequested()),
  );

/**
 * Each `subscriptionsRequested` loads GET subscriptions (spec §7) through the member calls; a newer
 * request cancels an older one still in flight (switchMap). A failed call: `subscriptionsLoadFailed`.
 */
export const subscriptionsLoadEpic: SubscriptionsEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(subscriptionsRequested),
    switchMap(() =>
      memberCallsFor(() => state$.value, deps)
        .call(getSubscriptions, {})
        .pipe(
          map((response): Action => subscriptionsReceived(response.Subscriptions)),
          catchError(() => of(subscriptionsLoadFailed())),
          untilLoggedOut(action$),
        ),
    ),
  );

/**
 * Subscription EntityChanges reload the held subscriptions, once per batch and at once (a purchase or
 * cancellation made elsewhere changes the current subscription, spec §4). A design decision: the spec
 * names only reminders and messages as refreshing on change events, and Subscription among the
 * entity types those events carry (§3).
 */
export const subscriptionsChangeEpic: SubscriptionsEpic = (action$, state$) =>
  action$.pipe(
    changesOf('Subscription'),
    filter(() => state$.value.subscriptions.status !== 'idle'),
    map((): Action => subscriptionsRequested()),
  );

/** The subscriptions' epics: first load, loads, and reloads on change events. */
export const subscriptionsEpics: SubscriptionsEpic[] = [
  subscriptionsOnMemberEpic,
  subscriptionsLoadEpic,
  subscriptionsChangeEpic,
];
