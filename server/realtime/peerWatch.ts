import { MessageType, type ClusterMessage, type Offset } from 'socket.io-adapter';

/**
 * What a node knows of the other server processes on its database, to tell when a broadcast has no
 * one to reach beyond this process (ARCHITECTURE.md §2).
 */
export interface PeerWatch {
  /** The adapter's LISTEN connection listens (again): from now on this node hears other nodes. */
  listened(): void;
  /** The LISTEN connection is gone: until it listens again this node may miss other nodes. */
  lost(): void;
  /**
   * Whether this node is alone: the adapter counts no other node (`serverCount` 1) and this node has
   * listened without a break for at least the heartbeat timeout. Every live node sends something at
   * least once per heartbeat interval (and announces itself when it starts), so a node listening
   * that long has heard each live one; one it has not heard from for the timeout is taken for gone
   * by the adapter too.
   */
  alone(serverCount: number): boolean;
}

/**
 * A {@link PeerWatch} over the adapter's heartbeat timeout (ms; the adapter's default is 10,000) and
 * a clock (epoch ms; tests pass a virtual one).
 */
export function createPeerWatch(
  heartbeatTimeoutMs: number,
  clock: () => number = Date.now,
): PeerWatch {
  let listeningSinceMs: number | null = null;
  return {
    listened() {
      listeningSinceMs ??= clock();
    },
    lost() {
      listeningSinceMs = null;
    },
    alone(serverCount) {
      return (
        serverCount === 1 &&
        listeningSinceMs !== null &&
        clock() - listeningSinceMs >= heartbeatTimeoutMs
      );
    },
  };
}

/** What {@link publishOnlyToPeers} adds to the adapter it patches. */
export interface AloneNow {
  /**
   * Whether this node is alone right now ({@link PeerWatch.alone} over the adapter's count of other
   * nodes, read synchronously): a broadcast no socket of this process hears then reaches no one.
   * False when the count cannot be read (an adapter version without `nodesMap`), so a caller never
   * drops what another node might deliver.
   */
  aloneNow(): boolean;
}

/** The adapter's own publishing step (`doPublish`, protected in socket.io-adapter's types). */
type DoPublish = (message: ClusterMessage) => Promise<Offset>;

/**
 * Makes `adapter` skip publishing a plain broadcast (no acknowledgement asked) to other server
 * processes while `watch` says this node is alone; every other message — heartbeats, room joins,
 * socket lookups, server-side emits — goes out as before. The adapter still delivers the broadcast
 * to this process's own sockets. On a single server (the embedded default) a TelemetryWearerUpdate
 * or EntityChanges then costs no NOTIFY statement, and the node no longer parses its own
 * notifications back. Once another node announces itself (its INITIAL_HEARTBEAT), broadcasts go out
 * again. Patches the instance's `doPublish` (socket.io-adapter 2.5's hook the PostgreSQL adapter
 * implements) and adds {@link AloneNow}, which it also decides by; answers `adapter` (a
 * ClusterAdapterWithHeartbeat: its `doPublish` and `nodesMap` are read).
 */
export function publishOnlyToPeers<A extends object>(adapter: A, watch: PeerWatch): A & AloneNow {
  const hooks = adapter as unknown as { doPublish: DoPublish; nodesMap?: unknown };
  // ClusterAdapterWithHeartbeat (socket.io-adapter 2.5) keeps the other nodes it heard in `nodesMap`;
  // `serverCount()` answers 1 + its size, but only as a promise.
  const aloneNow = (): boolean =>
    hooks.nodesMap instanceof Map && watch.alone(1 + hooks.nodesMap.size);
  const publish = hooks.doPublish.bind(adapter);
  hooks.doPublish = (message) => {
    const plainBroadcast =
      message.type === MessageType.BROADCAST && message.data.requestId === undefined;
    return plainBroadcast && aloneNow() ? Promise.resolve('') : publish(message);
  };
  return Object.assign(adapter, { aloneNow });
}
