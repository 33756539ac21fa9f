import {
  catchError,
  defer,
  exhaustMap,
  from,
  ignoreElements,
  map,
  of,
  switchMap,
  takeUntil,
  tap,
  timeout,
  timer,
} from 'rxjs';
import * as z from 'zod/mini';
import { getMember, loginMemberC2 } from '../../api/calls/authHost';
import { LanguageCode } from '../../api/enums';
import { authFailureOf } from './authFailure';
import { errorDetail } from '../failureDetail';
import { refusedByServer } from '../network/refusedByServer';
import { retryUnanswered } from './retryUnanswered';
import type { AppEpic } from '../epic';
import { runtimeConfigLoaded } from '../slices/runtimeConfigSlice';
import { LOGIN_WAIT_MS, MEMBER_LOAD_TIMEOUT_MS } from '../timing';
import { refreshEndsSession, tokenRefreshDelayMs } from './tokenRefreshDelay';
import { authHostClientFor, identityClientFor } from './services';
import {
  identityRefreshed,
  identityRefreshRequested,
  loggedOut,
  memberRetryRequested,
  signInAbandoned,
  logoutRequested,
  memberLoaded,
  memberLoadFailed,
  memberLoginFailed,
  memberTokenLoaded,
  sessionAbsent,
  sessionRestored,
  sessionRestoreRequested,
  signInFailed,
  signInRequested,
  signInSucceeded,
} from './sessionSlice';
import { ofAction } from '../operators/ofAction';

/** The library's answer to a second sign-in while one runs: ignored (spec §8). */
const PENDING_SIGN_IN = 'Pending sign-in attempt already in progress';

/** Once /config.json is loaded, look for a stored session (spec §4: the session survives reloads). */
export const sessionRestoreOnStartEpic: AppEpic = (action$) =>
  action$.pipe(
    ofAction(runtimeConfigLoaded),
    map(() => sessionRestoreRequested()),
  );

/** sessionRestoreRequested → the stored (refreshed) session → sessionRestored | sessionAbsent. */
export const sessionRestoreEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(sessionRestoreRequested),
    switchMap(() =>
      defer(() => from(identityClientFor(state$.value, deps).currentSession())).pipe(
        map((session) => (session ? sessionRestored(session) : sessionAbsent())),
        catchError(() => of(sessionAbsent())),
      ),
    ),
  );

/**
 * signInRequested → SRP sign-in → signInSucceeded | signInFailed. A sign-in already running absorbs
 * repeated submissions (exhaustMap), and the library's "pending sign-in" complaint is ignored (§8).
 */
export const signInEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(signInRequested),
    exhaustMap((action) =>
      defer(() =>
        from(
          identityClientFor(state$.value, deps).signIn(
            action.payload.email,
            action.payload.password,
          ),
        ),
      ).pipe(
        timeout(LOGIN_WAIT_MS),
        map(signInSucceeded),
        catchError((error: unknown) => {
          const failure = authFailureOf(error);
          if (failure.message.includes(PENDING_SIGN_IN)) return of(signInAbandoned());
          return of(signInFailed(failure));
        }),
      ),
    ),
  );

/**
 * A member-token login follows sign-in and any user change (spec §4): login-member-c2 with the UI
 * language → memberTokenLoaded | memberLoginFailed('Error loading member token, please try again'),
 * which logs out (§8). After an identity refresh (a signed-in member, the current member token still
 * valid for about 5 min) a login that got no answer is tried again ({@link retryUnanswered}) rather
 * than ending the session, as the refresh itself is; the auth host's refusal still logs out.
 */
export const memberLoginEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(signInSucceeded, sessionRestored, identityRefreshed, memberRetryRequested),
    switchMap((action) => {
      const language = z.catch(LanguageCode, 'en').parse(deps.currentLanguage());
      const login$ = defer(() =>
        from(
          authHostClientFor(() => state$.value, deps).call(loginMemberC2, {
            LanguageCode: language,
          }),
        ),
      ).pipe(timeout(LOGIN_WAIT_MS));
      return (
        identityRefreshed.match(action)
          ? login$.pipe(retryUnanswered(action$, refusedByServer))
          : login$
      ).pipe(
        map((answer) => memberTokenLoaded(answer.MemberIntegrationToken)),
        catchError(() => of(memberLoginFailed('Error loading member token, please try again'))),
        takeUntil(action$.pipe(ofAction(loggedOut))),
      );
    }),
  );

/** memberTokenLoaded → get-member (waits up to 10 s, spec §9) → memberLoaded | memberLoadFailed. */
export const memberLoadEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(memberTokenLoaded),
    switchMap(() =>
      defer(() => from(authHostClientFor(() => state$.value, deps).call(getMember, {}))).pipe(
        timeout(MEMBER_LOAD_TIMEOUT_MS),
        map(memberLoaded),
        catchError(() => of(memberLoadFailed('Error loading member, please try again'))),
        takeUntil(action$.pipe(ofAction(loggedOut))),
      ),
    ),
  );

/** A failed member-integration login logs the user out (spec §8). */
export const memberLoginFailureLogoutEpic: AppEpic = (action$) =>
  action$.pipe(
    ofAction(memberLoginFailed),
    map(() => logoutRequested({ reason: 'memberLoginFailed' })),
  );

/**
 * logoutRequested → sign out of the identity service → loggedOut, which clears every member-owned
 * slice. A sign-out the identity service could not complete still logs out (the browser's session is
 * cleared, src/api/client/identityClient.ts) and carries its detail for 'Logout Error' (spec §8).
 */
export const logoutEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(logoutRequested),
    exhaustMap((action) =>
      defer(() => from(identityClientFor(state$.value, deps).signOut())).pipe(
        map(() => loggedOut({ reason: action.payload.reason })),
        catchError((error: unknown) =>
          of(loggedOut({ reason: action.payload.reason, signOutFailure: errorDetail(error) })),
        ),
      ),
    ),
  );

/** On logout the user goes home, unless a shared activity or journey is being viewed (spec §4). */
export const logoutNavigationEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(loggedOut),
    tap(() => {
      if (!deps.navigator.currentPath().startsWith('/share/'))
        deps.navigator.navigate('/', { replace: true });
    }),
    ignoreElements(),
  );

/**
 * Keeps the identity session alive: shortly before the ID token expires ({@link tokenRefreshDelayMs}:
 * 5 min before, on the identity service's clock) it is refreshed (→ identityRefreshed, which also
 * renews the member token). A refresh the identity service refuses ends the session and goes home
 * (spec §4 "token-refresh failure (goes home)"); one that got no answer ({@link refreshEndsSession}:
 * no network, a throttle, a server error) is tried again after {@link tokenRefreshRetryDelayMs}, or at
 * once when the browser comes back online, until an answer comes. `identityRefreshRequested` (a
 * change of the identity whose own refresh failed) refreshes at once, under the same rules.
 */
export const tokenRefreshEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(signInSucceeded, sessionRestored, identityRefreshed, identityRefreshRequested),
    switchMap((action) =>
      timer(
        identityRefreshRequested.match(action)
          ? 0
          : tokenRefreshDelayMs(action.payload, deps.now()),
      ).pipe(
        exhaustMap(() =>
          defer(() => from(identityClientFor(state$.value, deps).refreshSession())).pipe(
            retryUnanswered(action$, refreshEndsSession),
          ),
        ),
        map((session) => identityRefreshed(session)),
        catchError(() => of(logoutRequested({ reason: 'tokenRefreshFailed' }))),
        takeUntil(action$.pipe(ofAction(loggedOut))),
      ),
    ),
  );

/** The session epics, in the order they are combined. */
export const sessionEpics: AppEpic[] = [
  sessionRestoreOnStartEpic,
  sessionRestoreEpic,
  signInEpic,
  memberLoginEpic,
  memberLoadEpic,
  memberLoginFailureLogoutEpic,
  tokenRefreshEpic,
  logoutEpic,
  logoutNavigationEpic,
];
