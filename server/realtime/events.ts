import type { Server, Socket } from 'socket.io';
import type { EntityChanges, SocketInit, TelemetryWearerUpdate } from '../../src/api/socket';

/** Server → client events of the contract (src/api/socket.ts; spec app §7 "Realtime"). */
export interface ServerToClientEvents {
  SocketInit: (payload: SocketInit) => void;
  EntityChanges: (payload: EntityChanges) => void;
  TelemetryWearerUpdate: (payload: TelemetryWearerUpdate) => void;
}

/** Client → server events: a SocketCommand, unchecked until parsed (server/realtime/commands.ts). */
export interface ClientToServerEvents {
  SocketCommand: (payload: unknown) => void;
}

/** No events between server nodes beyond the adapter's own messages. */
export type InterServerEvents = Record<string, never>;

/** Nothing is kept in `socket.data`: who a socket is lives in its rooms (server/realtime/rooms.ts). */
export type SocketData = undefined;

/** The realtime socket.io server, typed by the contract's events. */
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** One connected socket of {@link RealtimeServer}. */
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
