import type { Action } from '@reduxjs/toolkit';
import { catchError, concat, defer, EMPTY, map, mergeMap, of } from 'rxjs';
import { rescueOrgs } from '../../api/calls/memberIntegrationPublic';
import type { AppEpic } from '../epic';
import { RESCUE_ORGS_CACHE_MS } from '../timing';
import { memberCallsFor } from './memberCalls';
import {
  rescueOrgsKey,
  rescueOrgsLoaded,
  rescueOrgsLoadFailed,
  rescueOrgsLoadStarted,
  rescueOrgsRequested,
  type RescueOrgsEntry,
  selectRescueOrgsState,
} from './rescueOrgsSlice';
import { ofAction } from '../operators/ofAction';

/** Whether a cached answer still serves at `nowMs` (epoch ms): younger than 120 s (spec §9). */
export function rescueOrgsFresh(entry: RescueOrgsEntry | undefined, nowMs: number): boolean {
  return entry?.loadedAtMs != null && nowMs - entry.loadedAtMs < RESCUE_ORGS_CACHE_MS;
}

/**
 * `rescueOrgsRequested(request)` loads rescue-orgs (public, on the member's domain; spec §7) unless
 * the same request is loading or was answered less than 120 s ago (spec §9 "Rescue orgs are cached
 * 120 s", counted from the answer): `rescueOrgsLoadStarted`, then `rescueOrgsLoaded({ key,
 * RescueOrgs, loadedAtMs })` or `rescueOrgsLoadFailed({ key })`.
 */
export const rescueOrgsEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(rescueOrgsRequested),
    mergeMap(({ payload }) => {
      const key = rescueOrgsKey(payload);
      const entry = selectRescueOrgsState(state$.value).entries[key];
      if (entry?.status === 'loading' || rescueOrgsFresh(entry, deps.now())) return EMPTY;
      const request = {
        CountryCodes: [...payload.CountryCodes],
        IncludeRegions: payload.IncludeRegions,
        ...(payload.RescueOrgCode === undefined ? {} : { RescueOrgCode: payload.RescueOrgCode }),
      };
      return concat(
        of<Action>(rescueOrgsLoadStarted({ key })),
        defer(() => memberCallsFor(() => state$.value, deps).call(rescueOrgs, request)).pipe(
          map((answer) =>
            rescueOrgsLoaded({ key, RescueOrgs: answer.RescueOrgs, loadedAtMs: deps.now() }),
          ),
          catchError(() => of(rescueOrgsLoadFailed({ key }))),
        ),
      );
    }),
  );
