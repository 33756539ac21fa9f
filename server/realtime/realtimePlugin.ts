import { ensureCookies } from '../http/cookies';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { SocketInit } from '../../src/api/socket';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { ServerConfig } from '../config';
import { connectionUrlOf, type Db } from '../db/database';
import { onConnection, UNVERIFIED_SOCKET_TIMEOUT_MS } from './connection';
import type { RealtimeServer } from './events';
import { locateSocket } from './locateSocket';
import { isAllowedOrigin } from './originPolicy';
import { createPostgresClusterAdapter } from './postgresAdapter';
import { createPublisher, type RealtimePublisher } from './publisher';
import { socketAudience } from './audience';
import {
  registerSocketVerifyRateLimit,
  type SocketVerifyRateLimits,
} from '../shares/shareRateLimit';
import type { ShareTokenVerifier } from './shareAccess';
import { disconnectShareViewers } from './shareDisconnect';
import { registerVerifySocketUser } from './verifySocketUserRoute';

/** Where socket.io listens on the domain server (src/streams/socket.ts connects there). */
export const SOCKET_PATH = '/socket.io';
/** Largest message a client may send, bytes: SocketCommands are tiny. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime server's publisher and diagnostics (server/realtime/realtimePlugin.ts). */
    realtime: Realtime;
  }
}

/** `app.realtime`: publishing to sockets, plus what tests and operators ask of the cluster. */
export interface Realtime extends RealtimePublisher {
  /** Resolves once this node hears the other nodes (its LISTEN is up); at once with no adapter. */
  ready(): Promise<void>;
  /** Server nodes this node knows of, itself included (1 with no adapter). */
  serverCount(): Promise<number>;
  /** The rooms of socket `socketId` on whichever node holds it; null when none does. */
  roomsOf(socketId: string): Promise<string[] | null>;
  /**
   * Ends the live viewing of share `shareId` on every node, after its revocation committed: its
   * single-share viewers are disconnected, a socket watching other shares too only leaves this one's
   * rooms (server/realtime/shareDisconnect.ts).
   */
  disconnectShare(shareId: string): Promise<void>;
}

/** Options of {@link realtimePlugin}. */
export interface RealtimePluginOptions {
  readonly config: ServerConfig;
  /** The database: activity ownership, and the adapter's URL (see `connectionUrlOf`). */
  readonly db: Db;
  readonly memberTokens: MemberTokenService;
  /** The served SPA build's timestamp (epoch ms), null when none; sent in SocketInit. */
  readonly buildTimestamp: number | null;
  /** Verifies share tokens (server/shares/shareTokenVerifier.ts); without it none verifies. */
  readonly shareTokens?: ShareTokenVerifier;
  /** Unverified sockets are dropped after this many ms; default {@link UNVERIFIED_SOCKET_TIMEOUT_MS}. */
  readonly unverifiedTimeoutMs?: number;
  /** SocketInit's ServerStartTimestamp, epoch ms; default this process's start. */
  readonly serverStartTimestamp?: number;
  /** Heartbeat between server nodes, ms; default the adapter's 5,000. */
  readonly heartbeatIntervalMs?: number;
  /** verify-socket-user's budgets (server/shares/shareRateLimit.ts); defaults there. */
  readonly verifyRateLimit?: Partial<SocketVerifyRateLimits>;
}

function realtime(
  app: FastifyInstance,
  options: RealtimePluginOptions,
  done: (error?: Error) => void,
): void {
  const url = connectionUrlOf(options.db);
  const cluster = url
    ? createPostgresClusterAdapter({
        url,
        log: app.log,
        ...(options.heartbeatIntervalMs === undefined
          ? {}
          : { heartbeatIntervalMs: options.heartbeatIntervalMs }),
      })
    : null;
  if (!cluster) app.log.warn('realtime: no database URL; broadcasts stay in this process');
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    allowRequest: (request, callback) => {
      callback(null, isAllowedOrigin(request.headers.origin, options.config));
    },
    ...(cluster ? { adapter: cluster.adapter } : {}),
  });
  // Announce this node again once it can hear the answers, so it learns of every other node now
  // rather than at their next heartbeat (verify-socket-user finds remote sockets only on known nodes).
  cluster?.onListening((missed) => {
    void io.of('/').adapter.init();
    // Listening again after a lost connection: what other nodes broadcast meanwhile (a new alert, a
    // resolve, fixes) never reached this node's sockets. Each one's transport is closed, as a network
    // drop would: the client reconnects on its own, verifies again and reloads what it shows (the
    // member's activities, a shared view, the monitor's cards), so no guardian keeps a view that
    // missed an alert. Not a server-side disconnect, which a client takes as final (a revoked share).
    if (missed) {
      app.log.warn(
        'realtime: listening again after a lost connection; clients reconnect to resync',
      );
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
    }
  });

  const serverStartTimestamp = options.serverStartTimestamp ?? Math.round(performance.timeOrigin);
  const socketInit = (): SocketInit => ({
    ServerStartTimestamp: serverStartTimestamp,
    BuildTimestamp: options.buildTimestamp,
    ServerTimestamp: Date.now(),
  });
  io.on('connection', (socket) => {
    onConnection(socket, {
      db: options.db,
      log: app.log,
      socketInit,
      signedShareId: async (token) => (await options.shareTokens?.signedShareId?.(token)) ?? null,
      unverifiedTimeoutMs: options.unverifiedTimeoutMs ?? UNVERIFIED_SOCKET_TIMEOUT_MS,
    });
  });

  void ensureCookies(app);
  // verify-socket-user in a scope of its own, with its rate limit (server/shares/shareRateLimit.ts).
  void app.register(async (scope) => {
    const shareTokens = options.shareTokens;
    await registerSocketVerifyRateLimit(
      scope,
      async (token) => (await shareTokens?.signedShareId?.(token)) ?? null,
      options.verifyRateLimit,
    );
    registerVerifySocketUser(scope, {
      io,
      memberTokens: options.memberTokens,
      shareTokens,
    });
  });

  const realtimeApi: Realtime = {
    // Events no socket on any node can hear are skipped (audience.ts).
    ...createPublisher(
      io,
      app.log,
      socketAudience(() => io.of('/').adapter),
    ),
    ready: () => cluster?.listening ?? Promise.resolve(),
    serverCount: () => io.of('/').adapter.serverCount(),
    roomsOf: async (socketId) => {
      const socket = await locateSocket(io, socketId);
      return socket ? [...socket.rooms] : null;
    },
    disconnectShare: (shareId) => disconnectShareViewers(io, options.db, shareId),
  };
  app.decorate('realtime', realtimeApi);

  // Close the websockets before Fastify closes its HTTP server (which waits for every connection);
  // without a disconnect packet, so clients reconnect, e.g. to another node in a rolling restart.
  app.addHook('preClose', () => {
    io.engine.close();
    return Promise.resolve();
  });
  // Then leave the cluster (peers drop this node at once) and end the adapter's pool, before the
  // caller destroys the request pool and drops or stops the database.
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    await cluster?.end();
  });
  done();
}

/**
 * The realtime server (ARCHITECTURE.md §1, §2, §5; spec app §4 "Socket connection", §7 "Realtime"):
 * socket.io on Fastify's HTTP server at `/socket.io`, websocket transport only, handshakes limited by
 * `isAllowedOrigin` (server/realtime/originPolicy.ts); SocketInit on every connection; rooms joined
 * only through POST verify-socket-user (server/realtime/verifySocketUserRoute.ts); SocketCommand
 * handling (server/realtime/commands.ts); broadcasts across server processes through the PostgreSQL
 * adapter (server/realtime/postgresAdapter.ts) when the database was opened by `openDb`, else in this
 * process only. Decorates the app with `realtime` ({@link Realtime}); not encapsulated (Fastify's
 * `skip-override`), so the decorator and the route reach the root instance.
 */
export const realtimePlugin = Object.assign(realtime, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'lifeline-realtime',
});
