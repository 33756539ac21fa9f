import type { AloneNow } from './peerWatch';

/** What {@link socketAudience} reads of a namespace's adapter: its rooms (room → socket ids). */
export interface RoomsAdapter {
  readonly rooms: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * Whether a broadcast to any of `rooms` can reach a socket anywhere: true when a socket of this
 * process is in one of them, or when another server node may have one — the adapter is not the
 * cluster adapter of peerWatch.ts (so no one can say), or it is and this node is not alone
 * (`aloneNow`). False only when this process has no socket in any of the rooms and no other node is
 * on the database: the publisher (publisher.ts) then skips the event, which socket.io would
 * otherwise encode before finding no socket to write it to — about 3 % of the server's main thread
 * under device ingest with nobody watching (docs/decisions.md "Ingest throughput").
 *
 * `adapter` is read at each call (socket.io creates the namespace's adapter lazily).
 */
export function socketAudience(
  adapter: () => RoomsAdapter & Partial<AloneNow>,
): (rooms: readonly string[]) => boolean {
  return (rooms) => {
    const current = adapter();
    for (const room of rooms) {
      if ((current.rooms.get(room)?.size ?? 0) > 0) return true;
    }
    return current.aloneNow?.() !== true;
  };
}
