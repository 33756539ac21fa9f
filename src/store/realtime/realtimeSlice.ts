import { createSlice, prepareAutoBatched, type PayloadAction } from '@reduxjs/toolkit';
import type { EntityChanges, SocketInit, TelemetryWearerUpdate } from '../../api/socket';
import type { SocketConnectionState } from '../../streams/socket';
import { loggedOut } from '../session/sessionSlice';

/**
 * The realtime connection as the app sees it (spec §4 "Socket connection": connected, disconnected,
 * reconnecting; `idle` before any socket is opened):
 * - `verified`: the server accepted `verify-socket-user` for the current connection (the socket only
 *   hears the member's rooms after that; ARCHITECTURE.md §5);
 * - `attempt`: the reconnection attempt while reconnecting;
 * - `serverStartTimestamps`: per socket URL (a member's DomainUrl, a share's C2Url), the server start
 *   time of the first SocketInit this page heard from it (epoch ms), to notice a restart of THAT
 *   server: sockets to different servers (a monitor of shares on two domains, a member watching a
 *   share of another domain) each have their own.
 */
export interface RealtimeState {
  readonly connection: SocketConnectionState | 'idle';
  readonly socketId: string | null;
  readonly attempt: number | null;
  readonly verified: boolean;
  readonly serverStartTimestamps: Readonly<Record<string, number>>;
}

/** A SocketInit as heard on the socket to `socketUrl` (the URL the socket was opened with). */
export type SocketInitFrom = SocketInit & { readonly socketUrl: string };

/** The TelemetryWearerUpdates of one animation frame, in arrival order. */
export interface TelemetryFrame {
  readonly updates: readonly TelemetryWearerUpdate[];
}

const initialState: RealtimeState = {
  connection: 'idle',
  socketId: null,
  attempt: null,
  verified: false,
  serverStartTimestamps: {},
};

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    /** The socket's connection changed (src/streams/socket.ts `state` events). */
    socketStateChanged: (
      state,
      action: PayloadAction<{
        state: SocketConnectionState;
        socketId: string | null;
        attempt?: number;
      }>,
    ) => {
      state.connection = action.payload.state;
      state.socketId = action.payload.socketId;
      state.attempt = action.payload.attempt ?? null;
      state.verified = false;
    },
    /** verify-socket-user answered for `socketId`; a late answer for an older socket is ignored. */
    socketVerified: (state, action: PayloadAction<{ socketId: string; success: boolean }>) => {
      if (action.payload.socketId === state.socketId) state.verified = action.payload.success;
    },
    socketInitReceived: (state, action: PayloadAction<SocketInitFrom>) => {
      const { socketUrl, ServerStartTimestamp } = action.payload;
      state.serverStartTimestamps[socketUrl] ??= ServerStartTimestamp;
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
    builder.addCase(loggedOut, (state) => ({
      ...initialState,
      serverStartTimestamps: state.serverStartTimestamps,
    }));
  },
  selectors: {
    selectRealtime: (state) => state,
    selectSocketConnection: (state) => state.connection,
    /** The reconnection attempt (1 …) while reconnecting, else null. */
    selectSocketAttempt: (state) => state.attempt,
  },
});

export const {
  socketStateChanged,
  socketVerified,
  socketInitReceived,
  entityChangesReceived,
  wearerTelemetryReceived,
} = realtimeSlice.actions;
export const { selectRealtime, selectSocketConnection, selectSocketAttempt } =
  realtimeSlice.selectors;
