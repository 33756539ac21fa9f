import { exhaustMap, from, map, of, takeUntil } from 'rxjs';
import { verifySocketUser } from '../../api/calls/memberIntegrationPublic';
import { createMemberIntegrationPublicClient } from '../../api/client/apiClients';
import type { AppEpic } from '../epic';
import { loggedOut, memberLoaded } from '../session/sessionSlice';
import { verifiedSocketActions } from './verifiedSocket';
import { ofAction } from '../operators/ofAction';
import { resumedFrom } from '../operators/resumedFrom';

/**
 * The member's realtime connection (spec §4 "Socket connection", §7 Realtime, §9 reconnect 1000 × 1–5
 * s): once the member is loaded, a socket to the member's own domain (`DomainUrl`) opens; each time it
 * connects, `verify-socket-user` proves the member token for that socket id (then the server lets it
 * join the member's rooms). Its events become actions (telemetry batched per animation frame);
 * payloads the contract refuses were dropped at the edge. Logout closes it; the next login opens a new one.
 * Started afresh after a failure ({@link resumedFrom}) while the member is loaded, it opens at once.
 */
export const memberSocketEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(memberLoaded),
    // Restarted after a failure while a member is signed in: the socket opens again at once.
    resumedFrom(() => {
      const member = state$.value.session.member;
      return member ? memberLoaded(member) : null;
    }),
    // One socket per session: a later member reload (after a user change) keeps it.
    exhaustMap(({ payload }) => {
      const domainUrl = payload.DomainUrl;
      const verify = (socketId: string) => {
        const token = state$.value.session.memberIntegrationToken;
        if (!token) return of(false);
        return from(
          createMemberIntegrationPublicClient(domainUrl, deps.fetch).call(verifySocketUser, {
            MemberIntegrationToken: token,
            SocketID: socketId,
          }),
        ).pipe(map((answer) => answer.Success));
      };
      return verifiedSocketActions(deps, { url: domainUrl, verify }).pipe(
        takeUntil(action$.pipe(ofAction(loggedOut))),
      );
    }),
  );

export const realtimeEpics: AppEpic[] = [memberSocketEpic];
