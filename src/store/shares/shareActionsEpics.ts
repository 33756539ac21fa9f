import type { Action } from '@reduxjs/toolkit';
import {
  EMPTY,
  type Observable,
  auditTime,
  catchError,
  concatMap,
  exhaustMap,
  finalize,
  filter,
  groupBy,
  ignoreElements,
  map,
  merge,
  mergeMap,
  of,
  startWith,
  switchMap,
  takeUntil,
  tap,
} from 'rxjs';
import {
  alertAddNote,
  alertResolvePause,
  messageLoadThread,
  messageSend,
} from '../../api/calls/shareViewing';
import { HttpError } from '../../api/client/apiErrors';
import { DEFAULT_REPLY_OPTIONS } from '../../api/entities/message';
import { decodeShareTokenClaims } from '../../api/entities/share';
import { sanitiseNoteText } from '../../api/validation/note';
import {
  messageThreadReceived,
  messageThreadRefreshRequested,
} from '../activities/messageThreadsSlice';
import type { AppEpic } from '../epic';
import type { RootState } from '../rootReducer';
import { MESSAGE_THREAD_RELOAD_AUDIT_MS } from '../timing';
import { shareThreadActivityId } from './shareThreadActivity';
import {
  guardianNameChosen,
  shareAlertNoteAdded,
  shareAlertNoteFailed,
  shareAlertNoteRequested,
  shareAlertResolved,
  shareAlertResolveFailed,
  shareAlertResolveRequested,
  shareMessageSendFailed,
  shareMessageSendRequested,
  shareMessageSent,
  shareThreadLoaded,
  shareThreadLoadFailed,
  shareThreadViewed,
  shareViewerLoaded,
  selectShareThreadState,
  selectShareViewer,
  type ShareActionFailure,
} from './shareActionsSlice';
import { shareCallsOver } from './shareCalls';
import { selectSharedViewsState, sharedViewLoaded, sharedViewRequested } from './sharedViewsSlice';
import {
  loadShareViewer,
  loadThreadViewedTime,
  saveGuardianName,
  saveThreadViewedTime,
} from './shareViewer';
import { shareEnd$ } from './shareEnd';
import { ofAction } from '../operators/ofAction';

/** Translation key of a message send that failed without a more precise reason (policy §8). */
export const MESSAGE_SEND_FAILED_KEY = 'Share.Messages.SendFailed';
/** Translation key of a note that failed without a more precise reason (policy §8). */
export const NOTE_FAILED_KEY = 'Share.AlertActions.NoteFailed';
/** Translation key of a resolve that failed without a more precise reason (policy §8). */
export const RESOLVE_FAILED_KEY = 'Share.AlertActions.ResolveFailed';
/** Translation key of an action tried before the guardian gave a name. */
export const NAME_NEEDED_KEY = 'Share.Messages.GuardianName.Needed';

/** A key of the `Validations` namespace, as the server's contract issues carry them. */
const VALIDATION_KEY = /^Validations\.[A-Za-z]+$/;

/**
 * Why a shared-viewing call failed, as the UI shows it: 409 ALERT_NOT_ACTIVE → `Errors.AlertNotActive`
 * (policy §4); a 400 with field issues → `Validations.InvalidValues` (policy §5 general message) and the
 * issues by request field (`body.NoteText` → `NoteText`), each its `Validations.*` key or, when the
 * server's message is not one, `Validations.InvalidValues`; anything else (no connection, 404, 429 …) →
 * `fallbackKey`.
 */
export function shareActionFailure(error: unknown, fallbackKey: string): ShareActionFailure {
  if (error instanceof HttpError) {
    if (error.code === 'ALERT_NOT_ACTIVE') return { errorKey: 'Errors.AlertNotActive', issues: {} };
    if (error.status === 400 && error.issues && error.issues.length > 0) {
      const issues: Record<string, string> = {};
      for (const issue of error.issues) {
        const field = issue.Path.split('.').pop() ?? issue.Path;
        // Only a translation key is shown; any other text (a schema's own English) reads as the
        // general message, never verbatim.
        issues[field] ??= VALIDATION_KEY.test(issue.Message)
          ? issue.Message
          : 'Validations.InvalidValues';
      }
      return { errorKey: 'Validations.InvalidValues', issues };
    }
  }
  return { errorKey: fallbackKey, issues: {} };
}

/**
 * A reload of the share after an action's answer, unless its view was closed meanwhile (the viewer
 * left the page before the answer): `sharedViewRequested` would open the view again, and its socket,
 * with no page to close them.
 */
function reloadWhileOpen(state: RootState, ShareToken: string): Action[] {
  return selectSharedViewsState(state).entities[ShareToken]
    ? [sharedViewRequested({ ShareToken })]
    : [];
}

/**
 * A failed alert action, followed by a reload of the share (while it is open) when the alert is no
 * longer active: what the viewer sees of it is out of date (another guardian or the wearer closed it).
 */
function failedThenReload(
  state: RootState,
  ShareToken: string,
  failure: Action & { payload: ShareActionFailure },
): Observable<Action> {
  return failure.payload.errorKey === 'Errors.AlertNotActive'
    ? of(failure, ...reloadWhileOpen(state, ShareToken))
    : of(failure);
}

/**
 * Reads this app instance's viewer (spec app §6: notes and resolving need a viewer id) from storage
 * when a share opens and it is not known yet (at start, and after a logout cleared the store), making and storing a new ShareViewerId (random UUID) when there is none:
 * `shareViewerLoaded`.
 */
export const shareViewerLoadEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(sharedViewRequested),
    filter(() => selectShareViewer(state$.value) === null),
    map(() => shareViewerLoaded(loadShareViewer(deps.storage))),
  );

/** Remembers the guardian's name and each thread's last-viewed time in storage (per app instance). */
export const shareViewerPersistEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    tap((action) => {
      if (guardianNameChosen.match(action))
        saveGuardianName(deps.storage, action.payload.GuardianName);
      if (shareThreadViewed.match(action)) {
        saveThreadViewedTime(deps.storage, action.payload.ActivityId, action.payload.atMs);
      }
    }),
    ignoreElements(),
  );

/**
 * Loads the message thread of a shared activity (spec app §7 message-load-thread with the ShareToken
 * and this viewer's id): when the share first loads, and again when its messages change (spec app §4
 * "messages refresh on change events": `messageThreadRefreshRequested` for its activity, from
 * MessageThread and MessageWearer EntityChanges), at most once per {@link MESSAGE_THREAD_RELOAD_AUDIT_MS}.
 * A reload of the share after a failed thread load tries again. The thread goes to the messageThreads
 * slice (`messageThreadReceived`), then `shareThreadLoaded` with the stored last-viewed time; a failure
 * is `shareThreadLoadFailed` (what was shown stays). A journey share's thread is that of its latest
 * activity ({@link shareThreadActivityId}), and follows a newer one when the journey reloads with it.
 * Ends when the view closes or the link is found invalid.
 */
export const shareThreadLoadEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(sharedViewLoaded),
    map(({ payload }) => ({
      token: payload.ShareToken,
      activityId: shareThreadActivityId(payload),
    })),
    filter((load): load is { token: string; activityId: number } => load.activityId !== null),
    groupBy((load) => load.token),
    mergeMap((loads$) => {
      /** The activity whose thread is being followed for this share, while it is. */
      let following: number | null = null;
      return loads$.pipe(
        // A reload of the share goes on with the thread it follows; a journey's new latest
        // activity moves it there; after the view closed, a new view starts afresh.
        filter((load) => load.activityId !== following),
        switchMap(({ token, activityId }) => {
          following = activityId;
          const claims = decodeShareTokenClaims(token);
          if (!claims) return EMPTY;
          const calls = deps.shareCalls ?? shareCallsOver(deps.fetch);
          const retries$ = loads$.pipe(
            filter(() => selectShareThreadState(state$.value, token)?.status === 'failed'),
          );
          const changes$ = action$.pipe(
            ofAction(messageThreadRefreshRequested),
            filter((action) => action.payload.ActivityId === activityId),
            auditTime(MESSAGE_THREAD_RELOAD_AUDIT_MS),
          );
          return merge(retries$, changes$).pipe(
            startWith(null),
            switchMap(() => {
              const viewerId = selectShareViewer(state$.value)?.ShareViewerId;
              return calls(claims.C2Url)
                .call(messageLoadThread, {
                  ShareToken: token,
                  ActivityId: activityId,
                  ...(viewerId ? { ShareViewerId: viewerId } : {}),
                })
                .pipe(
                  mergeMap(({ MessageThread }) =>
                    of(
                      messageThreadReceived(MessageThread),
                      shareThreadLoaded({
                        ShareToken: token,
                        ActivityId: activityId,
                        lastViewedMs: loadThreadViewedTime(deps.storage, activityId),
                      }),
                    ),
                  ),
                  catchError(() =>
                    of(shareThreadLoadFailed({ ShareToken: token, ActivityId: activityId })),
                  ),
                );
            }),
            takeUntil(shareEnd$(action$, token)),
            finalize(() => {
              if (following === activityId) following = null;
            }),
          );
        }),
      );
    }),
  );

/**
 * Sends a message to the wearer's watch (spec app §7 message-send; §3 "Message send fields"; policy
 * §3 "Message": reply options default No and Yes; §5 invalid characters are removed) with the
 * guardian's name as SenderName and this viewer's id. The answered thread goes to the messageThreads
 * slice, then `shareMessageSent`; a failure `shareMessageSendFailed` with its reason (see
 * {@link shareActionFailure}). Sends of one share go one after the other, in order.
 */
export const shareMessageSendEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(shareMessageSendRequested),
    groupBy((action) => action.payload.ShareToken),
    mergeMap((sends$) =>
      sends$.pipe(
        concatMap(({ payload }) => {
          const token = payload.ShareToken;
          const viewer = selectShareViewer(state$.value);
          const claims = decodeShareTokenClaims(token);
          if (!viewer?.GuardianName) {
            return of(
              shareMessageSendFailed({ ShareToken: token, errorKey: NAME_NEEDED_KEY, issues: {} }),
            );
          }
          if (!claims) {
            return of(
              shareMessageSendFailed({
                ShareToken: token,
                errorKey: MESSAGE_SEND_FAILED_KEY,
                issues: {},
              }),
            );
          }
          const calls = deps.shareCalls ?? shareCallsOver(deps.fetch);
          return calls(claims.C2Url)
            .call(messageSend, {
              ShareToken: token,
              ShareViewerId: viewer.ShareViewerId,
              ActivityId: payload.ActivityId,
              MessageText: sanitiseNoteText(payload.MessageText),
              ReplyOptions: [...(payload.ReplyOptions ?? DEFAULT_REPLY_OPTIONS)],
              SenderName: viewer.GuardianName,
            })
            .pipe(
              mergeMap(({ MessageThread }) =>
                of(messageThreadReceived(MessageThread), shareMessageSent({ ShareToken: token })),
              ),
              catchError((error: unknown) =>
                of(
                  shareMessageSendFailed({
                    ShareToken: token,
                    ...shareActionFailure(error, MESSAGE_SEND_FAILED_KEY),
                  }),
                ),
              ),
            );
        }),
      ),
    ),
  );

/**
 * Adds a guardian's note to an open alert (spec app §7 alert-add-note; §6 a viewer id is needed;
 * policy §4) with the guardian's name and this viewer's id, invalid characters removed (policy §5).
 * Success: `shareAlertNoteAdded`, then `sharedViewRequested` so the alert and its notes reload.
 * Failure: `shareAlertNoteFailed` (409 ALERT_NOT_ACTIVE → `Errors.AlertNotActive`, and the share
 * reloads). One note of an
 * alert at a time; a second request while one is in flight is ignored.
 */
export const shareAlertNoteEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(shareAlertNoteRequested),
    groupBy((action) => action.payload.AlertID),
    mergeMap((notes$) =>
      notes$.pipe(
        exhaustMap(({ payload }) => {
          const { ShareToken, AlertID } = payload;
          const viewer = selectShareViewer(state$.value);
          const claims = decodeShareTokenClaims(ShareToken);
          if (!viewer?.GuardianName || !claims) {
            return of(
              shareAlertNoteFailed({
                ShareToken,
                AlertID,
                errorKey: viewer?.GuardianName ? NOTE_FAILED_KEY : NAME_NEEDED_KEY,
                issues: {},
              }),
            );
          }
          const calls = deps.shareCalls ?? shareCallsOver(deps.fetch);
          return calls(claims.C2Url)
            .call(alertAddNote, {
              ShareToken,
              ShareViewerId: viewer.ShareViewerId,
              AlertID,
              GuardianName: viewer.GuardianName,
              NoteText: sanitiseNoteText(payload.NoteText),
            })
            .pipe(
              mergeMap(() =>
                of(
                  shareAlertNoteAdded({ ShareToken, AlertID }),
                  ...reloadWhileOpen(state$.value, ShareToken),
                ),
              ),
              catchError((error: unknown) =>
                failedThenReload(
                  state$.value,
                  ShareToken,
                  shareAlertNoteFailed({
                    ShareToken,
                    AlertID,
                    ...shareActionFailure(error, NOTE_FAILED_KEY),
                  }),
                ),
              ),
            );
        }),
      ),
    ),
  );

/**
 * Resolves an open alert with an explanation and a pause of all the wearer's alerts of PauseMinutes
 * (0 = resolve only) (spec app §7 alert-resolve-pause; §6 a viewer id is needed; policy §4), with the
 * guardian's name and this viewer's id, invalid characters removed (policy §5). Success:
 * `shareAlertResolved`, then `sharedViewRequested` so the alert reloads. Failure:
 * `shareAlertResolveFailed` (409 ALERT_NOT_ACTIVE → `Errors.AlertNotActive`: another guardian or the
 * wearer closed it first; the share reloads). One resolve of an alert at a time.
 */
export const shareAlertResolveEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(shareAlertResolveRequested),
    groupBy((action) => action.payload.AlertID),
    mergeMap((resolves$) =>
      resolves$.pipe(
        exhaustMap(({ payload }) => {
          const { ShareToken, AlertID, PauseMinutes } = payload;
          const viewer = selectShareViewer(state$.value);
          const claims = decodeShareTokenClaims(ShareToken);
          if (!viewer?.GuardianName || !claims) {
            return of(
              shareAlertResolveFailed({
                ShareToken,
                AlertID,
                errorKey: viewer?.GuardianName ? RESOLVE_FAILED_KEY : NAME_NEEDED_KEY,
                issues: {},
              }),
            );
          }
          const calls = deps.shareCalls ?? shareCallsOver(deps.fetch);
          return calls(claims.C2Url)
            .call(alertResolvePause, {
              ShareToken,
              ShareViewerId: viewer.ShareViewerId,
              AlertID,
              GuardianName: viewer.GuardianName,
              ResolveText: sanitiseNoteText(payload.ResolveText),
              PauseMinutes,
            })
            .pipe(
              mergeMap(() =>
                of(
                  shareAlertResolved({ ShareToken, AlertID, PauseMinutes }),
                  ...reloadWhileOpen(state$.value, ShareToken),
                ),
              ),
              catchError((error: unknown) =>
                failedThenReload(
                  state$.value,
                  ShareToken,
                  shareAlertResolveFailed({
                    ShareToken,
                    AlertID,
                    ...shareActionFailure(error, RESOLVE_FAILED_KEY),
                  }),
                ),
              ),
            );
        }),
      ),
    ),
  );

/** The share viewer's action epics (issue 8 items 3–4). */
export const shareActionsEpics: AppEpic[] = [
  shareViewerLoadEpic,
  shareViewerPersistEpic,
  shareThreadLoadEpic,
  shareMessageSendEpic,
  shareAlertNoteEpic,
  shareAlertResolveEpic,
];
