import type { Action } from '@reduxjs/toolkit';
import {
  filter,
  merge,
  retry,
  take,
  throwError,
  timer,
  type MonoTypeOperatorFunction,
  type Observable,
} from 'rxjs';
import { onlineChanged } from '../network/networkSlice';
import { ofAction } from '../operators/ofAction';
import { tokenRefreshRetryDelayMs } from './tokenRefreshDelay';

/**
 * Retries a session call that got no answer (no network, a timeout, a throttle, a server error)
 * after {@link tokenRefreshRetryDelayMs} (15 s, doubling, at most 5 min), or at once when the
 * browser comes back online (`onlineChanged(true)` on `action$`), for as long as it gets no answer.
 * An error for which `isRefusal` is true — the service answered no — ends the retries and passes
 * on. Used by the token refresh and by the member-token login that follows it
 * (src/store/session/sessionEpics.ts).
 */
export function retryUnanswered<T>(
  action$: Observable<Action>,
  isRefusal: (error: unknown) => boolean,
): MonoTypeOperatorFunction<T> {
  return retry({
    delay: (error: unknown, retryCount) =>
      isRefusal(error)
        ? throwError(() => error)
        : merge(
            timer(tokenRefreshRetryDelayMs(retryCount)),
            action$.pipe(
              ofAction(onlineChanged),
              filter((changed) => changed.payload),
            ),
          ).pipe(take(1)),
  });
}
