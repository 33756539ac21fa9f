import { Observable, type Subscription } from 'rxjs';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  SOCKET_EVENTS,
  EntityChanges,
  SocketInit,
  TelemetryWearerUpdate,
  type SocketCommand,
} from '../api/socket';

/**
 * The realtime connection's state (spec application-behaviour §4 "Socket connection": connected,
 * disconnected, reconnecting; `connecting` is the first attempt).
 */
export type SocketConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/**
 * What the realtime socket tells its subscriber, in arrival order:
 * - `state`: the connection changed; `socketId` is set while connected (for `verify-socket-user`),
 *   `attempt` counts reconnection attempts (1, 2, …) while reconnecting;
 * - `SocketInit`, `EntityChanges`, `TelemetryWearerUpdate`: a server event whose payload passed the
 *   contract's schema (src/api/socket.ts);
 * - `invalid`: a server event whose payload did not; it is dropped, reported so it can be logged.
 */
export type SocketEvent =
  | {
      readonly kind: 'state';
      readonly state: SocketConnectionState;
      readonly socketId: string | null;
      readonly attempt?: number;
      /** On the last `disconnected`: the server ended the socket (it will not reconnect). */
      readonly endedByServer?: true;
    }
  | { readonly kind: 'SocketInit'; readonly payload: SocketInit }
  | { readonly kind: 'EntityChanges'; readonly payload: EntityChanges }
  | { readonly kind: 'TelemetryWearerUpdate'; readonly payload: TelemetryWearerUpdate }
  | { readonly kind: 'invalid'; readonly event: string; readonly problem: string };

/** How to reach the server and how to retry (the caller passes the spec's values). */
export interface SocketConnectOptions {
  /**
   * The domain server's base URL: the member's DomainUrl or a share token's C2Url (spec §3, §7). It
   * may carry a path prefix (a server behind a proxy at `https://host/c2`): see {@link socketTarget}.
   */
  readonly url: string;
  /** The socket.io path on that server; default: the URL's path followed by `/socket.io`. */
  readonly path?: string;
  /** Reconnection attempts before giving up (spec §9: 1000). */
  readonly reconnectionAttempts: number;
  /** First reconnection delay, ms (spec §9: 1 s). */
  readonly reconnectionDelayMs: number;
  /** Largest reconnection delay, ms (spec §9: 5 s). */
  readonly reconnectionDelayMaxMs: number;
  /** Commands to send while connected (spec §7 "accepts SocketCommand"); sent ones are not queued. */
  readonly commands$?: Observable<SocketCommand>;
}

/** Creates the socket.io client socket; replaced in tests. */
export type SocketFactory = (
  url: string,
  options: Partial<ManagerOptions & SocketOptions>,
) => Socket;

/** The server events a client listens to (SocketCommand goes the other way). */
const SERVER_EVENTS = [
  SOCKET_EVENTS.SocketInit,
  SOCKET_EVENTS.EntityChanges,
  SOCKET_EVENTS.TelemetryWearerUpdate,
] as const;

/**
 * Where socket.io must connect for a domain server at `url` (a DomainUrl or C2Url, spec §3): the
 * URL's origin, on the default namespace, with the engine path under the URL's own path
 * (`https://host/c2` → `https://host` + `/c2/socket.io`), the way the REST clients put the API under
 * it (src/api/client/apiClients.ts). socket.io would otherwise read a URL's path as a namespace and
 * never reach the server's rooms. `path` overrides the engine path; a URL that does not parse is
 * passed on unchanged.
 */
export function socketTarget(url: string, path?: string): { uri: string; path: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { uri: url, path: path ?? '/socket.io' };
  }
  return { uri: parsed.origin, path: path ?? `${parsed.pathname.replace(/\/+$/, '')}/socket.io` };
}

/** A server event's payload checked against the contract (STYLE.md: validate at the edge). */
function parsed(event: (typeof SERVER_EVENTS)[number], payload: unknown): SocketEvent {
  switch (event) {
    case 'SocketInit': {
      const result = SocketInit.safeParse(payload);
      return result.success
        ? { kind: event, payload: result.data }
        : { kind: 'invalid', event, problem: result.error.message };
    }
    case 'EntityChanges': {
      const result = EntityChanges.safeParse(payload);
      return result.success
        ? { kind: event, payload: result.data }
        : { kind: 'invalid', event, problem: result.error.message };
    }
    case 'TelemetryWearerUpdate': {
      const result = TelemetryWearerUpdate.safeParse(payload);
      return result.success
        ? { kind: event, payload: result.data }
        : { kind: 'invalid', event, problem: result.error.message };
    }
  }
}

/**
 * The realtime socket to a domain server as an observable (ARCHITECTURE.md §1; spec §4 "Socket
 * connection", §7 "Realtime", §9 reconnect 1000 attempts, 1 s to 5 s). Subscribing opens a websocket;
 * unsubscribing closes it. It emits the connection's {@link SocketEvent}s and every server event whose
 * payload passes the contract's schema; it completes after the last reconnection attempt failed, or
 * when the server ended the socket (socket.io's "io server disconnect", after which the client does
 * not reconnect), with a `disconnected` state first. Commands from `options.commands$` are emitted while connected. It never
 * errors: failures are states. Who the socket is (`verify-socket-user` with a MemberIntegrationToken,
 * or a ShareToken for a share viewer connected to the token's C2Url) is the subscriber's business, on
 * each `connected` state.
 */
export function socket$(
  options: SocketConnectOptions,
  createSocket: SocketFactory = io,
): Observable<SocketEvent> {
  return new Observable<SocketEvent>((subscriber) => {
    const target = socketTarget(options.url, options.path);
    const socket = createSocket(target.uri, {
      path: target.path,
      transports: ['websocket'],
      reconnection: true,
      reconnectionAttempts: options.reconnectionAttempts,
      reconnectionDelay: options.reconnectionDelayMs,
      reconnectionDelayMax: options.reconnectionDelayMaxMs,
      autoConnect: false,
    });
    const state = (value: SocketConnectionState, attempt?: number, endedByServer = false) => {
      subscriber.next({
        kind: 'state',
        state: value,
        socketId: value === 'connected' ? (socket.id ?? null) : null,
        ...(attempt === undefined ? {} : { attempt }),
        ...(endedByServer ? { endedByServer: true as const } : {}),
      });
    };
    socket.on('connect', () => {
      state('connected');
    });
    socket.on('disconnect', (reason) => {
      // The server ended this socket (socket.disconnect(true): a revoked share's viewers, server/
      // realtime/shareDisconnect.ts); socket.io-client does not reconnect after that, so the
      // stream ends here rather than wait for attempts that never come.
      const ended = reason === 'io server disconnect';
      state('disconnected', undefined, ended);
      if (ended) subscriber.complete();
    });
    socket.io.on('reconnect_attempt', (attempt) => {
      state('reconnecting', attempt);
    });
    socket.io.on('reconnect_failed', () => {
      state('disconnected');
      subscriber.complete();
    });
    for (const event of SERVER_EVENTS) {
      socket.on(event, (payload: unknown) => {
        subscriber.next(parsed(event, payload));
      });
    }
    const commands: Subscription | undefined = options.commands$?.subscribe((command) => {
      if (socket.connected) socket.emit(SOCKET_EVENTS.SocketCommand, command);
    });
    state('connecting');
    socket.connect();
    return () => {
      commands?.unsubscribe();
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
    };
  });
}
