import type { Action } from '@reduxjs/toolkit';
import {
  EMPTY,
  asyncScheduler,
  connect,
  defer,
  filter,
  merge,
  mergeMap,
  of,
  repeat,
  retry,
  throwError,
  catchError,
  switchMap,
  timer,
  type Observable,
} from 'rxjs';
import type { SocketCommand } from '../../api/socket';
import type { SocketEvent } from '../../streams/socket';
import type { StoreDependencies } from '../dependencies';
import {
  SOCKET_GAVE_UP_REOPEN_MS,
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_VERIFY_RETRY_MAX_MS,
  SOCKET_VERIFY_RETRY_MS,
} from '../timing';
import { socketVerified } from './realtimeSlice';
import { refusedByServer } from '../network/refusedByServer';
import { FRAME_BUFFER_MAX_WAIT_MS, socketEventActions } from './socketEventActions';

/** How {@link verifiedSocketActions} opens and proves one socket. */
export interface VerifiedSocketOptions {
  /** The domain server to connect to: the member's DomainUrl, or a share token's C2Url. */
  readonly url: string;
  /**
   * Calls `verify-socket-user` for the socket id (spec app §7) with the member token or the
   * ShareToken; emits the answer's `Success`. An error without an answer from the server
   * ({@link refusedByServer}) is retried, backing off from {@link SOCKET_VERIFY_RETRY_MS} to
   * {@link SOCKET_VERIFY_RETRY_MAX_MS}, while the socket stays connected; a refusal counts as no.
   */
  readonly verify: (socketId: string) => Observable<boolean>;
  /** Actions to add after the `disconnected` state action (a shared view re-checks its link). */
  readonly onDisconnected?: () => readonly Action[];
  /**
   * Actions to add after a `socketVerified` that succeeded: what the socket's owner shows is
   * reloaded, since what changed while it was away (or before its first verify) was not heard.
   */
  readonly onVerified?: () => readonly Action[];
  /**
   * Open a new socket when the server ended this one (socket.io does not reconnect then): a share
   * page's or the monitor's, whose other shares, or whose share after a failed re-check, still need
   * it. With socket.io's own reconnect timings (spec §9): {@link SOCKET_RECONNECT_DELAY_MS} after the
   * first end, doubling to {@link SOCKET_RECONNECT_DELAY_MAX_MS} while no socket in between was
   * verified, and no more after {@link SOCKET_RECONNECT_ATTEMPTS} in a row. The owner's `takeUntil`
   * ends it for good.
   */
  readonly reopenWhenServerEnds?: boolean;
  /**
   * Actions to add after a `socketVerified` that did not succeed (a shared view re-checks its link:
   * a share revoked or expired before its socket was verified then ends the view, as one revoked
   * while watching does).
   */
  readonly onRejected?: () => readonly Action[];
  /** SocketCommands to send while connected (src/streams/socket.ts: not queued while offline). */
  readonly commands$?: Observable<SocketCommand>;
  /**
   * Which socket this is in the store's realtime state (realtimeSlice.ts `others`): absent for the
   * member's own socket; `shareSocketKey(token)` for a share page's, `monitorSocketKey(url)` for the
   * monitor's. Its owner ends its entry with `socketClosed` when it closes the socket.
   */
  readonly socketKey?: string;
}

/**
 * One realtime socket as store actions (spec app §4 "Socket connection", §7 Realtime, §9 reconnect
 * 1000 × 1–5 s): opened with the reconnect timings of src/store/timing.ts; its events through
 * {@link socketEventActions} (telemetry batched per animation frame); each time it connects,
 * `verify-socket-user` runs for the new socket id and its answer becomes `socketVerified` (the server
 * lets the socket hear its rooms only after that; ARCHITECTURE.md §5). When socket.io gives up
 * reconnecting, a new socket is opened {@link SOCKET_GAVE_UP_REOPEN_MS} later, again and again; a
 * socket the server ended is opened again only with `reopenWhenServerEnds`. Ends when unsubscribed.
 */
export function verifiedSocketActions(
  deps: Pick<StoreDependencies, 'openSocket' | 'frameScheduler'>,
  options: VerifiedSocketOptions,
): Observable<Action> {
  const keyed = options.socketKey === undefined ? {} : { socketKey: options.socketKey };
  const verified = (socketId: string) =>
    defer(() => options.verify(socketId)).pipe(
      // No answer is not a no: asked again, backing off, while this socket stays connected (a
      // disconnect ends it: switchMap below). Without it the socket sat connected, unverified and
      // deaf until the server dropped it a minute later.
      retry({
        delay: (error: unknown, attempt) =>
          refusedByServer(error)
            ? throwError(() => error)
            : timer(
                Math.min(SOCKET_VERIFY_RETRY_MAX_MS, SOCKET_VERIFY_RETRY_MS * 2 ** (attempt - 1)),
              ),
      }),
      // The server's refusal (a 401 for a token it does not take) is a no.
      catchError(() => of(false)),
      mergeMap((success) => {
        if (success) reopens = 0;
        const followUp = success ? options.onVerified : options.onRejected;
        return of(socketVerified({ socketId, success, ...keyed }), ...(followUp?.() ?? []));
      }),
    );
  let endedByServer = false;
  /** Sockets opened again since the server last ended one that had been verified. */
  let reopens = 0;
  const socket$ = defer(() => {
    endedByServer = false;
    return deps.openSocket({
      url: options.url,
      reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
      reconnectionDelayMs: SOCKET_RECONNECT_DELAY_MS,
      reconnectionDelayMaxMs: SOCKET_RECONNECT_DELAY_MAX_MS,
      ...(options.commands$ ? { commands$: options.commands$ } : {}),
    });
  });
  return socket$.pipe(
    // The state action is emitted (first branch) before the verification or follow-up it starts.
    connect((events$) =>
      merge(
        events$.pipe(
          socketEventActions(
            deps.frameScheduler,
            FRAME_BUFFER_MAX_WAIT_MS,
            asyncScheduler,
            options.socketKey === undefined
              ? { url: options.url }
              : { url: options.url, key: options.socketKey },
          ),
        ),
        events$.pipe(
          filter(
            (event): event is Extract<SocketEvent, { kind: 'state' }> => event.kind === 'state',
          ),
          switchMap((event) => {
            if (event.endedByServer) endedByServer = true;
            if (event.state === 'connected' && event.socketId) return verified(event.socketId);
            if (event.state === 'disconnected' && options.onDisconnected) {
              return of(...options.onDisconnected());
            }
            return EMPTY;
          }),
        ),
      ),
    ),
    repeat({
      delay: () => {
        // socket.io gave up reconnecting (reconnect_failed): without a new socket the page would
        // stay deaf after the server came back, with nothing to tell it so.
        if (!endedByServer) return timer(SOCKET_GAVE_UP_REOPEN_MS);
        if (options.reopenWhenServerEnds !== true) return EMPTY;
        if (reopens >= SOCKET_RECONNECT_ATTEMPTS) return EMPTY;
        reopens += 1;
        return timer(
          Math.min(SOCKET_RECONNECT_DELAY_MAX_MS, SOCKET_RECONNECT_DELAY_MS * 2 ** (reopens - 1)),
        );
      },
    }),
  );
}
