import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  lazyMemberTokenService,
  loadMemberTokenSecret,
} from '../../../server/authHost/memberTokens';
import { openDb, type Db } from '../../../server/db/database';
import { realtimePlugin } from '../../../server/realtime/realtimePlugin';
import { listen } from './identity/identityKit';
import { connectProbe, EVENT_TIMEOUT_MS, type Probe } from './socketProbe';
import { bareTestApp, createTestDatabase, testConfig, type TestDatabase } from './testServer';

/*
 * A node whose LISTEN connection to PostgreSQL was lost misses what other nodes broadcast until it
 * listens again (server/realtime/postgresAdapter.ts). Listening again, it closes its sockets'
 * transports, so each client reconnects, verifies again and reloads what it shows; a node alone on
 * the database missed nothing and leaves its sockets be (server/realtime/realtimePlugin.ts).
 */

/** The adapter's heartbeat in these tests, ms: a node alone is known alone after twice this. */
const HEARTBEAT_MS = 200;

const probes: Probe[] = [];
let database: TestDatabase;
const opened: { app: FastifyInstance; db: Db }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const probe of probes) probe.close();
  for (const { app, db } of opened) {
    await app.close();
    await db.destroy();
  }
  await database.drop();
});

/** A server process with only the realtime plugin, on the test database; answers its origin. */
async function startNode(): Promise<{ app: FastifyInstance; origin: string }> {
  const db = openDb({ url: database.url, max: 2 });
  const app = bareTestApp();
  await app.register(realtimePlugin, {
    config: testConfig({ DATABASE_URL: database.url }),
    db,
    memberTokens: lazyMemberTokenService(() => loadMemberTokenSecret(db)),
    buildTimestamp: 1_795_000_000_000,
    heartbeatIntervalMs: HEARTBEAT_MS,
  });
  opened.push({ app, db });
  const origin = await listen(app);
  await app.realtime.ready();
  return { app, origin };
}

/** The process ids of the database's LISTEN connections (one per node). */
async function listeners(): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where datname = current_database() and query like 'LISTEN %' and state = 'idle'
    order by pid`.execute(database.db);
  return rows.map((row) => row.pid);
}

/** Ends every LISTEN connection, as a PostgreSQL restart or a dead network would, and waits until
 * `nodes` listen again on new ones. */
async function cutListenConnections(nodes: number): Promise<void> {
  const before = await listeners();
  expect(before).toHaveLength(nodes);
  await sql`select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and query like 'LISTEN %'`.execute(database.db);
  await vi.waitFor(
    async () => {
      const now = await listeners();
      expect(now).toHaveLength(nodes);
      expect(now.some((pid) => before.includes(pid))).toBe(false);
    },
    { timeout: 4 * EVENT_TIMEOUT_MS, interval: 50 },
  );
}

/** Resolves with the reason of `probe`'s next disconnect, or null when none came within `ms`. */
function nextDisconnect(probe: Probe, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(null);
    }, ms);
    probe.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('a lost LISTEN connection (ARCHITECTURE.md §2)', () => {
  it('alone on the database, the node keeps its sockets when it listens again', async () => {
    const { origin } = await startNode();
    // Alone once it has listened past the heartbeat timeout.
    await new Promise((resolve) => setTimeout(resolve, 3 * HEARTBEAT_MS));
    const viewer = await connectProbe(origin, probes);
    const disconnect = nextDisconnect(viewer, 4 * EVENT_TIMEOUT_MS);
    await cutListenConnections(1);
    await viewer.ping();
    expect(viewer.socket.connected).toBe(true);
    viewer.close();
    expect(await disconnect).toBe('io client disconnect');
  });

  it('with another node on the database, its sockets reconnect to catch up', async () => {
    const second = await startNode();
    await vi.waitFor(
      async () => {
        expect(await second.app.realtime.serverCount()).toBe(2);
      },
      { timeout: EVENT_TIMEOUT_MS, interval: 20 },
    );
    const viewer = await connectProbe(second.origin, probes);
    const disconnect = nextDisconnect(viewer, 4 * EVENT_TIMEOUT_MS);
    await cutListenConnections(2);
    // "transport close": the reason a socket.io client reconnects on its own after.
    expect(await disconnect).toBe('transport close');
  });
});
