import { catchError, defer, filter, from, map, of, switchMap } from 'rxjs';
import { loadMemberClient } from '../../api/calls/memberIntegrationWearer';
import type { AppEpic } from '../epic';
import { memberApiFor } from '../session/services';
import { memberLoaded } from '../session/sessionSlice';
import { memberClientFailed, memberClientLoaded } from './clientSlice';

/** Once the member is loaded, its client (brand, units, legal documents) is loaded. */
export const memberClientEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(memberLoaded.match),
    switchMap(() =>
      defer(() => from(memberApiFor(() => state$.value, deps).call(loadMemberClient, {}))).pipe(
        map(memberClientLoaded),
        catchError(() => of(memberClientFailed())),
      ),
    ),
  );

export const clientEpics: AppEpic[] = [memberClientEpic];
