import type { Action } from '@reduxjs/toolkit';
import { catchError, concat, defer, exhaustMap, mergeMap, of, switchMap } from 'rxjs';
import { shareActivity, shareList, shareRevoke } from '../../api/calls/memberIntegrationShares';
import { memberCallsFor } from '../activities/memberCalls';
import type { AppEpic } from '../epic';
import { notify } from '../notifications/notify';
import {
  memberShareCreated,
  memberShareCreateFailed,
  memberShareCreateRequested,
  memberShareCreateStarted,
  memberSharesLoaded,
  memberSharesLoadFailed,
  memberSharesLoadStarted,
  memberSharesRequested,
  memberShareRevokeEnded,
  memberShareRevokeRequested,
  memberShareRevokeStarted,
} from './memberSharesSlice';
import { ofAction } from '../operators/ofAction';
import { untilLoggedOut } from '../operators/untilLoggedOut';

/** Translation keys of the notices (Activities.json). */
export const SHARE_CREATE_FAILED_KEY = 'Activities.Shares.CreateFailed';
export const SHARE_REVOKE_FAILED_KEY = 'Activities.Shares.RevokeFailed';
export const SHARE_REVOKED_KEY = 'Activities.Shares.Revoked';

/** `memberSharesRequested` → share-list; a newer request replaces one in flight. */
export const memberSharesLoadEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(memberSharesRequested),
    switchMap(() =>
      concat(
        of(memberSharesLoadStarted()),
        defer(() => memberCallsFor(() => state$.value, deps).call(shareList, {})).pipe(
          mergeMap((answer) => of(memberSharesLoaded(answer.Shares))),
          catchError(() => of(memberSharesLoadFailed())),
          untilLoggedOut(action$),
        ),
      ),
    ),
  );

/**
 * `memberShareCreateRequested` → share-activity (one at a time: a second click while one is in flight
 * is ignored) → `memberShareCreated` with the link (and the TOTP secret, shown once), then the list
 * reloads; a failure shows a translated notice.
 */
export const memberShareCreateEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(memberShareCreateRequested),
    exhaustMap(({ payload }) =>
      concat(
        of(memberShareCreateStarted()),
        defer(() =>
          memberCallsFor(() => state$.value, deps).call(shareActivity, {
            ActivityId: payload.ActivityId,
            ExpiryTimestamp: payload.ExpiryTimestamp,
            WithTotp: payload.WithTotp,
          }),
        ).pipe(
          mergeMap((answer): Action[] => [
            memberShareCreated({
              ShareId: answer.ShareId,
              ActivityId: payload.ActivityId,
              ShareUrl: answer.ShareUrl,
              ExpiryTimestamp: answer.ExpiryTimestamp,
              TotpSecret: answer.TotpSecret,
            }),
            memberSharesRequested(),
          ]),
          catchError(() =>
            of(memberShareCreateFailed(), notify(deps, 'error', SHARE_CREATE_FAILED_KEY)),
          ),
        ),
      ),
    ),
  );

/**
 * `memberShareRevokeRequested({ ShareId })` → share-revoke (each share on its own) → a notice and the
 * list reloaded; `RevokeStatus` false or no answer → a translated error notice.
 */
export const memberShareRevokeEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(memberShareRevokeRequested),
    mergeMap(({ payload: { ShareId } }) =>
      concat(
        of(memberShareRevokeStarted({ ShareId })),
        defer(() => memberCallsFor(() => state$.value, deps).call(shareRevoke, { ShareId })).pipe(
          mergeMap((answer): Action[] =>
            answer.RevokeStatus
              ? [notify(deps, 'success', SHARE_REVOKED_KEY), memberSharesRequested()]
              : [notify(deps, 'error', SHARE_REVOKE_FAILED_KEY)],
          ),
          catchError(() => of(notify(deps, 'error', SHARE_REVOKE_FAILED_KEY))),
        ),
        of(memberShareRevokeEnded({ ShareId })),
      ),
    ),
  );

export const memberSharesEpics: AppEpic[] = [
  memberSharesLoadEpic,
  memberShareCreateEpic,
  memberShareRevokeEpic,
];
