import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import { catchError, filter, map, of, switchMap } from 'rxjs';
import { loadWearerReminders } from '../../api/calls/memberIntegrationReminders';
import { changesOf } from '../activities/entityChanges';
import { memberCallsFor } from '../activities/memberCalls';
import type { StoreDependencies } from '../dependencies';
import type { RootState } from '../rootReducer';
import {
  remindersLoadFailed,
  remindersReceived,
  remindersRequested,
  type RemindersSliceState,
} from './remindersSlice';
import { wearerReceived } from './wearerSlice';
import { ofAction } from '../operators/ofAction';
import { untilLoggedOut } from '../operators/untilLoggedOut';

/** The root state with the reminders slice (src/store/rootReducer.ts registers it). */
export type RemindersRootState = RootState & RemindersSliceState;
/** An epic reading the reminders slice. */
export type RemindersEpic = Epic<Action, Action, RemindersRootState, StoreDependencies>;

/**
 * The reminders are loaded once the wearer is known (they are asked for by WearerID): a
 * `wearerReceived` of a wearer whose reminders are not held, and not loading, requests them. Reloads
 * of the same wearer (its change events) do not reload the reminders.
 */
export const remindersOnWearerEpic: RemindersEpic = (action$, state$) =>
  action$.pipe(
    ofAction(wearerReceived),
    filter(({ payload }) => {
      const { reminders } = state$.value;
      return reminders.wearerId !== payload.WearerID && reminders.status !== 'loading';
    }),
    map((): Action => remindersRequested()),
  );

/**
 * Each `remindersRequested` loads the current wearer's reminders and templates (GET
 * load-wearer-reminders/{WearerID}, spec §7) through the member calls; a newer request cancels an
 * older one still in flight (switchMap), so the last answer wins. Without a wearer, or when the call
 * fails, `remindersLoadFailed` (what was held is kept).
 */
export const remindersLoadEpic: RemindersEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(remindersRequested),
    switchMap(() => {
      const WearerID = state$.value.wearer.wearer?.WearerID;
      if (WearerID === undefined) return of(remindersLoadFailed());
      return memberCallsFor(() => state$.value, deps)
        .call(loadWearerReminders, { WearerID })
        .pipe(
          map((response): Action => remindersReceived({ WearerID, ...response })),
          catchError(() => of(remindersLoadFailed())),
          untilLoggedOut(action$),
        );
    }),
  );

/**
 * WearerReminder EntityChanges reload the reminders (spec §3 "Reminders and messages refresh on
 * change events"): one `remindersRequested` per batch that changes a reminder of the held wearer
 * (a change naming no wearer counts), at once — the spec gives no delay, and the load epic's
 * switchMap keeps a burst of batches to one answer. Reminders never asked for are not loaded.
 */
export const remindersChangeEpic: RemindersEpic = (action$, state$) =>
  action$.pipe(
    changesOf('WearerReminder'),
    filter((changes) => {
      const state = state$.value;
      if (state.reminders.status === 'idle') return false;
      const wearerId = state.reminders.wearerId ?? state.wearer.wearer?.WearerID;
      return changes.some((change) => change.WearerID == null || change.WearerID === wearerId);
    }),
    map((): Action => remindersRequested()),
  );

/** The reminders' epics: first load, loads, and reloads on change events. */
export const remindersEpics: RemindersEpic[] = [
  remindersOnWearerEpic,
  remindersLoadEpic,
  remindersChangeEpic,
];
