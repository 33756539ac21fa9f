import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { Server } from 'socket.io';
import { MessageType } from 'socket.io-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresClusterAdapter } from '../../../server/realtime/postgresAdapter';
import { createTestDatabase, type TestDatabase } from './testServer';

/*
 * The cluster adapter's own pool (server/realtime/postgresAdapter.ts) ends, whatever state the
 * adapter's LISTEN connection is in when the server closes.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** Connections of this test database that sent LISTEN last (the adapter's LISTEN connection). */
async function listeningConnections(): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from pg_stat_activity
    where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()
  `.execute(database.db);
  return Number(rows[0]?.count ?? 0);
}

describe('the PostgreSQL cluster adapter ends its pool', () => {
  const log = Fastify({ logger: false }).log;

  it('after the server closed and the adapter released its LISTEN connection', async () => {
    const cluster = createPostgresClusterAdapter({ url: database.url, log });
    const io = new Server({ adapter: cluster.adapter });
    await cluster.listening;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await listeningConnections()).toBe(1);
    // As the realtime plugin's onClose: the namespace's adapter first, then the pool.
    await io.of('/').adapter.close();
    await cluster.end();
    // The backend leaves pg_stat_activity a moment after its client closed the connection.
    await expect.poll(listeningConnections).toBe(0);
  });

  it('when the server closed while the adapter was still sending LISTEN (a signal right after the start)', async () => {
    const cluster = createPostgresClusterAdapter({ url: database.url, log });
    const io = new Server({ adapter: cluster.adapter });
    // The namespace closes before its LISTEN connection is set up: the adapter has none to release
    // yet, and keeps the one it then sets up.
    await io.of('/').adapter.close();
    await cluster.listening;
    await new Promise((resolve) => setImmediate(resolve));
    // pool.end() waits for every checked-out connection: before the fix it never returned here.
    await cluster.end();
    await expect.poll(listeningConnections).toBe(0);
  });
});

describe('the PostgreSQL cluster adapter between two nodes', () => {
  const log = Fastify({ logger: false }).log;

  it('delivers every message one node sends in one turn (one NOTIFY statement), in order', async () => {
    const clusters = [0, 1].map(() => createPostgresClusterAdapter({ url: database.url, log }));
    const [sender, receiver] = clusters.map((cluster) => new Server({ adapter: cluster.adapter }));
    if (!sender || !receiver) throw new Error('two nodes');
    await Promise.all(clusters.map((cluster) => cluster.listening));
    const heard: number[] = [];
    receiver.on('tick', (n: number) => heard.push(n));
    for (let n = 0; n < 12; n += 1) sender.serverSideEmit('tick', n);
    await expect.poll(() => heard.length).toBe(12);
    expect(heard).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const io of [sender, receiver]) await io.of('/').adapter.close();
    for (const cluster of clusters) await cluster.end();
  });
});

/**
 * The cross-node messages of the database's socket.io channel, as another node would hear them: their
 * types (socket.io-adapter's MessageType), in order.
 */
async function channelObserver(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const types: MessageType[] = [];
  client.on('notification', (notification) => {
    types.push((JSON.parse(notification.payload ?? '{}') as { type: MessageType }).type);
  });
  await client.query('LISTEN "socket.io#/"');
  return { types, end: () => client.end() };
}

describe('a node alone on the database', () => {
  const log = Fastify({ logger: false }).log;
  const heartbeatIntervalMs = 200;

  /** A server node on the test database (its peer watch on `clock`), once it listens. */
  async function startNode(clock?: () => number) {
    const cluster = createPostgresClusterAdapter({
      url: database.url,
      log,
      heartbeatIntervalMs,
      ...(clock ? { clock } : {}),
    });
    const io = new Server({ adapter: cluster.adapter });
    await cluster.listening;
    return {
      io,
      close: async () => {
        await io.of('/').adapter.close();
        await cluster.end();
      },
    };
  }

  it('publishes its broadcasts only from the heartbeat timeout after it listened without another node heard', async () => {
    let nowMs = 1_000_000;
    const observer = await channelObserver(database.url);
    const node = await startNode(() => nowMs);
    const { io } = node;
    // A server-side emit always goes out: once it is heard, every broadcast before it was too.
    const broadcastThenMark = async (mark: number): Promise<void> => {
      io.to('member:1').emit('TelemetryWearerUpdate', {});
      io.serverSideEmit('mark', mark);
      await expect
        .poll(() => observer.types.filter((type) => type === MessageType.SERVER_SIDE_EMIT).length)
        .toBe(mark);
    };

    // Listening for less than the timeout (two heartbeat intervals): another node may be unheard yet.
    nowMs += 2 * heartbeatIntervalMs - 1;
    await broadcastThenMark(1);
    expect(observer.types.filter((type) => type === MessageType.BROADCAST)).toHaveLength(1);
    // From the timeout on, with no other node heard, a broadcast stays in this process.
    nowMs += 1;
    await broadcastThenMark(2);
    expect(observer.types.filter((type) => type === MessageType.BROADCAST)).toHaveLength(1);

    await node.close();
    await observer.end();
  });

  it('tells synchronously whether it is alone (aloneNow), as its broadcasts do', async () => {
    let nowMs = 1_000_000;
    const node = await startNode(() => nowMs);
    const adapter = node.io.of('/').adapter as unknown as { aloneNow(): boolean };
    expect(adapter.aloneNow()).toBe(false);
    nowMs += 2 * heartbeatIntervalMs;
    expect(adapter.aloneNow()).toBe(true);
    const other = await startNode();
    await expect.poll(() => adapter.aloneNow()).toBe(false);
    for (const each of [node, other]) await each.close();
  });

  it('publishes again as soon as another node announced itself', async () => {
    let nowMs = 1_000_000;
    const observer = await channelObserver(database.url);
    const sender = await startNode(() => nowMs);
    nowMs += 2 * heartbeatIntervalMs;
    const receiver = await startNode();
    await expect.poll(() => sender.io.of('/').adapter.serverCount()).toBe(2);

    sender.io.to('member:1').emit('TelemetryWearerUpdate', {});
    await expect
      .poll(() => observer.types.filter((type) => type === MessageType.BROADCAST).length)
      .toBe(1);

    for (const node of [sender, receiver]) await node.close();
    await observer.end();
  });
});
