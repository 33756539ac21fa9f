import { handleCommands, type CommandContext } from './commands';
import type { RealtimeSocket } from './events';
import { isVerified } from './rooms';

/** How long a socket may stay connected without verify-socket-user succeeding, ms (default). */
export const UNVERIFIED_SOCKET_TIMEOUT_MS = 60_000;

/** What a new connection needs. */
export interface ConnectionContext extends CommandContext {
  /** See {@link UNVERIFIED_SOCKET_TIMEOUT_MS}. */
  readonly unverifiedTimeoutMs: number;
}

/**
 * A new socket (spec app §4 "Socket connection", §7 "Realtime"): it gets a SocketInit at once, joins
 * no room (ARCHITECTURE.md §5) and hears nothing else until verify-socket-user proves a member or a
 * share token for its id. If it has not after `unverifiedTimeoutMs`, its transport is closed: an
 * abandoned or hostile connection stops holding memory, and a real client, whose verify call was
 * lost, reconnects (spec §9: 1–5 s) with a new id and verifies again (a server-side `disconnect`
 * would tell socket.io-client not to reconnect). Its SocketCommands are handled from the start.
 */
export function onConnection(socket: RealtimeSocket, context: ConnectionContext): void {
  socket.emit('SocketInit', context.socketInit());
  const timer = setTimeout(() => {
    if (!isVerified(socket.rooms)) socket.conn.close();
  }, context.unverifiedTimeoutMs);
  timer.unref();
  socket.on('disconnect', () => {
    clearTimeout(timer);
  });
  handleCommands(socket, context);
}
