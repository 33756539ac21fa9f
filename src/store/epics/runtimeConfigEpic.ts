import { catchError, from, map, of, switchMap } from 'rxjs';
import type { AppEpic } from '../epic';
import {
  runtimeConfigFailed,
  runtimeConfigLoaded,
  runtimeConfigRequested,
} from '../slices/runtimeConfigSlice';
import { ofAction } from '../operators/ofAction';

/** runtimeConfigRequested → loadRuntimeConfig() → runtimeConfigLoaded | runtimeConfigFailed. */
export const runtimeConfigEpic: AppEpic = (action$, _state$, { loadRuntimeConfig }) =>
  action$.pipe(
    ofAction(runtimeConfigRequested),
    switchMap(() =>
      from(loadRuntimeConfig()).pipe(
        map(runtimeConfigLoaded),
        catchError((error: unknown) =>
          of(runtimeConfigFailed(error instanceof Error ? error.message : String(error))),
        ),
      ),
    ),
  );
