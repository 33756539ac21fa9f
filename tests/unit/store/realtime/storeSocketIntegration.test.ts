import type { Action } from '@reduxjs/toolkit';
import type { FastifyInstance } from 'fastify';
import { asyncScheduler, filter, tap } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestPoint } from '../../../../src/api/ingest';
import type { AppEpic } from '../../../../src/store/epic';
import {
  selectLastPoint,
  selectTrackColumns,
} from '../../../../src/store/locationHistory/locationHistorySelectors';
import { selectRealtime, socketStateChanged } from '../../../../src/store/realtime/realtimeSlice';
import { loggedOut, memberLoaded } from '../../../../src/store/session/sessionSlice';
import { createAppStore } from '../../../../src/store/store';
import { socket$ } from '../../../../src/streams/socket';
import { addTestDevice, type TestDevice } from '../../server/deviceFixtures';
import { listen } from '../../server/identity/identityKit';
import { memberIntegrationToken } from '../../server/signedUpMember';
import { buildTestServer, createTestDatabase, type TestDatabase } from '../../server/testServer';
import { signedInIdentity, startedState, testDependencies, testMember } from '../testDependencies';
import { activityDataEpics } from '../../../../src/store/activityDataEpics';

/*
 * Issue 6 acceptance: the real socket.io server and the real client socket (src/streams/socket.ts)
 * under the store: TelemetryWearerUpdate → store → location-history selector, then a true server
 * restart on the same port and database, and the store's socket reconnecting and verified again.
 */

/** Failure bound of every wait, ms: not a speed target. */
const WAIT_MS = 20_000;

/** Polls `check` until it holds, failing with `what` after {@link WAIT_MS}. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${WAIT_MS} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let database: TestDatabase;
let app: FastifyInstance;
let origin = '';
let port = 0;
let token = '';
let memberId = 0;
let wearerId = 0;
let device: TestDevice;
const EMAIL = 'store-socket@example.com';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  origin = await listen(app);
  port = Number(new URL(origin).port);
  token = await memberIntegrationToken(app, database.db, origin, EMAIL);
  const row = await database.db
    .selectFrom('members')
    .select(['member_id', 'wearer_id'])
    .where('email', '=', EMAIL)
    .executeTakeFirstOrThrow();
  memberId = row.member_id;
  wearerId = row.wearer_id;
  device = await addTestDevice(database.db, memberId);
});

let store: ReturnType<typeof createAppStore> | undefined;

afterAll(async () => {
  store?.dispatch(loggedOut({ reason: 'user' }));
  await app.close();
  await database.drop();
});

/** Posts `points` to the listening server's /ingest/batch as the member's device. */
async function postBatch(points: IngestPoint[]): Promise<void> {
  const res = await fetch(`${origin}/ingest/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ IngestKey: device.key, Points: points, Events: [] }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ Accepted: points.length, Duplicates: 0 });
}

/** The member's live activity (the ingest opened it), from the database. */
async function liveActivityId(): Promise<number> {
  const row = await database.db
    .selectFrom('activities')
    .select('activity_id')
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.activity_id;
}

describe('store ↔ real socket.io server (issue 6 acceptance)', () => {
  it('shows live telemetry through a selector, and reconnects and re-verifies after a server restart', async () => {
    const seen: Action[] = [];
    const recorder: AppEpic = (action$) =>
      action$.pipe(
        tap((action) => seen.push(action)),
        filter(() => false),
      );
    const started = startedState(signedInIdentity(Date.now() + 3_600_000), null);
    const member = { ...testMember, MemberId: memberId, Email: EMAIL, DomainUrl: origin };
    store = createAppStore({
      dependencies: testDependencies({
        fetch: (input, init) => fetch(input, init),
        openSocket: (options) => socket$(options),
        frameScheduler: asyncScheduler,
      }),
      epics: [...activityDataEpics, recorder],
      preloadedState: {
        ...started,
        session: { ...started.session, member, memberIntegrationToken: token },
      },
    });
    const appStore = store;
    const realtime = () => selectRealtime(appStore.getState());
    appStore.dispatch(memberLoaded(member));

    // Connected to the real server, and verify-socket-user put the socket in the member's room.
    await waitFor('the first socket verified', () => realtime().verified);
    const firstSocket = realtime().socketId ?? '';
    expect(realtime().connection).toBe('connected');
    expect(await app.realtime.roomsOf(firstSocket)).toContain(`member:${memberId}`);

    // TelemetryWearerUpdate → store → selector.
    const start = Date.now() - 60_000;
    await postBatch([
      { Time: start, Lat: 58.9699, Lon: 5.7331, Hacc: 4, Alt: 12, Speed: 1.2, Battery: 81 },
      { Time: start + 10_000, Lat: 58.9701, Lon: 5.7333, Hacc: 4, Alt: 13, Battery: 80 },
    ]);
    const activityId = await liveActivityId();
    await waitFor(
      'the posted points in the track',
      () => selectTrackColumns(appStore.getState(), activityId).length === 2,
    );
    const columns = selectTrackColumns(appStore.getState(), activityId);
    expect([...columns.time]).toEqual([start, start + 10_000]);
    expect([...columns.positions]).toEqual([5.7331, 58.9699, 5.7333, 58.9701]);
    expect(selectLastPoint(appStore.getState(), activityId)).toMatchObject({
      Time: start + 10_000,
      X: 5.7333,
      Y: 58.9701,
    });
    const telemetry = seen.filter((a) => a.type === 'realtime/wearerTelemetryReceived');
    expect(telemetry).toHaveLength(1);
    expect(telemetry[0]).toMatchObject({
      payload: { updates: [{ WearerID: wearerId, ActivityId: activityId }] },
    });

    // A true restart: the app closes (its websockets dropped without a disconnect packet), a new
    // app is built on the same database and listens on the same port.
    const statesBefore = seen.filter(socketStateChanged.match).length;
    await app.close();
    app = await buildTestServer(database.db);
    expect(await app.listen({ port, host: '127.0.0.1' })).toBe(origin);

    await waitFor(
      'a new socket connected and verified',
      () =>
        realtime().verified &&
        realtime().connection === 'connected' &&
        realtime().socketId !== firstSocket,
    );
    const states = seen
      .filter(socketStateChanged.match)
      .slice(statesBefore)
      .map((a) => a.payload.state);
    expect(states).toContain('reconnecting');
    expect(states.indexOf('connected')).toBeGreaterThan(states.indexOf('reconnecting'));
    expect(states.at(-1)).toBe('connected');
    const secondSocket = realtime().socketId ?? '';
    expect(await app.realtime.roomsOf(secondSocket)).toContain(`member:${memberId}`);
    expect(await app.realtime.roomsOf(firstSocket)).toBeNull();

    // The re-verified socket hears the member again: new points reach the selector.
    await postBatch([{ Time: start + 20_000, Lat: 58.9703, Lon: 5.7335, Hacc: 5, Speed: 1.4 }]);
    await waitFor(
      'the point posted after the restart in the track',
      () => selectTrackColumns(appStore.getState(), activityId).length === 3,
    );
    expect(selectLastPoint(appStore.getState(), activityId)).toMatchObject({
      Time: start + 20_000,
      X: 5.7335,
      Y: 58.9703,
    });
  });
});
