import type { RealtimeServer } from './events';
import { shareRoom } from './rooms';

/**
 * The adapter's disconnect as the cluster adapters implement it: it returns the publishing promise
 * and disconnects this node's sockets once the message is committed, though socket.io-adapter's base
 * type says void (see server/realtime/locateSocket.ts for the same with joins).
 */
interface ClusterDisconnect {
  disconnectSockets(
    opts: { rooms: Set<string>; except: Set<string> },
    close: boolean,
  ): Promise<void> | void;
}

/**
 * Disconnects every socket in `share:{shareId}` on every server node (issue 8 item 1: "revoking a
 * share disconnects its live viewers within 1 s"). Resolves once this node's sockets are gone and the
 * order to the other nodes is committed to PostgreSQL's notification queue (they act on it at once).
 * The sockets get socket.io's server-side disconnect ("io server disconnect"), after which
 * socket.io-client does not reconnect by itself: the viewer's page shows the share as gone.
 */
export async function disconnectShareViewers(io: RealtimeServer, shareId: string): Promise<void> {
  const adapter = io.of('/').adapter as unknown as ClusterDisconnect;
  await adapter.disconnectSockets(
    { rooms: new Set([shareRoom(shareId)]), except: new Set() },
    false,
  );
}
