import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EntityChanges, SocketInit, TelemetryWearerUpdate } from '../../api/socket';
import type { SocketConnectionState } from '../../streams/socket';
import { loggedOut } from '../session/sessionSlice';

/**
 * The realtime connection as the app sees it (spec §4 "Socket connection": connected, disconnected,
 * reconnecting; `idle` before any socket is opened):
 * - `verified`: the server accepted `verify-socket-user` for the current connection (the socket only
 *   hears the member's rooms after that; ARCHITECTURE.md §5);
 * - `attempt`: the reconnection attempt while reconnecting;
 * - `serverStartTimestamp`: from the first SocketInit of this page (epoch ms), to notice a restart.
 */
export interface RealtimeState {
  readonly connection: SocketConnectionState | 'idle';
  readonly socketId: string | null;
  readonly attempt: number | null;
  readonly verified: boolean;
  readonly serverStartTimestamp: number | null;
}

const initialState: RealtimeState = {
  connection: 'idle',
  socketId: null,
  attempt: null,
  verified: false,
  serverStartTimestamp: null,
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
    socketInitReceived: (state, action: PayloadAction<SocketInit>) => {
      state.serverStartTimestamp ??= action.payload.ServerStartTimestamp;
    },
    /** Committed changes pushed by the server (spec §7 EntityChanges); epics reload what they show. */
    entityChangesReceived: (state, _action: PayloadAction<EntityChanges>) => state,
    /** Live telemetry of a wearer (spec §7 TelemetryWearerUpdate); the history slices append it. */
    wearerTelemetryReceived: (state, _action: PayloadAction<TelemetryWearerUpdate>) => state,
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, (state) => ({
      ...initialState,
      serverStartTimestamp: state.serverStartTimestamp,
    }));
  },
  selectors: {
    selectRealtime: (state) => state,
    selectSocketConnection: (state) => state.connection,
  },
});

export const {
  socketStateChanged,
  socketVerified,
  socketInitReceived,
  entityChangesReceived,
  wearerTelemetryReceived,
} = realtimeSlice.actions;
export const { selectRealtime, selectSocketConnection } = realtimeSlice.selectors;
