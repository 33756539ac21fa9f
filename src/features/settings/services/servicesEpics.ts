import type { Action } from '@reduxjs/toolkit';
import { catchError, concat, defer, exhaustMap, filter, from, map, of } from 'rxjs';
import { loadMemberClient } from '../../../api/calls/memberIntegrationWearer';
import {
  memberClientFailed,
  memberClientLoaded,
  memberClientRequested,
} from '../../../store/client/clientSlice';
import type { AppEpic } from '../../../store/epic';
import { memberApiFor } from '../../../store/session/services';
import { servicesClientRequested } from '../settingsSlice';
import { ofAction } from '../../../store/operators/ofAction';

/**
 * The services page shows the member's client (name, support e-mail and URL, spec §3 Client). The store
 * loads it once the member is loaded; when that load failed (or has not run) the page asks again:
 * `servicesClientRequested` → GET load-member-client → `memberClientLoaded` | `memberClientFailed`.
 * Nothing is sent while the client is loaded or loading, or before the member is.
 */
export const servicesClientEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(servicesClientRequested),
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
        ),
      ),
    ),
  );
