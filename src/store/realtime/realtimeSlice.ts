import { createSlice, prepareAutoBatched, type PayloadAction } from '@reduxjs/toolkit';
import type { EntityChanges, SocketInit, TelemetryWearerUpdate } from '../../api/socket';
import type { SocketConnectionState } from '../../streams/socket';
import { loggedOut } from '../session/sessionSlice';

/** One socket's connection (spec §4 "Socket connection": connected, disconnected, reconnecting). */
export interface SocketStatus {
  readonly connection: SocketConnectionState;
  readonly socketId: string | null;
  readonly attempt: number | null;
  readonly verified: boolean;
}

/**
 * The realtime connections as the app sees them (spec §4 "Socket connection": connected,
 * disconnected, reconnecting; `idle` before any socket is opened). The top-level fields are the
 * member's own socket's; every other socket (a share page's `share:{token}`, the monitor's
 * `monitor:{C2Url}`; see `verifiedSocketActions`' `socketKey`) has its entry in `others`, removed
 * when that socket closes, so one socket's state never shows as another's:
 * - `verified`: the server accepted `verify-socket-user` for the current connection (the socket only
 *   hears the member's rooms after that; ARCHITECTURE.md §5);
 * - `attempt`: the reconnection attempt while reconnecting;
 * - `serverStartTimestamps`: per socket URL (a member's DomainUrl, a share's C2Url), the server start
 *   time of the first SocketInit this page heard from it (epoch ms), to notice a restart of THAT
 *   server: sockets to different servers (a monitor of shares on two domains, a member watching a
 *   share of another domain) each have their own;
 * - `serverClockOffsetMs`: the server's clock minus this device's, ms, from the newest SocketInit of
 *   any socket (its `ServerTimestamp` against the device's clock when it arrived; null before one).
 *   Screens that judge a device time (a fix's age, a share's expiry, a pause's end) read "now" on the
 *   server's clock with it (`selectServerClockOffsetMs`; docs/decisions.md "Whose clock").
 */
export interface RealtimeState {
  readonly connection: SocketConnectionState | 'idle';
  readonly socketId: string | null;
  readonly attempt: number | null;
  readonly verified: boolean;
  readonly others: Readonly<Record<string, SocketStatus>>;
  readonly serverStartTimestamps: Readonly<Record<string, number>>;
  readonly serverClockOffsetMs: number | null;
}

/**
 * A SocketInit as heard on the socket to `socketUrl` (the URL the socket was opened with) at
 * `receivedAt` (this device's clock, epoch ms).
 */
export type SocketInitFrom = SocketInit & {
  readonly socketUrl: string;
  readonly receivedAt: number;
};

/**
 * The TelemetryWearerUpdates of one animation frame, in arrival order, and when the frame reached the
 * store (`receivedAt`: this device's clock, epoch ms; at most a frame after the socket delivered its
 * first update). The screens date a fix's arrival by it: a data age shown when a fix arrives is
 * measured at that moment, whatever clock the screen last read (MonitorCardAge.tsx).
 */
export interface TelemetryFrame {
  readonly updates: readonly TelemetryWearerUpdate[];
  readonly receivedAt: number;
}

const initialState: RealtimeState = {
  connection: 'idle',
  socketId: null,
  attempt: null,
  verified: false,
  others: {},
  serverStartTimestamps: {},
  serverClockOffsetMs: null,
};

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    /**
     * A socket's connection changed (src/streams/socket.ts `state` events): the member's, or the one
     * `socketKey` names.
     */
    socketStateChanged: (
      state,
      action: PayloadAction<{
        state: SocketConnectionState;
        socketId: string | null;
        attempt?: number;
        socketKey?: string;
      }>,
    ) => {
      const { socketKey } = action.payload;
      const status: SocketStatus = {
        connection: action.payload.state,
        socketId: action.payload.socketId,
        attempt: action.payload.attempt ?? null,
        verified: false,
      };
      if (socketKey === undefined) Object.assign(state, status);
      else state.others[socketKey] = status;
    },
    /** verify-socket-user answered for `socketId`; a late answer for an older socket is ignored. */
    socketVerified: (
      state,
      action: PayloadAction<{ socketId: string; success: boolean; socketKey?: string }>,
    ) => {
      const { socketKey, socketId, success } = action.payload;
      const status = socketKey === undefined ? state : state.others[socketKey];
      if (status && socketId === status.socketId) status.verified = success;
    },
    /** The socket `socketKey` names was closed (its page left): its state is forgotten. */
    socketClosed: (state, action: PayloadAction<{ socketKey: string }>) => {
      state.others = Object.fromEntries(
        Object.entries(state.others).filter(([key]) => key !== action.payload.socketKey),
      );
    },
    /**
     * A SocketInit: the first server start time per socket URL is kept, and the clock offset is
     * measured again (the event's travel time, a few ms, counts as offset: data looks that much
     * younger, never a report's interval).
     */
    socketInitReceived: (state, action: PayloadAction<SocketInitFrom>) => {
      const { socketUrl, ServerStartTimestamp, ServerTimestamp, receivedAt } = action.payload;
      state.serverStartTimestamps[socketUrl] ??= ServerStartTimestamp;
      state.serverClockOffsetMs = ServerTimestamp - receivedAt;
    },
    /**
     * Committed changes pushed by the server (spec §7 EntityChanges), those of one animation frame
     * concatenated in arrival order (socketEventActions.ts); epics reload what they show.
     * Auto-batched: the store notifies once for it and the frame's telemetry.
     */
    entityChangesReceived: {
      reducer: (state, _action: PayloadAction<EntityChanges>) => state,
      prepare: prepareAutoBatched<EntityChanges>(),
    },
    /**
     * Live telemetry (spec §7 TelemetryWearerUpdate): every update the socket delivered within one
     * animation frame, in arrival order (src/store/realtime/socketEventActions.ts; issue 6 item 2: at
     * most one store update per frame). The location history, live wearers and activity slices fold
     * them. Auto-batched (RTK `prepareAutoBatched`): subscribers hear it with the frame's other
     * batched actions in one notification.
     */
    wearerTelemetryReceived: {
      reducer: (state, _action: PayloadAction<TelemetryFrame>) => state,
      prepare: prepareAutoBatched<TelemetryFrame>(),
    },
  },
  extraReducers: (builder) => {
    // The member's socket closes; a share page's or the monitor's stays open (and theirs with it).
    builder.addCase(loggedOut, (state) => ({
      ...initialState,
      others: state.others,
      serverStartTimestamps: state.serverStartTimestamps,
      serverClockOffsetMs: state.serverClockOffsetMs,
    }));
  },
  selectors: {
    selectRealtime: (state) => state,
    /** The member's socket's connection. */
    selectSocketConnection: (state) => state.connection,
    /** The reconnection attempt (1 …) of the member's socket while reconnecting, else null. */
    selectSocketAttempt: (state) => state.attempt,
    /**
     * The server's clock minus this device's, ms; 0 before any SocketInit. Add it to `Date.now()` to
     * read "now" on the server's clock: a fix's device time, a share's expiry and a pause's end are on
     * that clock (the server refuses device times over 5 minutes ahead of its own), and a viewer's
     * clock set 10 minutes behind would otherwise show a 10-minute-old fix as live.
     */
    selectServerClockOffsetMs: (state) => state.serverClockOffsetMs ?? 0,
  },
});

export const {
  socketStateChanged,
  socketVerified,
  socketClosed,
  socketInitReceived,
  entityChangesReceived,
  wearerTelemetryReceived,
} = realtimeSlice.actions;
export const {
  selectRealtime,
  selectSocketConnection,
  selectSocketAttempt,
  selectServerClockOffsetMs,
} = realtimeSlice.selectors;

/**
 * `deviceNowMs` (this device's clock, epoch ms; an epic's `deps.now()`) on the server's clock: plus
 * the measured offset, 0 before a SocketInit (docs/decisions.md "Whose clock"). For epics that judge
 * a server or device time — an activity's end, a journey's span — against now.
 */
export function serverNowMs(state: { readonly realtime: RealtimeState }, deviceNowMs: number) {
  return deviceNowMs + selectServerClockOffsetMs(state);
}

/** The socket key of a share page's own socket (sharedViewEpics.ts). */
export const shareSocketKey = (shareToken: string) => `share:${shareToken}`;
/** The socket key of the operator monitor's socket to one domain server (monitorSocketEpic.ts). */
export const monitorSocketKey = (c2Url: string) => `monitor:${c2Url}`;

/** How bad a connection state is: of several sockets, the worst one is shown. */
const BADNESS: Record<SocketConnectionState, number> = {
  connected: 0,
  connecting: 1,
  reconnecting: 2,
  disconnected: 3,
};

/** The socket `socketKey` names (its stored status, the same object while unchanged); undefined while none is open. */
export function selectSocketStatusOf(
  state: { readonly realtime: RealtimeState },
  socketKey: string,
): SocketStatus | undefined {
  return state.realtime.others[socketKey];
}

/**
 * The worst-off of the monitor's sockets (one per domain server; `disconnected` over `reconnecting`
 * over `connecting` over `connected`), the same object while unchanged; undefined while none is open.
 */
export function selectMonitorSocketStatus(state: {
  readonly realtime: RealtimeState;
}): SocketStatus | undefined {
  const prefix = monitorSocketKey('');
  let worst: SocketStatus | undefined;
  for (const [key, status] of Object.entries(state.realtime.others)) {
    if (!key.startsWith(prefix)) continue;
    if (worst === undefined || BADNESS[status.connection] > BADNESS[worst.connection]) {
      worst = status;
    }
  }
  return worst;
}

/** Whether any socket of the page (the member's or another) is connected. */
export function anySocketConnected(realtime: RealtimeState): boolean {
  return (
    realtime.connection === 'connected' ||
    Object.values(realtime.others).some((status) => status.connection === 'connected')
  );
}

/** Whether the page has no socket open (no member signed in, no share page or monitor open). */
export function noSocketOpen(realtime: RealtimeState): boolean {
  return realtime.connection === 'idle' && Object.keys(realtime.others).length === 0;
}
