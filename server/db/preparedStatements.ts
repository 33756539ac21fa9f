import type pg from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** When {@link preparingPool} names a statement. */
export interface PreparingOptions {
  /** Runs of one SQL text (in this process) after which it becomes a prepared statement; default 3. */
  readonly threshold?: number;
  /**
   * At most this many texts are ever named (each connection may then hold that many prepared
   * statements, and PostgreSQL each one's cached plan); later texts stay unnamed. Default 256.
   */
  readonly maxStatements?: number;
}

// Statements worth preparing: data statements. Transaction control and other utility statements
// (begin, commit, set …) are cheap to parse and are left alone.
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Whether a named statement's failure leaves its connection unable to run that statement again:
 * its result columns changed under it (a migration altered a table its `select *` reads: 0A000,
 * "cached plan must not change result type"), the server no longer has it (26000), or `pg` failed
 * before the server ran it (no SQLSTATE: a value it could not send), after which `pg` has closed the
 * statement on the server but still counts it as parsed on that connection.
 */
function leavesStatementStale(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '0A000' || code === '26000' || typeof code !== 'string';
}

/**
 * Whether a statement's failure means its connection is gone: the server ended the session (a
 * FATAL error: an administrator's or a shutdown's termination, 57P01–57P03, or a connection
 * exception, class 08) or the socket closed ("Connection terminated"). The server's error reaches
 * the query before the socket's end reaches the client, so without this the connection would go
 * back to the pool alive in `pg`'s eyes and fail the next query too.
 */
function endsConnection(error: unknown): boolean {
  const { code, severity, message } = (error ?? {}) as {
    code?: unknown;
    severity?: unknown;
    message?: unknown;
  };
  return (
    severity === 'FATAL' ||
    (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P'))) ||
    (typeof message === 'string' && message.startsWith('Connection terminated'))
  );
}

/**
 * Wraps a `pg` pool for Kysely's PostgresDialect so that the SQL texts this process runs again and
 * again are sent as named prepared statements: PostgreSQL then parses each once per connection and
 * may reuse its plan, where an unnamed statement is parsed, analysed and planned on every run (the
 * device ingest runs the same few statements thousands of times a second: docs/decisions.md "Ingest
 * throughput"). A text is named once it ran `threshold` times, with a name of its own (`k1`, `k2`
 * …, one text per name, for every connection), up to `maxStatements` texts; `pg` parses a named
 * statement on a connection the first time that connection runs it. Cursors and texts that are not
 * data statements pass through unchanged. Results are those of the unnamed statement, with one
 * difference: a statement prepared before a table it reads changed shape (`select *` across a
 * migration by another process) fails once on each connection that prepared it, which is then
 * closed on release ({@link leavesStatementStale}); its next run prepares it afresh.
 */
export function preparingPool(pool: pg.Pool, options: PreparingOptions = {}): PostgresPool {
  const threshold = options.threshold ?? 3;
  const maxStatements = options.maxStatements ?? 256;
  const runs = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const named = names.get(text);
    if (named !== undefined) return named;
    if (names.size >= maxStatements || !DATA_STATEMENT.test(text)) return undefined;
    const count = (runs.get(text) ?? 0) + 1;
    if (count < threshold) {
      // Bounded like the names: past this many candidates, counting stops too.
      if (runs.size < maxStatements * 16 || runs.has(text)) runs.set(text, count);
      return undefined;
    }
    runs.delete(text);
    const name = `k${String(names.size + 1)}`;
    names.set(text, name);
    return name;
  };
  // One wrapper per pooled client: Kysely keeps its connection objects in a WeakMap by client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const known = wrappers.get(client);
    if (known) return known;
    function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sqlOrCursor: string | PostgresCursor<R>,
      parameters?: readonly unknown[],
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof sqlOrCursor !== 'string') {
        // Kysely's cursor is pg-cursor, a pg Submittable; the query answers it.
        return client.query(
          sqlOrCursor as unknown as pg.Submittable,
        ) as unknown as PostgresCursor<R>;
      }
      const values = parameters ? [...parameters] : [];
      const name = nameOf(sqlOrCursor);
      if (name === undefined) {
        return client.query(sqlOrCursor, values).catch((error: unknown) => {
          // A connection the server ended is closed when released, not pooled again.
          if (endsConnection(error)) stale = true;
          throw error;
        }) as unknown as Promise<PostgresQueryResult<R>>;
      }
      return client.query({ name, text: sqlOrCursor, values }).catch((error: unknown) => {
        // The connection is closed when released, so the next run parses afresh on another.
        if (leavesStatementStale(error) || endsConnection(error)) stale = true;
        throw error;
      }) as unknown as Promise<PostgresQueryResult<R>>;
    }
    let stale = false;
    const wrapper: PostgresPoolClient = {
      query,
      release: () => {
        client.release(stale);
      },
    };
    wrappers.set(client, wrapper);
    return wrapper;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
