import { Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../server/db/database';
import { createTestDatabase, type TestDatabase } from './testServer';

/*
 * A PostgreSQL connection ended under a running query (a restart, a failover, a killed backend) fails
 * that query and nothing else (server/db/database.ts): the client's 'error' event, which pg emits
 * besides, is heard, so it is no uncaught exception (vitest fails a test run that has one, as Node
 * exits on one), and the next query gets a new connection.
 */

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = openDb({ url: database.url, max: 2 });
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('a database connection lost mid-query', () => {
  it('fails the query, not the process, and the pool reconnects', async () => {
    const outcome = db.connection().execute(async (connection) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
        connection,
      );
      const pid = rows[0]?.pid;
      // Another connection ends this one's backend while it sleeps in a query.
      const sleeping = sql`select pg_sleep(5)`.execute(connection);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`select pg_terminate_backend(${pid})`.execute(database.db);
      return sleeping;
    });
    await expect(outcome).rejects.toThrow();
    const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(db);
    expect(rows).toEqual([{ ok: 1 }]);
  });

  it('survives a connection that drops with no word from the server (a crash, the network)', async () => {
    const outcome = db.connection().execute(async (connection) => {
      const { rows } = await sql<{ port: number }>`select inet_client_port() as port`.execute(
        connection,
      );
      const sleeping = sql`select pg_sleep(5)`.execute(connection);
      // This process's end of that connection, cut as a dead network or a killed server would.
      const handles = (
        process as unknown as { _getActiveHandles(): unknown[] }
      )._getActiveHandles();
      const socket = handles.find(
        (handle): handle is Socket =>
          handle instanceof Socket && handle.localPort === rows[0]?.port,
      );
      expect(socket).toBeDefined();
      socket?.destroy();
      return sleeping;
    });
    await expect(outcome).rejects.toThrow(/Connection terminated/);
    const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(db);
    expect(rows).toEqual([{ ok: 1 }]);
  });
});
