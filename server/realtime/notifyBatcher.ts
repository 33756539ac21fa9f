/** The statement @socket.io/postgres-adapter 0.5 publishes every cross-node message with (dist/util.js). */
export const ADAPTER_NOTIFY_SQL = 'SELECT pg_notify($1, $2)';

/**
 * Most `pg_notify` calls one statement carries. PostgreSQL allows 1,664 select-list entries; a
 * statement of 100 notifications of up to 8,000 bytes each stays under a megabyte.
 */
export const NOTIFY_BATCH_MAX = 100;

/** Runs one SQL statement with its parameters (a pg.Pool's `query`). */
export type QueryFn = (text: string, values?: unknown[]) => Promise<unknown>;

interface PendingNotify {
  readonly channel: unknown;
  readonly payload: unknown;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * A pool `query` for the socket.io PostgreSQL adapter that sends the NOTIFYs asked for in one turn of
 * the event loop as one statement, `SELECT pg_notify($1, $2), pg_notify($3, $4), …`, in the order
 * they were asked (ARCHITECTURE.md §2; docs/decisions.md "Ingest throughput"). The adapter publishes
 * each broadcast with its own round trip, and on this machine a round trip costs more than the
 * statement: a group of ingest requests committed together publishes its TelemetryWearerUpdates in
 * one. Listeners get the same notifications, in the same order: PostgreSQL delivers a statement's
 * notifications in the order they were sent. (It also drops a repeat of the same payload on the same
 * channel within one transaction; the adapter's messages differ, each carrying its own packet.) Each
 * caller's promise settles with the statement's outcome, at most {@link NOTIFY_BATCH_MAX} per
 * statement. Any other statement goes to `query` at once.
 */
export function batchedNotifyQuery(query: QueryFn): QueryFn {
  let pending: PendingNotify[] = [];
  const flush = (): void => {
    const batch = pending;
    pending = [];
    for (let start = 0; start < batch.length; start += NOTIFY_BATCH_MAX) {
      const part = batch.slice(start, start + NOTIFY_BATCH_MAX);
      const calls = part.map((_, i) => `pg_notify($${String(2 * i + 1)}, $${String(2 * i + 2)})`);
      const values = part.flatMap((notify) => [notify.channel, notify.payload]);
      query(`SELECT ${calls.join(', ')}`, values).then(
        (result) => {
          for (const notify of part) notify.resolve(result);
        },
        (error: unknown) => {
          for (const notify of part) notify.reject(error);
        },
      );
    }
  };
  return (text, values) => {
    if (text !== ADAPTER_NOTIFY_SQL || values?.length !== 2) return query(text, values);
    return new Promise((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ channel: values[0], payload: values[1], resolve, reject });
    });
  };
}
