import type { Action } from '@reduxjs/toolkit';
import {
  EMPTY,
  auditTime,
  concat,
  endWith,
  catchError,
  exhaustMap,
  filter,
  from,
  groupBy,
  map,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  type Observable,
} from 'rxjs';
import { activitySharing } from '../../api/calls/shareViewing';
import { memberIntegrationClient, verifySocketUser } from '../../api/calls/memberIntegrationPublic';
import { HttpError } from '../../api/client/apiErrors';
import { decodeShareTokenClaims } from '../../api/entities/share';
import type { EntityChange } from '../../api/socket';
import { detailLoadedActions } from '../activities/detailLoad';
import { messageThreadRefreshRequested } from '../activities/messageThreadsSlice';
import { selectActivityDetailsState } from '../activities/activityDetailsSlice';
import { sharedActivityReleased } from '../activities/activityEvents';
import type { AppEpic } from '../epic';
import { entityChangesReceived, shareSocketKey, socketClosed } from '../realtime/realtimeSlice';
import { verifiedSocketActions } from '../realtime/verifiedSocket';
import { loggedOut } from '../session/sessionSlice';
import { isMonitored } from '../monitor/monitorSlice';
import { SHARED_VIEW_RELOAD_AUDIT_MS } from '../timing';
import { shareCallsOver } from './shareCalls';
import {
  sharedViewBrandLoaded,
  sharedViewClosed,
  sharedViewLoaded,
  sharedViewLoadFailed,
  sharedViewNotFound,
  sharedViewRequested,
  selectSharedViewsState,
} from './sharedViewsSlice';
import { shareEnd$ } from './shareEnd';
import { ofAction } from '../operators/ofAction';

/** HTTP answers that mean "this link shows nothing" (the server answers 404 for every bad token). */
const NOT_FOUND_STATUSES = new Set([400, 401, 403, 404, 410]);

/**
 * Loads a share link (spec app §7 POST activity-sharing with ShareToken and the optional ShareTotp;
 * §2 share-not-found): the token's C2Url names the server (a token that does not decode shows
 * not-found without a call). An activity share puts the activity's detail and track into the activity
 * slices (`historyLoaded`, `activityDetailLoaded`), then `sharedViewLoaded`; a journey share only the
 * latter. Any 4xx or a reported ErrorCode → `sharedViewNotFound` (one answer for every bad link); no
 * answer → `sharedViewLoadFailed`. A new request for the same token replaces one in flight.
 */
export const sharedViewLoadEpic: AppEpic = (action$, state$, deps) => {
  const calls = deps.shareCalls ?? shareCallsOver(deps.fetch);
  return action$.pipe(
    ofAction(sharedViewRequested),
    groupBy((action) => action.payload.ShareToken),
    mergeMap((requests$) =>
      requests$.pipe(
        switchMap(({ payload }) => {
          const token = payload.ShareToken;
          const claims = decodeShareTokenClaims(token);
          if (!claims) return of(sharedViewNotFound({ ShareToken: token }));
          const totp =
            payload.ShareTotp ??
            selectSharedViewsState(state$.value).entities[token]?.ShareTotp ??
            undefined;
          const requestedAt = deps.now();
          return calls(claims.C2Url)
            .call(activitySharing, {
              ShareToken: token,
              ...(totp === undefined ? {} : { ShareTotp: totp }),
            })
            .pipe(
              mergeMap((answer): Observable<Action> => {
                if (answer.ErrorCode || (!answer.Activity && !answer.Journey)) {
                  return of(sharedViewNotFound({ ShareToken: token }));
                }
                const loaded = sharedViewLoaded({
                  ShareToken: token,
                  ActivityId: answer.Activity?.ActivityId ?? null,
                  Journey: answer.Journey,
                  MemberDetails: answer.MemberDetails,
                });
                if (!answer.Activity) return of(loaded);
                // The view is loaded once the detail is in; a long track's later parts follow.
                const { now, rest$ } = detailLoadedActions(
                  answer.Activity,
                  action$,
                  undefined,
                  'share',
                  requestedAt,
                );
                return concat(from([...now, loaded]), rest$);
              }),
              catchError((error: unknown) =>
                of(
                  error instanceof HttpError && NOT_FOUND_STATUSES.has(error.status)
                    ? sharedViewNotFound({ ShareToken: token })
                    : sharedViewLoadFailed({ ShareToken: token }),
                ),
              ),
              takeUntil(shareEnd$(action$, token)),
            );
        }),
      ),
    ),
  );
};

/** Whether `change` is of activity `activityId` (the activity itself, or its alerts, messages …). */
function concerns(change: EntityChange, activityId: number): boolean {
  return (
    change.ActivityId === activityId ||
    (change.EntityType === 'Activity' && change.EntityId === activityId)
  );
}

/**
 * Follows a loaded share live (issue 8 item 2; spec app §7 verify-socket-user with the ShareToken):
 * a socket to the token's C2Url, verified with the ShareToken on every connect, its events as store
 * actions (telemetry, EntityChanges, connection state). EntityChanges of the share's activity reload
 * the share, at most once per {@link SHARED_VIEW_RELOAD_AUDIT_MS}; a disconnect checks the link again at once, so a revoked
 * share (the server disconnects its viewers) turns into not-found within a second; each successful
 * verify (the first, and after every reconnect) loads the view and its thread again, so nothing
 * that changed while the socket was away is missed; a socket the server ended is opened again. Ends when the view
 * closes or the link is found invalid; one socket per share — except for a share the open operator
 * monitor watches, which its one socket follows (src/store/monitor/monitorSocketEpic.ts).
 */
export const sharedViewSocketEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(sharedViewLoaded),
    groupBy((action) => action.payload.ShareToken),
    mergeMap((loads$) =>
      loads$.pipe(
        exhaustMap(({ payload }) => {
          const token = payload.ShareToken;
          const claims = decodeShareTokenClaims(token);
          // The operator monitor's one socket follows the shares it watches (monitorSocketEpic.ts).
          if (!claims || isMonitored(state$.value, token)) return EMPTY;
          const calls = deps.shareCalls ?? shareCallsOver(deps.fetch);
          const events$ = verifiedSocketActions(deps, {
            url: claims.C2Url,
            verify: (socketId) =>
              calls(claims.C2Url)
                .call(verifySocketUser, { ShareToken: token, SocketID: socketId })
                .pipe(map((answer) => answer.Success)),
            onDisconnected: () => [sharedViewRequested({ ShareToken: token })],
            onRejected: () => [sharedViewRequested({ ShareToken: token })],
            // Live again: what changed while the socket was away (or before its first verify) was
            // not heard, so the view and its thread are loaded again.
            onVerified: () => {
              const activityId = selectSharedViewsState(state$.value).entities[token]?.ActivityId;
              return [
                sharedViewRequested({ ShareToken: token }),
                ...(activityId == null
                  ? []
                  : [
                      messageThreadRefreshRequested({
                        ActivityId: activityId,
                        MessageThreadID: null,
                      }),
                    ]),
              ];
            },
            reopenWhenServerEnds: true,
            socketKey: shareSocketKey(token),
          });
          const reloads$ = action$.pipe(
            ofAction(entityChangesReceived),
            // The store hears every socket's changes (a member's own, other shares'): only those
            // of this share's activity reload it; a journey share (no activity) reloads on any.
            filter(({ payload }) => {
              const activityId = selectSharedViewsState(state$.value).entities[token]?.ActivityId;
              return activityId == null || payload.some((change) => concerns(change, activityId));
            }),
            auditTime(SHARED_VIEW_RELOAD_AUDIT_MS),
            map(() => sharedViewRequested({ ShareToken: token })),
          );
          return from([events$, reloads$]).pipe(
            mergeMap((stream$) => stream$),
            takeUntil(shareEnd$(action$, token)),
            endWith(socketClosed({ socketKey: shareSocketKey(token) })),
          );
        }),
      ),
    ),
  );

/**
 * The brand of a loaded share's client (issue 8 item 2 "the client's brand from the token's host";
 * spec app §7 GET member-integration-client/{ClientID}): asked once per opened link, on the token's
 * C2Url, for the token's ClientID, until it answered; no answer leaves the default brand.
 */
export const sharedViewBrandEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(sharedViewLoaded),
    map((action) => action.payload.ShareToken),
    // A view that has its brand keeps it through the reloads that follow every change.
    filter((token) => selectSharedViewsState(state$.value).entities[token]?.Brand === null),
    groupBy((token) => token),
    mergeMap((loads$) =>
      loads$.pipe(
        exhaustMap((ShareToken) => {
          const claims = decodeShareTokenClaims(ShareToken);
          if (!claims) return EMPTY;
          const calls = deps.shareCalls ?? shareCallsOver(deps.fetch);
          return calls(claims.C2Url)
            .call(memberIntegrationClient, { ClientID: claims.ClientID })
            .pipe(
              map((client) => sharedViewBrandLoaded({ ShareToken, Brand: client.Brand })),
              catchError(() => EMPTY),
            );
        }),
      ),
    ),
  );

/**
 * After a logout the open shared views stay (spec §4 "unless a shared activity is being viewed"; the
 * root reducer keeps the sharedViews slice) but the activity detail, track and message thread they
 * showed were cleared with the member's data: each loaded view is requested again, and its
 * activity's thread reloaded (shareThreadLoadEpic hears `messageThreadRefreshRequested`).
 */
export const sharedViewAfterLogoutEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    ofAction(loggedOut),
    mergeMap(() =>
      Object.values(selectSharedViewsState(state$.value).entities)
        .filter((view) => view.status === 'loaded')
        .flatMap((view): Action[] => [
          sharedViewRequested({ ShareToken: view.ShareToken }),
          ...(view.ActivityId === null
            ? []
            : [
                messageThreadRefreshRequested({
                  ActivityId: view.ActivityId,
                  MessageThreadID: null,
                }),
              ]),
        ]),
    ),
  );

/**
 * When a view closes (`sharedViewClosed`) and no other open view shows its activity, nor does the
 * member hold it, the activity's detail and track are let go (`sharedActivityReleased`).
 */
export const sharedActivityReleaseEpic: AppEpic = (action$, state$) => {
  const activityOf = new Map<string, number>();
  return action$.pipe(
    ofAction(sharedViewLoaded, sharedViewClosed),
    mergeMap((action) => {
      const token = action.payload.ShareToken;
      if (sharedViewLoaded.match(action)) {
        if (action.payload.ActivityId !== null) activityOf.set(token, action.payload.ActivityId);
        return EMPTY;
      }
      const activityId = activityOf.get(token);
      activityOf.delete(token);
      if (activityId === undefined) return EMPTY;
      const state = state$.value;
      const stillShown = Object.values(selectSharedViewsState(state).entities).some(
        (view) => view.ActivityId === activityId,
      );
      const members = selectActivityDetailsState(state).loads[activityId] !== undefined;
      return stillShown || members ? EMPTY : of(sharedActivityReleased({ ActivityId: activityId }));
    }),
  );
};

export const sharedViewEpics: AppEpic[] = [
  sharedViewLoadEpic,
  sharedViewSocketEpic,
  sharedViewAfterLogoutEpic,
  sharedViewBrandEpic,
  sharedActivityReleaseEpic,
];
