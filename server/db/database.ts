import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { preparingPool } from './preparedStatements';
import type { Database } from './schema';

// int8 (bigint, bigserial) columns hold epoch milliseconds and ids, all far below 2^53: read them as
// numbers rather than pg's default strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The server's database handle: a Kysely query builder over one `pg` pool. */
export type Db = Kysely<Database>;

export interface DbOptions {
  /** `postgres://…` connection URL. */
  readonly url: string;
  /** Pool size; default 10. */
  readonly max?: number;
  /**
   * Whether statements run again and again become named prepared statements
   * (server/db/preparedStatements.ts); default true.
   */
  readonly prepare?: boolean;
}

// The URL each handle was opened with, for a component that needs its own connections to the same
// database (the realtime adapter's LISTEN connection, server/realtime/postgresAdapter.ts).
const URLS = new WeakMap<Db, string>();

/**
 * TCP keep-alive on every PostgreSQL connection: the first probe after this much silence, ms (the
 * system's default is two hours). A connection whose peer vanished without a word (a database host
 * that lost power, a NAT or firewall that dropped the flow) is otherwise held as if alive: a query
 * on it waits for TCP's retransmissions, and the realtime adapter's LISTEN connection, which only
 * ever reads, would stop hearing the other nodes for good. With probes it ends within minutes (the
 * system's probe interval and count), and the pool or the adapter opens a new one.
 */
export const DB_KEEPALIVE_DELAY_MS = 10_000;

/**
 * Opens a pooled connection to PostgreSQL (ARCHITECTURE.md §5: one `pg` pool everywhere). The pool
 * connects lazily; call {@link checkDb} to prove the server is reachable, `db.destroy()` to close it.
 */
export function openDb(options: DbOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: DB_KEEPALIVE_DELAY_MS,
  });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor a checked-out client's: pg-pool listens to a client's errors only while it is idle, and a
  // connection the server ends mid-query (a restart, a failover, a killed backend) makes the client
  // emit 'error' besides failing its query; unheard, that event is an uncaught exception and the
  // process exits. The query's own failure reaches its caller; the pool drops the broken client when
  // it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: options.prepare === false ? pool : preparingPool(pool) }),
  });
  URLS.set(db, options.url);
  return db;
}

/** The `postgres://…` URL `db` was opened with by {@link openDb}; undefined for any other handle. */
export function connectionUrlOf(db: Db): string | undefined {
  return URLS.get(db);
}

/** Runs a trivial query; rejects when the database is not reachable. */
export async function checkDb(db: Db): Promise<void> {
  await db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
}
