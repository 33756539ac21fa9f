import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { firstValueFrom, filter, map, Subject } from 'rxjs';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody } from '../../../src/api/errors';
import {
  SocketInit,
  type EntityChanges,
  type SocketCommand,
  type TelemetryWearerUpdate,
} from '../../../src/api/socket';
import { socket$, type SocketEvent } from '../../../src/streams/socket';
import {
  createMemberTokenService,
  lazyMemberTokenService,
  loadMemberTokenSecret,
  MEMBER_TOKEN_TTL_S,
} from '../../../server/authHost/memberTokens';
import { openDb, type Db } from '../../../server/db/database';
import { isAllowedOrigin } from '../../../server/realtime/originPolicy';
import { realtimePlugin } from '../../../server/realtime/realtimePlugin';
import type { ShareTokenVerifier } from '../../../server/realtime/shareAccess';
import { listen } from './identity/identityKit';
import { memberIntegrationToken } from './signedUpMember';
import { connectProbe, EVENT_TIMEOUT_MS, Probe } from './socketProbe';
import {
  buildTestServer,
  createTestDatabase,
  testConfig,
  type TestDatabase,
  bareTestApp,
} from './testServer';

const VERIFY_URL = '/api/member-integration-public/verify-socket-user';

const probes: Probe[] = [];

/** Connects a websocket to `origin` as src/streams/socket.ts does, without reconnection. */
function connect(origin: string): Promise<Probe> {
  return connectProbe(origin, probes);
}

async function verify(app: FastifyInstance, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: VERIFY_URL, payload: body });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

function telemetry(wearerId: number, activityId: number | null): TelemetryWearerUpdate {
  return {
    WearerID: wearerId,
    ActivityId: activityId,
    Points: [{ Time: Date.now(), X: 5.7331, Y: 58.9699, Hacc: 4, Alt: 12, Speed: 1.2 }],
    Battery: 81,
    Status: 'ACTIVE',
    Heading: 270,
  };
}

async function insertActivity(db: Db, memberId: number): Promise<number> {
  const { rows } = await sql<{ activity_id: number }>`
    insert into activities (member_id, activity_type, status, timestamp_start_ms)
    values (${memberId}, 'HIKING', 'ACTIVE', ${Date.now()})
    returning activity_id
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error('no activity inserted');
  return row.activity_id;
}

async function memberIdOf(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select('member_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.member_id;
}

let database: TestDatabase;
/** Node A and node B: two servers on one database, as two processes behind a load balancer. */
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
let dbB: Db;
let originA = '';
let originB = '';
const token = { alice: '', bob: '' };
const member = { alice: 0, bob: 0 };
const activity = { alice: 0, bob: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  nodeA = await buildTestServer(database.db);
  originA = await listen(nodeA);
  dbB = openDb({ url: database.url, max: 4 });
  nodeB = await buildTestServer(dbB);
  originB = await listen(nodeB);
  for (const name of ['alice', 'bob'] as const) {
    const email = `${name}@example.com`;
    token[name] = await memberIntegrationToken(nodeA, database.db, originA, email);
    member[name] = await memberIdOf(database.db, email);
    activity[name] = await insertActivity(database.db, member[name]);
  }
});

afterAll(async () => {
  for (const probe of probes) probe.close();
  await nodeA.close();
  await nodeB.close();
  await dbB.destroy();
  await database.drop();
});

describe('connection (spec app §4 Socket connection, §7 Realtime)', () => {
  it('sends SocketInit on connect; an unverified socket is in no room and hears nothing else', async () => {
    const before = Date.now();
    const unverified = await connect(originA);
    const init = SocketInit.parse(unverified.received('SocketInit')[0]);
    expect(init.ServerStartTimestamp).toBeLessThanOrEqual(before);
    expect(init.ServerTimestamp).toBeGreaterThanOrEqual(before);
    expect(init.ServerTimestamp).toBeLessThanOrEqual(Date.now());
    expect(await nodeA.realtime.roomsOf(unverified.id)).toEqual([unverified.id]);

    const alice = await connect(originA);
    expect(
      await verify(nodeA, { MemberIntegrationToken: token.alice, SocketID: alice.id }),
    ).toEqual({ status: 200, body: { Success: true } });
    expect(nodeA.realtime.publishTelemetry(member.alice, telemetry(member.alice, null))).toBe(true);
    await alice.nth('TelemetryWearerUpdate', 1);
    // A WATCH by an unverified socket is ignored too.
    unverified.command({ Command: 'WATCH_ACTIVITY', ActivityId: activity.alice });
    await unverified.ping();
    expect(unverified.events.map((e) => e.event)).toEqual(['SocketInit', 'SocketInit']);
    expect(await nodeA.realtime.roomsOf(unverified.id)).toEqual([unverified.id]);
  });

  it('works with the app socket stream src/streams/socket.ts', async () => {
    const commands$ = new Subject<SocketCommand>();
    const events: SocketEvent[] = [];
    const stream = socket$({
      url: originA,
      reconnectionAttempts: 1,
      reconnectionDelayMs: 1_000,
      reconnectionDelayMaxMs: 5_000,
      commands$,
    });
    const seen = new Subject<SocketEvent>();
    const subscription = stream.subscribe((event) => {
      events.push(event);
      seen.next(event);
    });
    try {
      const socketId = await firstValueFrom(
        seen.pipe(
          map((e) => (e.kind === 'state' && e.state === 'connected' ? e.socketId : null)),
          filter((id): id is string => id !== null),
        ),
      );
      const verified = await verify(nodeA, {
        MemberIntegrationToken: token.alice,
        SocketID: socketId,
      });
      expect(verified.body).toEqual({ Success: true });
      const update = telemetry(member.alice, activity.alice);
      const arrived = firstValueFrom(seen.pipe(filter((e) => e.kind !== 'state')));
      nodeA.realtime.publishTelemetry(member.alice, update);
      expect(await arrived).toEqual({ kind: 'TelemetryWearerUpdate', payload: update });
      const pong = firstValueFrom(seen.pipe(filter((e) => e.kind === 'SocketInit')));
      commands$.next({ Command: 'PING' });
      expect((await pong).kind).toBe('SocketInit');
      expect(events.filter((e) => e.kind === 'invalid')).toEqual([]);
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('POST verify-socket-user (spec app §7; ARCHITECTURE.md §5)', () => {
  it("joins the member's room: its telemetry arrives within 1 s, and nothing reaches another member", async () => {
    const alice = await connect(originA);
    const bob = await connect(originA);
    expect(
      (await verify(nodeA, { MemberIntegrationToken: token.alice, SocketID: alice.id })).body,
    ).toEqual({ Success: true });
    expect(
      (await verify(nodeA, { MemberIntegrationToken: token.bob, SocketID: bob.id })).body,
    ).toEqual({ Success: true });
    expect(await nodeA.realtime.roomsOf(alice.id)).toEqual([alice.id, `member:${member.alice}`]);

    const update = telemetry(member.alice, activity.alice);
    expect(nodeA.realtime.publishTelemetry(member.alice, update)).toBe(true);
    expect(await alice.nth('TelemetryWearerUpdate', 1)).toEqual(update);

    const changes: EntityChanges = [
      {
        EntityType: 'Activity',
        EntityId: activity.alice,
        ChangeType: 'updated',
        Timestamp: Date.now(),
        ActivityId: activity.alice,
      },
    ];
    expect(nodeA.realtime.publishEntityChanges(member.alice, changes)).toBe(true);
    expect(await alice.nth('EntityChanges', 1)).toEqual(changes);

    await bob.ping();
    expect(bob.received('TelemetryWearerUpdate')).toEqual([]);
    expect(bob.received('EntityChanges')).toEqual([]);
  });

  it('answers 401 for an invalid or expired token, before touching the socket', async () => {
    const socket = await connect(originA);
    const [header, payload] = token.alice.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const invalid = await verify(nodeA, { MemberIntegrationToken: forged, SocketID: socket.id });
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual({
      ErrorCode: 'AUTH',
      Error: 'JWT Invalid',
    } satisfies ApiErrorBody);

    const past = Date.now() - 2 * MEMBER_TOKEN_TTL_S * 1_000;
    const stale = createMemberTokenService(await loadMemberTokenSecret(database.db), () => past);
    const expired = await verify(nodeA, {
      MemberIntegrationToken: await stale.issue({
        memberId: member.alice,
        wearerId: member.alice,
        clientId: 1,
        domainId: 'eu',
      }),
      SocketID: socket.id,
    });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ ErrorCode: 'AUTH' });
    expect(await nodeA.realtime.roomsOf(socket.id)).toEqual([socket.id]);
  });

  it('answers Success false for an unknown socket id and, until shares exist, a ShareToken', async () => {
    expect(
      await verify(nodeA, { MemberIntegrationToken: token.alice, SocketID: 'no-such-socket' }),
    ).toEqual({ status: 200, body: { Success: false } });
    const socket = await connect(originA);
    expect(await verify(nodeA, { ShareToken: token.alice, SocketID: socket.id })).toEqual({
      status: 200,
      body: { Success: false },
    });
    expect(await nodeA.realtime.roomsOf(socket.id)).toEqual([socket.id]);
    expect((await verify(nodeA, { SocketID: socket.id })).status).toBe(400);
  });

  it('moves a socket verified as another member out of the previous member’s rooms', async () => {
    const socket = await connect(originA);
    await verify(nodeA, { MemberIntegrationToken: token.alice, SocketID: socket.id });
    socket.command({ Command: 'WATCH_ACTIVITY', ActivityId: activity.alice });
    await socket.ping();
    expect(await nodeA.realtime.roomsOf(socket.id)).toContain(`activity:${activity.alice}`);
    await verify(nodeA, { MemberIntegrationToken: token.bob, SocketID: socket.id });
    expect(await nodeA.realtime.roomsOf(socket.id)).toEqual([socket.id, `member:${member.bob}`]);
  });
});

describe('SocketCommand (spec app §7 "accepts SocketCommand")', () => {
  it("watches only the verified member's own activities; bad payloads are ignored", async () => {
    const alice = await connect(originA);
    const bob = await connect(originA);
    await verify(nodeA, { MemberIntegrationToken: token.alice, SocketID: alice.id });
    await verify(nodeA, { MemberIntegrationToken: token.bob, SocketID: bob.id });

    alice.command({ Command: 'WATCH_ACTIVITY', ActivityId: activity.bob });
    alice.command({ Command: 'WATCH_ACTIVITY', ActivityId: activity.alice });
    alice.command({ Command: 'WATCH_ACTIVITY', ActivityId: -1 });
    alice.command({ Command: 'REBOOT' });
    alice.command('garbage');
    await alice.ping();
    expect(await nodeA.realtime.roomsOf(alice.id)).toEqual([
      alice.id,
      `member:${member.alice}`,
      `activity:${activity.alice}`,
    ]);

    nodeA.realtime.publishTelemetry(member.bob, telemetry(member.bob, activity.bob));
    await bob.nth('TelemetryWearerUpdate', 1);
    await alice.ping();
    expect(alice.received('TelemetryWearerUpdate')).toEqual([]);

    alice.command({ Command: 'UNWATCH_ACTIVITY', ActivityId: activity.alice });
    await alice.ping();
    expect(await nodeA.realtime.roomsOf(alice.id)).toEqual([alice.id, `member:${member.alice}`]);
  });
});

describe('publisher (app.realtime)', () => {
  it('sends nothing for a payload that breaks the contract or a bad member id', async () => {
    const alice = await connect(originA);
    await verify(nodeA, { MemberIntegrationToken: token.alice, SocketID: alice.id });
    const bad = { ...telemetry(member.alice, null), Battery: 150 };
    expect(nodeA.realtime.publishTelemetry(member.alice, bad)).toBe(false);
    expect(nodeA.realtime.publishTelemetry(0, telemetry(member.alice, null))).toBe(false);
    const badChanges = [{ EntityType: 'Nope', EntityId: 1, ChangeType: 'updated', Timestamp: 1 }];
    expect(
      nodeA.realtime.publishEntityChanges(member.alice, badChanges as unknown as EntityChanges),
    ).toBe(false);
    expect(nodeA.realtime.publishEntityChanges(member.alice, [])).toBe(true);
    await alice.ping();
    expect(alice.events.map((e) => e.event)).toEqual(['SocketInit', 'SocketInit']);
  });
});

describe('two server processes on one PostgreSQL (ARCHITECTURE.md §2)', () => {
  it('verifies a socket of node B through node A, and an update published on A reaches it', async () => {
    await Promise.all([nodeA.realtime.ready(), nodeB.realtime.ready()]);
    await vi.waitFor(
      async () => {
        expect(await nodeA.realtime.serverCount()).toBe(2);
        expect(await nodeB.realtime.serverCount()).toBe(2);
      },
      { timeout: 5_000, interval: 20 },
    );
    const alice = await connect(originB);
    const bob = await connect(originB);
    expect(
      (await verify(nodeA, { MemberIntegrationToken: token.alice, SocketID: alice.id })).body,
    ).toEqual({ Success: true });
    expect(
      (await verify(nodeB, { MemberIntegrationToken: token.bob, SocketID: bob.id })).body,
    ).toEqual({ Success: true });
    expect(await nodeA.realtime.roomsOf(alice.id)).toEqual([alice.id, `member:${member.alice}`]);

    const update = telemetry(member.alice, activity.alice);
    nodeA.realtime.publishTelemetry(member.alice, update);
    expect(await alice.nth('TelemetryWearerUpdate', 1)).toEqual(update);
    await bob.ping();
    expect(bob.received('TelemetryWearerUpdate')).toEqual([]);

    // A socket of node A hears what node B publishes.
    const carol = await connect(originA);
    await verify(nodeB, { MemberIntegrationToken: token.bob, SocketID: carol.id });
    nodeB.realtime.publishTelemetry(member.bob, telemetry(member.bob, null));
    await carol.nth('TelemetryWearerUpdate', 1);
  });
});

describe('realtime plugin options', () => {
  const shareTokens: ShareTokenVerifier = {
    verify: (shareToken) => Promise.resolve(shareToken === token.bob ? { shareId: '7' } : null),
  };
  let app: FastifyInstance;
  let origin = '';

  beforeAll(async () => {
    app = bareTestApp();
    await app.register(realtimePlugin, {
      config: testConfig(),
      db: database.db,
      memberTokens: lazyMemberTokenService(() => loadMemberTokenSecret(database.db)),
      buildTimestamp: 1_795_000_000_000,
      serverStartTimestamp: 1_790_000_000_000,
      unverifiedTimeoutMs: 300,
      shareTokens,
    });
    origin = await listen(app);
  });

  afterAll(async () => {
    await app.close();
  });

  it('drops a socket left unverified past the timeout, and keeps a verified one', async () => {
    const verified = await connect(origin);
    const idle = await connect(origin);
    const init = SocketInit.parse(verified.received('SocketInit')[0]);
    expect(init).toMatchObject({
      ServerStartTimestamp: 1_790_000_000_000,
      BuildTimestamp: 1_795_000_000_000,
    });
    await verify(app, { MemberIntegrationToken: token.alice, SocketID: verified.id });
    const reason = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('the unverified socket was not dropped'));
      }, EVENT_TIMEOUT_MS);
      idle.socket.once('disconnect', (why) => {
        clearTimeout(timer);
        resolve(why);
      });
    });
    expect(reason).toBe('transport close');
    await verified.ping();
    expect(verified.socket.connected).toBe(true);
  });

  it('joins a share viewer to its share room through the ShareTokenVerifier seam', async () => {
    const viewer = await connect(origin);
    expect(await verify(app, { ShareToken: token.bob, SocketID: viewer.id })).toEqual({
      status: 200,
      body: { Success: true },
    });
    expect(await app.realtime.roomsOf(viewer.id)).toEqual([viewer.id, 'share:7']);
    expect((await verify(app, { ShareToken: token.alice, SocketID: viewer.id })).body).toEqual({
      Success: false,
    });
  });

  it.each([
    ['allows no Origin (a device, a test)', undefined, 'embedded', true],
    ['allows the public origin', 'http://127.0.0.1:8080', 'embedded', true],
    ['allows the Vite dev server', 'http://localhost:5173', 'embedded', true],
    ['allows IPv6 loopback', 'http://[::1]:4173', 'embedded', true],
    ['refuses a foreign origin', 'https://evil.example', 'embedded', false],
    ['refuses a loopback look-alike', 'http://localhost.evil.example', 'embedded', false],
    ['refuses an opaque origin', 'null', 'embedded', false],
    ['refuses loopback in production', 'http://localhost:5173', 'production', false],
    ['allows PUBLIC_URL in production', 'https://eu.lifeline.example', 'production', true],
  ] as const)('origin policy %s', (_name, origin, mode, allowed) => {
    const config = {
      ...testConfig({ PUBLIC_URL: 'https://eu.lifeline.example' }),
      ...(mode === 'production' ? { mode } : {}),
    };
    const local = testConfig();
    expect(isAllowedOrigin(origin, mode === 'production' ? config : local)).toBe(allowed);
  });

  it('refuses a handshake from a foreign browser origin', async () => {
    const socket = io(origin, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin: 'https://evil.example' },
    });
    const refused = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => {
        resolve(false);
      });
      socket.once('connect_error', () => {
        resolve(true);
      });
    });
    socket.disconnect();
    expect(refused).toBe(true);
  });
});
