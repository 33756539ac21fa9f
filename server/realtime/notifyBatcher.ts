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
 * A pool `query` for the socket.io PostgreSQL adapter that sends its NOTIFYs as few statements,
 * `SELECT pg_notify($1, $2), pg_notify($3, $4), …`, one at a time, in the order they were asked
 * (ARCHITECTURE.md §2; docs/decisions.md "Ingest throughput"). The adapter publishes each broadcast
 * with its own round trip, and on this machine a round trip costs more than the statement. The
 * NOTIFYs asked for in one turn of the event loop go together (a group of ingest requests committed
 * together publishes its TelemetryWearerUpdates in one statement); while a statement is in flight,
 * the ones asked for meanwhile wait and go together as soon as it is answered, so a busy server
 * sends fewer, larger statements and an idle one adds no delay. One statement at a time also keeps
 * the order across statements (statements on different pool connections could commit in either
 * order). Listeners get the same notifications, in the same order: PostgreSQL delivers a statement's
 * notifications in the order they were sent. (It also drops a repeat of the same payload on the same
 * channel within one transaction; the adapter's messages differ, each carrying its own packet.) Each
 * caller's promise settles with its statement's outcome, at most {@link NOTIFY_BATCH_MAX} per
 * statement; a failed statement fails only its own callers. Any other statement goes to `query` at
 * once.
 */
export function batchedNotifyQuery(query: QueryFn): QueryFn {
  const pending: PendingNotify[] = [];
  let sending = false;
  let scheduled = false;
  const send = (): void => {
    scheduled = false;
    if (sending || pending.length === 0) return;
    const part = pending.splice(0, NOTIFY_BATCH_MAX);
    const calls = part.map((_, i) => `pg_notify($${String(2 * i + 1)}, $${String(2 * i + 2)})`);
    const values = part.flatMap((notify) => [notify.channel, notify.payload]);
    sending = true;
    const settle = (): void => {
      sending = false;
      send();
    };
    query(`SELECT ${calls.join(', ')}`, values).then(
      (result) => {
        for (const notify of part) notify.resolve(result);
        settle();
      },
      (error: unknown) => {
        for (const notify of part) notify.reject(error);
        settle();
      },
    );
  };
  return (text, values) => {
    if (text !== ADAPTER_NOTIFY_SQL || values?.length !== 2) return query(text, values);
    return new Promise((resolve, reject) => {
      pending.push({ channel: values[0], payload: values[1], resolve, reject });
      if (sending || scheduled) return;
      scheduled = true;
      setImmediate(send);
    });
  };
}
