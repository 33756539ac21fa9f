import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { DB_KEEPALIVE_DELAY_MS } from '../db/database';
import { batchedNotifyQuery } from './notifyBatcher';
import { createPeerWatch, publishOnlyToPeers, type AloneNow } from './peerWatch';

/** Connections of the adapter's own pool: its LISTEN connection plus NOTIFY publishers. */
const ADAPTER_POOL_MAX = 4;

/** socket.io-adapter's heartbeat interval between nodes, ms; a node unheard for 2× is dropped. */
export const DEFAULT_HEARTBEAT_INTERVAL_MS = 5_000;

/** Options of {@link createPostgresClusterAdapter}. */
export interface PostgresClusterAdapterOptions {
  /** `postgres://…` of the server's database (NOTIFY channels are per database). */
  readonly url: string;
  readonly log: FastifyBaseLogger;
  /** Heartbeat between nodes, ms (adapter default 5,000); a node unheard for 2× is dropped. */
  readonly heartbeatIntervalMs?: number;
  /** Clock of the peer watch (peerWatch.ts), epoch ms; default `Date.now` (tests pass a virtual one). */
  readonly clock?: () => number;
}

/** The cross-node adapter of this process and its lifecycle. */
export interface PostgresClusterAdapter {
  /** The adapter factory for `new Server({ adapter })`. */
  readonly adapter: ReturnType<typeof createAdapter>;
  /** Resolves once this node LISTENs: from then on it hears every other node's broadcasts. */
  readonly listening: Promise<void>;
  /**
   * Runs `callback` each time the LISTEN connection is (re)established, with `missed` true when it
   * follows a LISTEN connection lost while other nodes were on the database (or this node could not
   * yet tell): what they broadcast in between never reached this node's sockets.
   */
  onListening(callback: (missed: boolean) => void): void;
  /**
   * Parks the adapter's reconnection attempts, ends the LISTEN connection the adapter still holds
   * (also one whose LISTEN is in flight) and ends the pool; after the adapter was closed.
   */
  end(): Promise<void>;
}

type Listener = (...args: unknown[]) => void;

/** A promise that never settles: how a connect() after end() parks the adapter's retry loop. */
function parked<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

/**
 * The adapter's LISTEN connection as @socket.io/postgres-adapter 0.5 uses it (`on('notification' |
 * 'end')`, `query('LISTEN …')`, `removeAllListeners('end')`, `release()`; dist/util.js), over a real
 * pool client. It adds what the adapter lacks: an `error` listener (a checked-out pg client with none
 * crashes the process when PostgreSQL drops the connection), giving a dead connection back to the pool
 * (the adapter forgets it, which would hold a pool slot forever), and telling when LISTEN succeeded.
 */
class ListenClient {
  private released = false;
  private readonly endListeners: Listener[] = [];

  constructor(
    private readonly client: pg.PoolClient,
    private readonly onListen: () => void,
    log: FastifyBaseLogger,
    private readonly onReleased: (client: ListenClient) => void = () => undefined,
  ) {
    client.on('error', (error) => {
      log.warn({ err: error }, 'realtime: the adapter lost its PostgreSQL connection');
      this.releaseOnce(error);
    });
    client.on('end', () => {
      this.releaseOnce(new Error('connection ended'));
    });
  }

  on(event: 'notification' | 'end', listener: Listener): this {
    if (event === 'end') this.endListeners.push(listener);
    this.client.on(event, listener);
    return this;
  }

  removeAllListeners(event: 'end'): this {
    for (const listener of this.endListeners.splice(0)) this.client.off(event, listener);
    return this;
  }

  async query(text: string): Promise<pg.QueryResult> {
    const result = await this.client.query(text);
    if (text.startsWith('LISTEN ')) this.onListen();
    return result;
  }

  release(): void {
    this.releaseOnce();
  }

  /**
   * Ends the connection (a LISTEN in flight fails) and gives the slot back to the pool: how the pool
   * ends while the adapter still holds, or is still setting up, its LISTEN connection.
   */
  destroy(): void {
    this.releaseOnce(new Error('realtime adapter closed'));
  }

  private releaseOnce(error?: Error): void {
    if (this.released) return;
    this.released = true;
    this.client.release(error);
    this.onReleased(this);
  }
}

/**
 * The socket.io PostgreSQL adapter (ARCHITECTURE.md §2: broadcasts, room joins and socket lookups
 * cross server processes through LISTEN/NOTIFY; payloads over 8,000 bytes go through the table of
 * migration 0009). It gets its own small pool rather than the request pool: its LISTEN connection is
 * held for the process's life, and fan-out must not queue behind request queries (nor they behind it).
 * A node alone on the database keeps its broadcasts to itself (peerWatch.ts).
 */
export function createPostgresClusterAdapter(
  options: PostgresClusterAdapterOptions,
): PostgresClusterAdapter {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: ADAPTER_POOL_MAX,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Its LISTEN connection only reads: without probes a vanished peer would leave it deaf for good.
    keepAlive: true,
    keepAliveInitialDelayMillis: DB_KEEPALIVE_DELAY_MS,
  });
  pool.on('error', () => undefined); // an idle client's error; the next use reconnects
  let ended = false;
  const isEnded = (): boolean => ended;
  // The LISTEN connections checked out of the pool and not yet given back.
  const held = new Set<ListenClient>();
  const callbacks: ((missed: boolean) => void)[] = [];
  // The namespace adapters created (one per namespace), to tell whether this node was alone.
  const instances: AloneNow[] = [];
  // Whether a LISTEN connection was lost, since the last LISTEN, while this node was not alone.
  let missed = false;
  let resolveListening = (): void => undefined;
  const listening = new Promise<void>((resolve) => {
    resolveListening = resolve;
  });
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS;
  // Broadcasts skip the NOTIFY while no other node is on the database (peerWatch.ts).
  const peers = createPeerWatch(2 * heartbeatIntervalMs, options.clock);
  const onListen = (): void => {
    const missedBroadcasts = missed;
    missed = false;
    peers.listened();
    resolveListening();
    for (const callback of callbacks) callback(missedBroadcasts);
  };
  // What the adapter uses of pg.Pool: connect() for its LISTEN connection, query() for NOTIFY.
  const adapterPool = {
    async connect(): Promise<ListenClient> {
      if (ended) return parked();
      const client = await pool.connect();
      if (isEnded()) {
        client.release();
        return parked();
      }
      const listenClient = new ListenClient(client, onListen, options.log, (released) => {
        held.delete(released);
        // A node alone when its connection went (it had listened past the heartbeat timeout and
        // heard no other node) misses nothing: its broadcasts reach its own sockets either way.
        if (!instances.every((instance) => instance.aloneNow())) missed = true;
        peers.lost();
      });
      held.add(listenClient);
      return listenClient;
    },
    // The NOTIFYs of one event-loop turn go as one statement (notifyBatcher.ts).
    query: batchedNotifyQuery((text, values) =>
      ended ? Promise.reject(new Error('realtime adapter closed')) : pool.query(text, values),
    ),
  };
  const createNamespaceAdapter = createAdapter(adapterPool as unknown as pg.Pool, {
    heartbeatInterval: heartbeatIntervalMs,
    heartbeatTimeout: 2 * heartbeatIntervalMs,
    errorHandler: (error: Error) => {
      if (!ended) options.log.warn({ err: error }, 'realtime: adapter error');
    },
  });
  // socket.io calls `new adapter(nsp)`: a function, not an arrow, answering the patched instance.
  const adapter = function namespaceAdapter(nsp: unknown) {
    const instance = publishOnlyToPeers(createNamespaceAdapter(nsp), peers);
    instances.push(instance);
    return instance;
  } as PostgresClusterAdapter['adapter'];
  return {
    adapter,
    listening,
    onListening: (callback) => {
      callbacks.push(callback);
    },
    end: async () => {
      ended = true;
      // The adapter's close() releases its LISTEN connection only once set up: one still sending
      // LISTEN when the server closes (a signal right after the start) would be held for ever, and
      // pool.end() waits for every checked-out connection.
      for (const client of [...held]) client.destroy();
      await pool.end();
    },
  };
}
