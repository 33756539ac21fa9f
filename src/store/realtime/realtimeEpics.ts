import {
  EMPTY,
  catchError,
  concat,
  defer,
  exhaustMap,
  filter,
  from,
  map,
  mergeMap,
  of,
  takeUntil,
} from 'rxjs';
import { verifySocketUser } from '../../api/calls/memberIntegrationPublic';
import { createMemberIntegrationPublicClient } from '../../api/client/apiClients';
import type { AppEpic } from '../epic';
import { loggedOut, memberLoaded } from '../session/sessionSlice';
import {
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
} from '../timing';
import { socketVerified } from './realtimeSlice';
import { socketEventAction } from './socketEventAction';

/**
 * The member's realtime connection (spec §4 "Socket connection", §7 Realtime, §9 reconnect 1000 × 1–5
 * s): once the member is loaded, a socket to the member's own domain (`DomainUrl`) opens; each time it
 * connects, `verify-socket-user` proves the member token for that socket id (then the server lets it
 * join the member's rooms). Its events become actions; payloads the contract refuses were dropped at
 * the edge. Logout closes it; the next login opens a new one.
 */
export const memberSocketEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(memberLoaded.match),
    // One socket per session: a later member reload (after a user change) keeps it.
    exhaustMap(({ payload }) => {
      const domainUrl = payload.DomainUrl;
      const verify = (socketId: string) => {
        const token = state$.value.session.memberIntegrationToken;
        if (!token) return of(socketVerified({ socketId, success: false }));
        return defer(() =>
          from(
            createMemberIntegrationPublicClient(domainUrl, deps.fetch).call(verifySocketUser, {
              MemberIntegrationToken: token,
              SocketID: socketId,
            }),
          ),
        ).pipe(
          map((answer) => socketVerified({ socketId, success: answer.Success })),
          catchError(() => of(socketVerified({ socketId, success: false }))),
        );
      };
      return deps
        .openSocket({
          url: domainUrl,
          reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
          reconnectionDelayMs: SOCKET_RECONNECT_DELAY_MS,
          reconnectionDelayMaxMs: SOCKET_RECONNECT_DELAY_MAX_MS,
        })
        .pipe(
          mergeMap((event) => {
            const action = socketEventAction(event);
            const connected = event.kind === 'state' && event.state === 'connected';
            return concat(
              action ? of(action) : EMPTY,
              connected && event.socketId ? verify(event.socketId) : EMPTY,
            );
          }),
          takeUntil(action$.pipe(filter(loggedOut.match))),
        );
    }),
  );

export const realtimeEpics: AppEpic[] = [memberSocketEpic];
