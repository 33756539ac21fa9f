import type { Action } from '@reduxjs/toolkit';
import { filter, share, type Observable } from 'rxjs';
import { sharedViewClosed, sharedViewNotFound } from './sharedViewsSlice';

/** An action that ends following a share: its view closed, or its link was found invalid. */
export type ShareEndAction =
  ReturnType<typeof sharedViewClosed> | ReturnType<typeof sharedViewNotFound>;

/** Whether `action` ends following its share ({@link ShareEndAction}). */
export function isShareEnd(action: Action): action is ShareEndAction {
  return sharedViewClosed.match(action) || sharedViewNotFound.match(action);
}

/** Each action stream's share ends, filtered once for every share followed over it. */
const endsByStream = new WeakMap<Observable<Action>, Observable<ShareEndAction>>();

/**
 * The actions of `action$` that end following the share `token` (its view closed or its link found
 * invalid), for `takeUntil` in the epics that follow one share (its load, socket, thread, journey).
 * Every share followed over one action stream listens through ONE filtered subscription to it: an
 * operator monitor of 100 shares checks each dispatched action once, not 100 times, and only the
 * rare end actions are compared by token (docs/monitor.md "Cost per frame").
 */
export function shareEnd$(action$: Observable<Action>, token: string): Observable<ShareEndAction> {
  let ends$ = endsByStream.get(action$);
  if (ends$ === undefined) {
    ends$ = action$.pipe(filter(isShareEnd), share());
    endsByStream.set(action$, ends$);
  }
  return ends$.pipe(filter((action) => action.payload.ShareToken === token));
}
