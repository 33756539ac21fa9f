import type { Action } from '@reduxjs/toolkit';
import {
  EMPTY,
  auditTime,
  catchError,
  concat,
  defer,
  exhaustMap,
  filter,
  forkJoin,
  from,
  groupBy,
  interval,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  tap,
  Subject,
  type Observable,
} from 'rxjs';
import { verifySocketUser } from '../../api/calls/memberIntegrationPublic';
import { decodeShareTokenClaims } from '../../api/entities/share';
import type { AppEpic } from '../epic';
import type { RootState } from '../rootReducer';
import {
  entityChangesReceived,
  monitorSocketKey,
  socketClosed,
  socketStateChanged,
} from '../realtime/realtimeSlice';
import { verifiedSocketActions } from '../realtime/verifiedSocket';
import { shareCallsOver } from '../shares/shareCalls';
import { selectSharedViewsState, sharedViewRequested } from '../shares/sharedViewsSlice';
import { MONITOR_VERIFY_RETRY_MS, SHARED_VIEW_RELOAD_AUDIT_MS } from '../timing';
import {
  monitorClosed,
  monitorOpened,
  monitorRestored,
  monitorShareAdded,
  monitorShareRemoved,
  selectMonitorState,
} from './monitorSlice';
import { ofAction } from '../operators/ofAction';
import { resumedFrom } from '../operators/resumedFrom';

/** The watched tokens whose share is served by `c2Url`. */
function tokensOn(state: RootState, c2Url: string): string[] {
  return selectMonitorState(state).tokens.filter(
    (token) => decodeShareTokenClaims(token)?.C2Url === c2Url,
  );
}

/**
 * A share verified on its own (added while connected, or answered on a retry) is loaded again once
 * its rooms are joined: what changed before was not heard.
 */
function reloadIfVerified(ShareToken: string) {
  return (verified$: Observable<boolean>): Observable<Action> =>
    verified$.pipe(
      filter(Boolean),
      map(() => sharedViewRequested({ ShareToken })),
    );
}

/**
 * The operator monitor's live connection (issue 8 item 6 "one socket for all"; spec app §4 "Socket
 * connection", §7 verify-socket-user; docs/monitor.md): while the monitor is open, ONE socket per
 * domain server (a token's C2Url; the demo has one) through {@link verifiedSocketActions}, so its
 * telemetry is frame-batched like every socket's. On each connect every watched token of that server
 * is verified for the socket id (the server adds each share's rooms, up to 200 per socket); a token
 * added while connected is verified for the current socket at once. `socketVerified` is true when at
 * least one token verified. A token whose verify call got no answer is verified again on the same
 * socket every {@link MONITOR_VERIFY_RETRY_MS} until one comes; an answer of no is final and loads
 * that share's view again, which then shows why (not found). Each successful verify loads the
 * server's watched shares again (what changed while the socket was away), and a socket the server
 * ended (the last share it verified was revoked) is opened again while shares of it are watched. A disconnect checks every watched link of that server again. EntityChanges
 * reload the watched shares of the activities they name, each at most once per
 * {@link SHARED_VIEW_RELOAD_AUDIT_MS} (a revoked share is told so — server/realtime/shareDisconnect.ts —
 * and turns not-found). Closing the monitor closes its sockets. A removed share is left at once: the
 * socket sends `LEAVE_SHARE` with its token (a socket offline then drops it, and its next connect
 * verifies only the tokens still watched). Removing the last watched share of a server closes that
 * server's socket (its state leaves the store); adding one again opens a new one. Started afresh after
 * a failure ({@link resumedFrom}) while the monitor is open, it opens its sockets again at once.
 */
export const monitorSocketEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(monitorOpened),
    // Restarted after a failure while the monitor is open: its sockets open again at once.
    resumedFrom(() => (selectMonitorState(state$.value).open ? monitorOpened() : null)),
    switchMap(() => {
      const calls = deps.shareCalls ?? shareCallsOver(deps.fetch);
      /** The servers a socket is open to. */
      const open = new Set<string>();
      const closed = (c2Url: string) => {
        open.delete(c2Url);
        return socketClosed({ socketKey: monitorSocketKey(c2Url) });
      };
      const socketFor = (c2Url: string): Observable<Action> => {
        let socketId: string | null = null;
        /** Tokens whose verify call failed (no answer) for the socket now connected. */
        const unanswered = new Set<string>();
        /** Tokens the server answered no for: revoked or expired while the socket was away. */
        const refused = new Subject<string>();
        /** Those of them for the socket now connected (their refusal reloads them already). */
        const refusedNow = new Set<string>();
        const verifyOne = (ShareToken: string, SocketID: string) =>
          calls(c2Url)
            .call(verifySocketUser, { ShareToken, SocketID })
            .pipe(
              map((answer) => {
                unanswered.delete(ShareToken);
                if (answer.Success) {
                  refusedNow.delete(ShareToken);
                } else {
                  refusedNow.add(ShareToken);
                  refused.next(ShareToken);
                }
                return answer.Success;
              }),
              catchError(() => {
                unanswered.add(ShareToken);
                return of(false);
              }),
            );
        open.add(c2Url);
        const events$ = verifiedSocketActions(deps, {
          url: c2Url,
          socketKey: monitorSocketKey(c2Url),
          verify: (id) => {
            unanswered.clear();
            refusedNow.clear();
            const tokens = tokensOn(state$.value, c2Url);
            if (tokens.length === 0) return of(false);
            return forkJoin(tokens.map((token) => verifyOne(token, id))).pipe(
              map((answers) => answers.some(Boolean)),
            );
          },
          onDisconnected: () =>
            tokensOn(state$.value, c2Url).map((ShareToken) => sharedViewRequested({ ShareToken })),
          // Live again: the cards load what changed while the socket was away.
          onVerified: () =>
            tokensOn(state$.value, c2Url)
              .filter((token) => !refusedNow.has(token))
              .map((ShareToken) => sharedViewRequested({ ShareToken })),
          reopenWhenServerEnds: true,
          // A removed share stops reaching this socket at once, not only at its next connect.
          commands$: action$.pipe(
            ofAction(monitorShareRemoved),
            map(({ payload }) => payload.ShareToken),
            filter((token) => decodeShareTokenClaims(token)?.C2Url === c2Url),
            map((ShareToken) => ({ Command: 'LEAVE_SHARE' as const, ShareToken })),
          ),
        }).pipe(
          tap((action) => {
            if (socketStateChanged.match(action)) {
              socketId = action.payload.state === 'connected' ? action.payload.socketId : null;
            }
          }),
        );
        const added$ = action$.pipe(
          ofAction(monitorShareAdded),
          map(({ payload }) => payload.ShareToken),
          filter((token) => decodeShareTokenClaims(token)?.C2Url === c2Url),
          mergeMap((token) =>
            socketId === null ? EMPTY : verifyOne(token, socketId).pipe(reloadIfVerified(token)),
          ),
        );
        // A verify call that got no answer (the network, a 503, a 429) is made again on the same
        // socket every MONITOR_VERIFY_RETRY_MS until answered: the other shares' success keeps the
        // socket open, and that share would hear nothing until the next reconnect.
        const retries$ = interval(MONITOR_VERIFY_RETRY_MS).pipe(
          exhaustMap(() => {
            const id = socketId;
            const watched = new Set(tokensOn(state$.value, c2Url));
            const again = [...unanswered].filter((token) => watched.has(token));
            return id === null || again.length === 0
              ? EMPTY
              : merge(...again.map((token) => verifyOne(token, id).pipe(reloadIfVerified(token))));
          }),
        );
        const lastRemoved$ = action$.pipe(
          ofAction(monitorShareRemoved),
          filter(() => tokensOn(state$.value, c2Url).length === 0),
        );
        // A share the server refused is loaded again, so its card shows why (not found, expired).
        const refusals$ = refused.pipe(map((ShareToken) => sharedViewRequested({ ShareToken })));
        return concat(
          merge(events$, added$, retries$, refusals$).pipe(takeUntil(lastRemoved$)),
          defer(() => of(closed(c2Url))),
        );
      };
      const urls$ = merge(
        of(null),
        action$.pipe(filter((a) => monitorShareAdded.match(a) || monitorRestored.match(a))),
      ).pipe(
        mergeMap(() => selectMonitorState(state$.value).tokens),
        map((token) => decodeShareTokenClaims(token)?.C2Url),
        filter((url): url is string => url !== undefined && !open.has(url)),
      );
      const reloads$ = action$.pipe(
        ofAction(entityChangesReceived),
        mergeMap(({ payload }) => {
          const activities = new Set(payload.map((change) => change.ActivityId));
          const monitor = selectMonitorState(state$.value);
          const sharedViews = selectSharedViewsState(state$.value);
          return monitor.tokens.filter((token) => {
            const activityId = sharedViews.entities[token]?.ActivityId;
            return typeof activityId === 'number' && activities.has(activityId);
          });
        }),
        groupBy((token) => token),
        mergeMap((token$) =>
          token$.pipe(
            auditTime(SHARED_VIEW_RELOAD_AUDIT_MS),
            map((ShareToken) => sharedViewRequested({ ShareToken })),
          ),
        ),
      );
      return concat(
        merge(urls$.pipe(mergeMap(socketFor)), reloads$).pipe(
          takeUntil(action$.pipe(ofAction(monitorClosed))),
        ),
        // Closed with the monitor: their states leave the store.
        defer(() => from([...open].map(closed))),
      );
    }),
  );
