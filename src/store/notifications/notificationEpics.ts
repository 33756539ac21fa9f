import { map, mergeMap, timer } from 'rxjs';
import type { AppEpic } from '../epic';
import { loggedOut, memberLoadFailed } from '../session/sessionSlice';
import { notificationDismissed, notificationShown } from './notificationsSlice';
import { notify } from './notify';
import { ofAction } from '../operators/ofAction';

/** Each notification dismisses itself after its duration (spec §8: 3000 ms + 70 ms per character). */
export const notificationDismissEpic: AppEpic = (action$) =>
  action$.pipe(
    ofAction(notificationShown),
    mergeMap(({ payload }) =>
      timer(payload.durationMs).pipe(map(() => notificationDismissed({ id: payload.id }))),
    ),
  );

/** Why the session ended, told to the user (spec §8 success message "logout"). */
const LOGOUT_NOTICES = {
  user: { tone: 'success', key: 'Auth.Notices.LoggedOut' },
  inactivity: { tone: 'info', key: 'Session.LoggedOutInactive' },
  tokenRefreshFailed: { tone: 'info', key: 'Session.SessionExpired' },
  memberLoginFailed: { tone: 'error', key: 'Errors.MemberTokenFailed' },
} as const;

/**
 * A notice for every ended session; when the identity service could not revoke it, 'Logout Error'
 * with the detail instead (spec §8; the browser's session is cleared all the same).
 */
export const logoutNoticeEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(loggedOut),
    map(({ payload }) => {
      const failure = payload.signOutFailure;
      if (failure) {
        const detail = 'detailKey' in failure ? deps.translate(failure.detailKey) : failure.detail;
        return notify(deps, 'error', 'Errors.LogoutError', { detail });
      }
      const notice = LOGOUT_NOTICES[payload.reason];
      return notify(deps, notice.tone, notice.key);
    }),
  );

/** 'Error loading member, please try again' (spec §8). */
export const memberLoadFailureNoticeEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(memberLoadFailed),
    map(() => notify(deps, 'error', 'Errors.MemberLoadFailed')),
  );

export const notificationEpics: AppEpic[] = [
  notificationDismissEpic,
  logoutNoticeEpic,
  memberLoadFailureNoticeEpic,
];
