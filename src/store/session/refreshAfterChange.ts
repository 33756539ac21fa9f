import type { Action } from '@reduxjs/toolkit';
import { catchError, defer, from, map, of, type Observable } from 'rxjs';
import type { IdentityClient } from '../../api/identity';
import { identityRefreshed, identityRefreshRequested } from './sessionSlice';

/**
 * After a change of the identity (attributes updated, an attribute verified, a new e-mail), refreshes
 * the session so the ID token carries the change: one action, `identityRefreshed(session)` (which also
 * starts a member-token login, spec §4 "A member-token login follows … any user change"). A refresh
 * that fails neither undoes the change nor makes it a failure — the change is made — so it ends in
 * `identityRefreshRequested()` instead: the token-refresh epic refreshes at once and keeps trying
 * while no answer comes, and ends the session when the identity service refuses
 * (src/store/session/sessionEpics.ts `tokenRefreshEpic`). Never errors.
 */
export function refreshAfterChange(identity: IdentityClient): Observable<Action> {
  return defer(() => from(identity.refreshSession())).pipe(
    map((session): Action => identityRefreshed(session)),
    catchError(() => of(identityRefreshRequested())),
  );
}
