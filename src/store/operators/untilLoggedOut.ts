import type { Action } from '@reduxjs/toolkit';
import { takeUntil, type MonoTypeOperatorFunction, type Observable } from 'rxjs';
import { loggedOut } from '../session/sessionSlice';
import { ofAction } from './ofAction';

/**
 * Ends a member's request at the next `loggedOut` of `action$`: the request is cancelled and its
 * answer or failure never reaches the store. Spec §4 "On logout everything is cleared": an answer
 * arriving after the clear would bring the signed-out member's data (contacts, client, devices …)
 * back, where the next member to sign in on this browser would see it until their own loads answer.
 */
export function untilLoggedOut<T>(action$: Observable<Action>): MonoTypeOperatorFunction<T> {
  return takeUntil(action$.pipe(ofAction(loggedOut)));
}
