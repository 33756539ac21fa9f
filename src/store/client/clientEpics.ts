import type { Action } from '@reduxjs/toolkit';
import {
  catchError,
  concat,
  defer,
  exhaustMap,
  filter,
  from,
  map,
  of,
  startWith,
  switchMap,
  timeout,
} from 'rxjs';
import { loadMemberClient } from '../../api/calls/memberIntegrationWearer';
import type { AppEpic } from '../epic';
import { memberApiFor } from '../session/services';
import { memberLoaded } from '../session/sessionSlice';
import { ROUTER_CLIENT_WAIT_MS } from '../timing';
import {
  memberClientFailed,
  memberClientLoaded,
  memberClientReloadRequested,
  memberClientRequested,
} from './clientSlice';
import { ofAction } from '../operators/ofAction';
import { untilLoggedOut } from '../operators/untilLoggedOut';

/**
 * Once the member is loaded, its client (brand, units, legal documents) is loaded. The router waits
 * for it (src/app/RouteGuard.tsx) at most 10 s (spec §9 "The router waits up to 10 s for client
 * loading"): a slower answer counts as failed, and the routes go on without it.
 */
export const memberClientEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(memberLoaded),
    switchMap(() =>
      defer(() => from(memberApiFor(() => state$.value, deps).call(loadMemberClient, {}))).pipe(
        timeout(ROUTER_CLIENT_WAIT_MS),
        map(memberClientLoaded),
        catchError(() => of(memberClientFailed())),
        untilLoggedOut(action$),
        startWith(memberClientRequested()),
      ),
    ),
  );

/**
 * A screen's retry after the client failed to load (the services page, the licence agreement):
 * `memberClientReloadRequested` → GET load-member-client → `memberClientLoaded` | `memberClientFailed`.
 * Nothing is sent while the client is loaded or loading, or before the member is.
 */
export const memberClientReloadEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(memberClientReloadRequested),
    filter(() => {
      const { client, session } = state$.value;
      return session.member !== null && (client.status === 'idle' || client.status === 'failed');
    }),
    exhaustMap(() =>
      concat(
        of<Action>(memberClientRequested()),
        defer(() => from(memberApiFor(() => state$.value, deps).call(loadMemberClient, {}))).pipe(
          map((client): Action => memberClientLoaded(client)),
          catchError(() => of(memberClientFailed())),
          untilLoggedOut(action$),
        ),
      ),
    ),
  );

export const clientEpics: AppEpic[] = [memberClientEpic, memberClientReloadEpic];
