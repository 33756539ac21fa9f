import type { RealtimeServer } from './events';

/** A socket found on some server node: its rooms, and changing them. */
export interface LocatedSocket {
  readonly rooms: ReadonlySet<string>;
  join(rooms: readonly string[]): Promise<void>;
  leave(rooms: readonly string[]): Promise<void>;
}

/**
 * The adapter's room operations as the cluster adapters implement them: they return the publishing
 * promise, though socket.io-adapter's base type says void. Awaiting it means the change is committed
 * to PostgreSQL's notification queue, which every node reads in commit order — so an event published
 * after verify-socket-user answered reaches the socket's node after the join.
 */
interface ClusterRoomOperations {
  addSockets(target: SocketTarget, rooms: string[]): Promise<void> | void;
  delSockets(target: SocketTarget, rooms: string[]): Promise<void> | void;
}

/** socket.io-adapter's BroadcastOptions, as far as a lookup by socket id needs them. */
interface SocketTarget {
  readonly rooms: Set<string>;
  readonly except: Set<string>;
}

/**
 * Finds socket `socketId` on this node or, through the adapter, on any node of the cluster
 * (`fetchSockets`, which waits for every known node's answer; it rejects when one does not answer
 * within the adapter's request timeout, 5 s). Null when no node has it.
 */
export async function locateSocket(
  io: RealtimeServer,
  socketId: string,
): Promise<LocatedSocket | null> {
  const namespace = io.of('/');
  const local = namespace.sockets.get(socketId);
  if (local) {
    return {
      rooms: local.rooms,
      join: async (rooms) => {
        await local.join([...rooms]);
      },
      leave: async (rooms) => {
        for (const room of rooms) await local.leave(room);
      },
    };
  }
  const [remote] = await io.in(socketId).fetchSockets();
  if (!remote) return null;
  const target: SocketTarget = { rooms: new Set([socketId]), except: new Set() };
  const adapter = namespace.adapter as ClusterRoomOperations;
  return {
    rooms: remote.rooms,
    join: async (rooms) => {
      await adapter.addSockets(target, [...rooms]);
    },
    leave: async (rooms) => {
      await adapter.delSockets(target, [...rooms]);
    },
  };
}
