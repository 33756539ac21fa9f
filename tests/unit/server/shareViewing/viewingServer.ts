import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  lazyMemberTokenService,
  loadMemberTokenSecret,
} from '../../../../server/authHost/memberTokens';
import { realtimePlugin } from '../../../../server/realtime/realtimePlugin';
import { shareViewingRoutes } from '../../../../server/shareViewing/shareViewingRoutes';
import { createShare, type CreatedShare } from '../../../../server/shares/shareService';
import type { ShareCallRateLimits } from '../../../../server/shares/shareRateLimit';
import type { ShareTarget } from '../../../../server/shares/shareTarget';
import { createShareTokenVerifier } from '../../../../server/shares/shareTokenVerifier';
import { ingestRoutes } from '../../../../server/telemetry/ingestRoutes';
import type { IngestEvent, IngestPoint } from '../../../../src/api/ingest';
import { listen } from '../identity/identityKit';
import {
  addDevice,
  addMember,
  type TestDevice,
  type TestMember,
} from '../messages/messageFixtures';
import { connectProbe, type Probe } from '../socketProbe';
import { createTestDatabase, testConfig, type TestDatabase, bareTestApp } from '../testServer';

/*
 * The shared-viewing calls on a real database with real share tokens, in virtual time: one app with
 * the realtime plugin, the ingest (alert engine on) and the shared-viewing routes, all on the clock
 * `server.now`, listening on a local port for viewer sockets.
 */

/** Virtual time zero of the tests: 2026-11-01 09:00 UTC. */
export const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);
/** One minute, ms. */
export const MINUTE = 60_000;
/** One hour, ms. */
export const HOUR = 60 * MINUTE;
/** One day, ms. */
export const DAY = 24 * HOUR;
/** Lysefjord (NO): where the test wearers paddle. */
export const FJORD = { Lat: 59.0176, Lon: 6.0532 };

/** The test file's server; its fields are set once `beforeAll` has run. */
export interface ViewingServer {
  database: TestDatabase;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The virtual server clock, epoch ms; tests move it. */
  now: number;
  readonly probes: Probe[];
}

/** A member with an activated watch. */
export interface Wearer extends TestMember, TestDevice {}

/** Budgets high enough that a test file never meets them (the limit itself has its own tests). */
const UNLIMITED: ShareCallRateLimits = {
  perIp: { max: 100_000, windowMs: 60_000 },
  perShare: { max: 100_000, windowMs: 60_000 },
};

/**
 * Registers the test file's `beforeAll` (a fresh database and the app on it, listening) and
 * `afterAll` (closes sockets and app, drops the database). `rateLimit` defaults to no practical limit.
 */
export function registerViewingServer(
  rateLimit: Partial<ShareCallRateLimits> = UNLIMITED,
): ViewingServer {
  const server = { now: T0, probes: [] as Probe[] } as ViewingServer;
  beforeAll(async () => {
    server.database = await createTestDatabase();
    const { db } = server.database;
    const clock = () => server.now;
    const shareTokens = createShareTokenVerifier(db, { now: clock });
    const app = bareTestApp();
    await app.register(realtimePlugin, {
      config: testConfig(),
      db,
      memberTokens: lazyMemberTokenService(() => loadMemberTokenSecret(db)),
      buildTimestamp: null,
      shareTokens,
    });
    await app.register(ingestRoutes, { db, clock, alerts: { rescueRouter: () => [] } });
    await app.register(shareViewingRoutes, { db, shareTokens, clock, rateLimit });
    await app.ready();
    server.app = app;
    server.origin = await listen(app);
    await app.realtime.ready();
  });
  afterAll(async () => {
    for (const probe of server.probes) probe.close();
    await server.app.close();
    await server.database.drop();
  });
  return server;
}

/** Adds a member (`email`) with an activated watch. */
export async function addWearer(server: ViewingServer, email: string): Promise<Wearer> {
  const member = await addMember(server.database.db, email);
  const device = await addDevice(server.database.db, member.memberId);
  return { ...member, ...device };
}

/** A fix at `T0 + seconds`, `offset` degrees north of the fjord point. */
export const fix = (seconds: number, offset = 0): IngestPoint => ({
  Time: T0 + seconds * 1000,
  Lat: FJORD.Lat + offset,
  Lon: FJORD.Lon,
  Hacc: 5,
});

/** Posts one ingest batch of the wearer's watch; it must be accepted. */
export async function ingest(
  server: ViewingServer,
  wearer: Wearer,
  points: IngestPoint[],
  events: IngestEvent[] = [],
): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/ingest/batch',
    payload: { IngestKey: wearer.key, Points: points, Events: events },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Starts a kayaking activity on the watch at `T0 + startS` and presses SOS 90 s later: the real
 * ingest and alert engine open an ASSISTANCE alert. Answers the activity's and the alert's ids.
 */
export async function sosActivity(
  server: ViewingServer,
  wearer: Wearer,
  startS = 0,
): Promise<{ activityId: number; alertId: number }> {
  await ingest(
    server,
    wearer,
    [fix(startS), fix(startS + 60, 0.001)],
    [
      { Time: T0 + startS * 1000, Type: 'TRACKING_START', ActivityType: 'KAYAKING' },
      { Time: T0 + (startS + 90) * 1000, Type: 'SOS' },
    ],
  );
  const alert = await server.database.db
    .selectFrom('alerts')
    .select(['alert_id', 'activity_id'])
    .where('member_id', '=', wearer.memberId)
    .where('alert_type', '=', 'ASSISTANCE')
    .where('close_state', '=', 'OPEN')
    .executeTakeFirstOrThrow();
  if (alert.activity_id === null) throw new Error('the SOS alert has no activity');
  return { activityId: alert.activity_id, alertId: alert.alert_id };
}

/** Shares `target` of `memberId` at the current virtual time (default expiry; `withTotp` optional). */
export function share(
  server: ViewingServer,
  memberId: number,
  target: ShareTarget,
  withTotp = false,
): Promise<CreatedShare> {
  return createShare(server.database.db, {
    memberId,
    target,
    expiresAtMs: null,
    publicUrl: server.origin,
    withTotp,
    nowMs: server.now,
  });
}

/** POSTs `payload` to the public call `call` (`/api/member-integration-public/{call}`). */
export function post(
  server: ViewingServer,
  call: string,
  payload: unknown,
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: `/api/member-integration-public/${call}`,
    payload: payload as object,
  });
}

/** A socket of a viewer of `token`, verified through verify-socket-user. */
export async function viewerSocket(server: ViewingServer, token: string): Promise<Probe> {
  const probe = await connectProbe(server.origin, server.probes);
  const res = await post(server, 'verify-socket-user', { ShareToken: token, SocketID: probe.id });
  expect(res.json()).toEqual({ Success: true });
  return probe;
}
