import { describe, expect, it, vi } from 'vitest';
import {
  ADAPTER_NOTIFY_SQL,
  batchedNotifyQuery,
  NOTIFY_BATCH_MAX,
} from '../../../server/realtime/notifyBatcher';

/** Lets the pending setImmediate flush run. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedNotifyQuery: the adapter NOTIFYs go as few statements, one at a time', () => {
  it('sends the turn’s NOTIFYs in one SELECT, in the order asked, and settles every caller', async () => {
    const query = vi.fn((_text: string, _values?: unknown[]) => Promise.resolve({ rowCount: 1 }));
    const batched = batchedNotifyQuery(query);
    const calls = [
      batched(ADAPTER_NOTIFY_SQL, ['socket.io#/', '{"a":1}']),
      batched(ADAPTER_NOTIFY_SQL, ['socket.io#/', '{"b":2}']),
      batched(ADAPTER_NOTIFY_SQL, ['socket.io#/other', '{"c":3}']),
    ];
    expect(query).not.toHaveBeenCalled();
    await expect(Promise.all(calls)).resolves.toHaveLength(3);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query).toHaveBeenCalledWith(
      'SELECT pg_notify($1, $2), pg_notify($3, $4), pg_notify($5, $6)',
      ['socket.io#/', '{"a":1}', 'socket.io#/', '{"b":2}', 'socket.io#/other', '{"c":3}'],
    );
    // A later turn makes a statement of its own.
    await batched(ADAPTER_NOTIFY_SQL, ['socket.io#/', '{"d":4}']);
    expect(query).toHaveBeenLastCalledWith('SELECT pg_notify($1, $2)', ['socket.io#/', '{"d":4}']);
  });

  it('holds the NOTIFYs asked for while a statement is in flight and sends them together after it', async () => {
    const answers: (() => void)[] = [];
    const query = vi.fn(
      (_text: string, _values?: unknown[]) =>
        new Promise((resolve) => {
          answers.push(() => {
            resolve({});
          });
        }),
    );
    const batched = batchedNotifyQuery(query);
    const first = batched(ADAPTER_NOTIFY_SQL, ['ch', '1']);
    await nextTurn();
    expect(query).toHaveBeenCalledTimes(1);
    // Asked in later turns while the first statement is unanswered: nothing is sent yet.
    const waiting = [batched(ADAPTER_NOTIFY_SQL, ['ch', '2'])];
    await nextTurn();
    waiting.push(batched(ADAPTER_NOTIFY_SQL, ['ch', '3']));
    await nextTurn();
    expect(query).toHaveBeenCalledTimes(1);
    answers[0]?.();
    await first;
    expect(query).toHaveBeenCalledTimes(2);
    expect(query).toHaveBeenLastCalledWith('SELECT pg_notify($1, $2), pg_notify($3, $4)', [
      'ch',
      '2',
      'ch',
      '3',
    ]);
    answers[1]?.();
    await expect(Promise.all(waiting)).resolves.toHaveLength(2);
  });

  it('passes any other statement through at once', async () => {
    const query = vi.fn(() => Promise.resolve({ rows: [{ id: 7 }] }));
    const batched = batchedNotifyQuery(query);
    const sql = 'INSERT INTO socket_io_attachments (payload) VALUES ($1) RETURNING id;';
    await expect(batched(sql, ['x'])).resolves.toEqual({ rows: [{ id: 7 }] });
    expect(query).toHaveBeenCalledWith(sql, ['x']);
  });

  it(`splits a turn of more than ${String(NOTIFY_BATCH_MAX)} into statements of at most that many`, async () => {
    const query = vi.fn((_text: string, _values?: unknown[]) => Promise.resolve({}));
    const batched = batchedNotifyQuery(query);
    const count = 2 * NOTIFY_BATCH_MAX + 1;
    await Promise.all(
      Array.from({ length: count }, (_, i) => batched(ADAPTER_NOTIFY_SQL, ['ch', String(i)])),
    );
    expect(query.mock.calls.map(([, values]) => (values?.length ?? 0) / 2)).toEqual([
      NOTIFY_BATCH_MAX,
      NOTIFY_BATCH_MAX,
      1,
    ]);
    const payloads = query.mock.calls.flatMap(([, values]) =>
      (values ?? []).filter((_, i) => i % 2 === 1),
    );
    expect(payloads).toEqual(Array.from({ length: count }, (_, i) => String(i)));
  });

  it('rejects every caller of a statement that failed, and the next turn starts afresh', async () => {
    const query = vi
      .fn((_text: string, _values?: unknown[]) => Promise.resolve({}))
      .mockRejectedValueOnce(new Error('connection lost'));
    const batched = batchedNotifyQuery(query);
    const failed = [
      batched(ADAPTER_NOTIFY_SQL, ['ch', '1']),
      batched(ADAPTER_NOTIFY_SQL, ['ch', '2']),
    ];
    await expect(failed[0]).rejects.toThrow('connection lost');
    await expect(failed[1]).rejects.toThrow('connection lost');
    await nextTurn();
    await expect(batched(ADAPTER_NOTIFY_SQL, ['ch', '3'])).resolves.toEqual({});
  });
});
